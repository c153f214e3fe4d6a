import PinyinSearch

// Searching and reading results: pinyinsearch_engine_search, pinyinsearch_page_results and
// pinyinsearch_page_free, documented in include/pinyinsearch.h.

/// `pinyinsearch_engine_search`: a page of the records matching the query.
@_cdecl("pinyinsearch_engine_search")
public func pinyinSearchEngineSearch(
  _ handle: UInt64, _ query: UnsafePointer<CChar>?, _ queryLength: Int, _ limit: UInt, _ offset: UInt,
  _ options: UnsafePointer<CChar>?, _ page: UnsafeMutablePointer<UInt64>?, _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_search"
    guard let page else { throw CFailure.null("page", in: function) }
    let engine = try engines.engine(handle, in: function)
    let query = try CInput.string(query, length: queryLength, what: "query", in: function)
    let options = try CInput.options(options, in: function)
    let results: [SearchResult]
    do throws(SearchOptionsError) {
      results = try engine.search(
        query, limit: Int(clamping: limit), offset: Int(clamping: offset), options: options)
    } catch {
      throw CFailure(status: .optionNotBuilt, message: "\(function): \(error)")
    }
    page.pointee = pages.insert(ResultPage(results))
  }
}

/// `pinyinsearch_page_results`: the page's results array and its length.
@_cdecl("pinyinsearch_page_results")
public func pinyinSearchPageResults(
  _ handle: UInt64, _ results: UnsafeMutablePointer<UnsafeRawPointer?>?, _ count: UnsafeMutablePointer<Int>?,
  _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_page_results"
    guard let results else { throw CFailure.null("results", in: function) }
    guard let count else { throw CFailure.null("count", in: function) }
    let page = try pages.page(handle, in: function)
    results.pointee = UnsafeRawPointer(page.results)
    count.pointee = page.count
  }
}

/// `pinyinsearch_page_free`: the page's end, and its memory's.
@_cdecl("pinyinsearch_page_free")
public func pinyinSearchPageFree(_ handle: UInt64, _ error: UnsafeMutableRawPointer?) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    guard pages.remove(handle) != nil else {
      throw CFailure(
        status: .invalidHandle, message: "pinyinsearch_page_free: \(handle) is not a page's handle (freed?)")
    }
  }
}

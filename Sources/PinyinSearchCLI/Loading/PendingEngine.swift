import PinyinSearch

/// A search engine standing in for one that is not built yet: it answers as its placeholder (an
/// empty engine of the same kind) until `replace(with:)` hands it the engine built from every
/// record.
///
/// The interactive search with `--engine scan` or `--engine hash` reads the whole file before it
/// builds the engine, since neither engine takes records while it is being searched (the scan
/// engine is a value, the hash engine is built once). The session searches this engine from the
/// first key and sees every record at once when the built engine takes the placeholder's place.
///
///     let pending = PendingEngine(HashIndexEngine([]))
///     pending.count                        // 0
///     pending.replace(with: HashIndexEngine(records))
///     pending.search("lyf").first?.text    // "刘亦菲"
final class PendingEngine: SearchEngine {
  /// The engine that answers now.
  private let current: Locked<any SearchEngine>

  /// An engine answering as `placeholder` until it is replaced.
  init(_ placeholder: any SearchEngine) {
    current = Locked(placeholder)
  }

  /// Makes `engine` answer every search from now on.
  func replace(with engine: any SearchEngine) {
    current.withLock { $0 = engine }
  }

  /// The engine that answers now; searches run on it outside the lock.
  private var engine: any SearchEngine { current.withLock { $0 } }

  /// The number of records of the engine that answers now.
  var count: Int { engine.count }

  /// The status of the engine that answers now.
  var status: IndexStatus { engine.status }

  /// The options of the engine that answers now: the placeholder is built with those of the
  /// engine that replaces it.
  var options: SearchOptions { engine.options }

  /// The results of the engine that answers now.
  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult] {
    engine.search(query, limit: limit, offset: offset)
  }

  /// The results of the engine that answers now, under `options`, a subset of its own.
  ///
  /// - Throws: `SearchOptionsError` when `options` is not a subset of the engine's.
  func search(
    _ query: String, limit: Int, offset: Int, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    try engine.search(query, limit: limit, offset: offset, options: options)
  }

  /// Waits for the engine that answers now (not for one still to be built).
  func waitUntilIndexed() {
    engine.waitUntilIndexed()
  }
}

import FuzzSupport
import PinyinSearch

/// What every answer must be, whatever the engine (Docs/Semantics.md): a page of one order of
/// the matching records, each once, with ranges inside its text.
struct ResultRules {
  /// The text of each record, by the bytes of its id (ids are compared as bytes).
  private var texts: [[UInt8]: String] = [:]

  /// The rules for an engine holding `records`, a later record replacing an earlier one.
  init(records: [Record]) {
    for record in records { texts[Array(record.id.utf8)] = record.text }
  }

  /// The first rule that `results`, the answer of `scan` to `query`, break; nil if none.
  ///
  /// The rules: at most `limit` results; the page `offset ..< offset + limit` of the answer
  /// with no limit; in that answer, each result a record (id and text, byte for byte), no
  /// record twice, a non-empty range inside the text, `utf16Range` the same range in UTF-16
  /// code units, and the order of kind, start, rank, text length in units, then id bytes.
  func check(_ results: [SearchResult], of query: EnginesInput.Query, in scan: LinearScanEngine) -> String? {
    let limit = max(query.limit, 0)
    if results.count > limit { return "more results than the limit" }
    let all = scan.search(query.text, limit: Int.max)
    let page = all.dropFirst(max(query.offset, 0)).prefix(limit)
    if !results.isIdentical(to: Array(page)) { return "the page is not that part of every result" }
    var ids: Set<[UInt8]> = []
    for (position, result) in all.enumerated() {
      let id = Array(result.id.utf8)
      guard let text = texts[id], text.utf8.elementsEqual(result.text.utf8) else {
        return "a result is not a record"
      }
      if !ids.insert(id).inserted { return "a record is found twice" }
      let units = Array(text)
      guard result.range.lowerBound >= 0, !result.range.isEmpty, result.range.upperBound <= units.count else {
        return "a range is empty or outside its text"
      }
      let utf16Start = units[..<result.range.lowerBound].reduce(0) { $0 + $1.utf16.count }
      let utf16Count = units[result.range].reduce(0) { $0 + $1.utf16.count }
      if result.utf16Range != utf16Start..<(utf16Start + utf16Count) {
        return "a utf16Range is not its range in UTF-16 code units"
      }
      if position > 0 && !precedes(all[position - 1], result) { return "the results are out of order" }
    }
    return nil
  }

  /// Whether `result` comes before `other`: by kind, start, the record's rank (higher first),
  /// text length in units, then id bytes.
  private func precedes(_ result: SearchResult, _ other: SearchResult) -> Bool {
    if result.kind != other.kind { return result.kind < other.kind }
    if result.range.lowerBound != other.range.lowerBound { return result.range.lowerBound < other.range.lowerBound }
    let (rank, otherRank) = (EnginesInput.rank(ofID: result.id), EnginesInput.rank(ofID: other.id))
    if rank != otherRank { return rank > otherRank }
    let (length, otherLength) = (result.text.count, other.text.count)
    if length != otherLength { return length < otherLength }
    return result.id.utf8.lexicographicallyPrecedes(other.id.utf8)
  }
}

import FuzzSupport
import PinyinSearch

/// What every answer must be, whatever the engine (Docs/Semantics.md): a page of one order of
/// the matching records, each once, with ranges inside its text, of the kinds its options allow.
struct ResultRules {
  /// The text of each record, by the bytes of its id (ids are compared as bytes).
  private var texts: [[UInt8]: String] = [:]
  /// The options the engines search with.
  private let options: SearchOptions

  /// The rules for an engine holding `records`, a later record replacing an earlier one, that
  /// searches with `options`.
  init(records: [Record], options: SearchOptions) {
    for record in records { texts[Array(record.id.utf8)] = record.text }
    self.options = options
  }

  /// The first rule that `results`, the answer of `scan` to `query`, break; nil if none.
  ///
  /// The rules: at most `limit` results; the page `offset ..< offset + limit` of the answer
  /// with no limit; in that answer, each result a record (id and text, byte for byte), no
  /// record twice, a non-empty range inside the text, `utf16Range` the same range in UTF-16
  /// code units, and the order of kind, exact before fuzzy, start, rank, text length in units,
  /// then id bytes; mixed results only with `mixed`, keypad ones only with `keypad`, fuzzy ones
  /// only with fuzzy rules, and only literal and keypad results for a query of digits ("any
  /// pinyin or mixed match of digits is also a literal match").
  func check(_ results: [SearchResult], of query: EnginesInput.Query, in scan: LinearScanEngine) -> String? {
    let limit = max(query.limit, 0)
    if results.count > limit { return "more results than the limit" }
    let all = scan.search(query.text, limit: Int.max)
    let page = all.dropFirst(max(query.offset, 0)).prefix(limit)
    if !results.isIdentical(to: Array(page)) { return "the page is not that part of every result" }
    var ids: Set<[UInt8]> = []
    let isDigitQuery = Self.isDigits(query.text)
    for (position, result) in all.enumerated() {
      if result.kind == .mixed && !options.mixed { return "a mixed result without the mixed option" }
      if result.kind == .keypad && !(options.keypad && isDigitQuery) {
        return "a keypad result without the keypad option or for a query that is not digits"
      }
      if result.isFuzzy && options.fuzzy.isEmpty { return "a fuzzy result without fuzzy rules" }
      if isDigitQuery && result.kind != .literal && result.kind != .keypad {
        return "a result of a query of digits is neither literal nor keypad"
      }
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

  /// Whether `query` is digits once folded, white space removed: the queries the keypad types
  /// (ASCII and full-width digits; at least one).
  static func isDigits(_ query: String) -> Bool {
    let units = query.filter { !$0.isWhitespace }
    return !units.isEmpty
      && units.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("\u{FF10}"..."\u{FF19}").contains($0) }
  }

  /// Whether `result` comes before `other`: by kind, exact before fuzzy, start, the record's
  /// rank (higher first), text length in units, then id bytes.
  private func precedes(_ result: SearchResult, _ other: SearchResult) -> Bool {
    if result.kind != other.kind { return result.kind < other.kind }
    if result.isFuzzy != other.isFuzzy { return !result.isFuzzy }
    if result.range.lowerBound != other.range.lowerBound { return result.range.lowerBound < other.range.lowerBound }
    let (rank, otherRank) = (EnginesInput.rank(ofID: result.id), EnginesInput.rank(ofID: other.id))
    if rank != otherRank { return rank > otherRank }
    let (length, otherLength) = (result.text.count, other.text.count)
    if length != otherLength { return length < otherLength }
    return result.id.utf8.lexicographicallyPrecedes(other.id.utf8)
  }
}

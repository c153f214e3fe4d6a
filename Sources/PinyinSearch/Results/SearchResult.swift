/// One record that matched a query, with where it matched.
///
/// `range` counts units (`Character`s) of `text`; `utf16Range` is the same range in UTF-16 code
/// units, as `NSRange`, UIKit highlighting and JavaScript count; `textRange` is it as indices of
/// `text`, for slicing and `AttributedString`.
///
///     // engine.search("lyf").first
///     // SearchResult(id: "7", text: "刘亦菲", kind: .initials, range: 0..<3, utf16Range: 0..<3)
///
/// Results are `Identifiable` by the record's id (one result per record in a page) and
/// `Codable`, for lists and for services that send them on.
public struct SearchResult: Sendable, Hashable, Codable, Identifiable {
  /// The matched record's id.
  public var id: String
  /// The matched record's text.
  public var text: String
  /// The matched record's rank (`Record.rank`), which ordered it among equal matches.
  public var rank: Int64
  /// How the query matched: the record's best kind of match.
  public var kind: MatchKind
  /// Whether the match needed a fuzzy spelling (z for zh, n for l, …) of the pinyin
  /// (`SearchOptions.fuzzy`): an exact match of the same kind comes first.
  public var isFuzzy: Bool
  /// The matched units of `text`, half-open: `text.dropFirst(range.lowerBound).prefix(range.count)`.
  public var range: Range<Int>
  /// `range` in UTF-16 code units.
  public var utf16Range: Range<Int>

  /// Creates a result.
  public init(
    id: String, text: String, rank: Int64 = 0, kind: MatchKind, isFuzzy: Bool = false, range: Range<Int>,
    utf16Range: Range<Int>
  ) {
    self.id = id
    self.text = text
    self.rank = rank
    self.kind = kind
    self.isFuzzy = isFuzzy
    self.range = range
    self.utf16Range = utf16Range
  }

  /// Creates the result for `match` in `text`, computing the UTF-16 range from the text unless
  /// each of its units is one UTF-16 code unit, as in most Chinese and ASCII texts
  /// (`RecordStore.Slot.hasSingleUTF16Units`).
  init(id: String, text: String, rank: Int64, hasSingleUTF16Units: Bool, match: Match) {
    let range = Int(match.start)..<Int(match.end)
    if hasSingleUTF16Units {
      self.init(
        id: id, text: text, rank: rank, kind: match.kind, isFuzzy: match.isFuzzy, range: range, utf16Range: range)
      return
    }
    // Unit by unit through the text's indices, not its `Character`s: a character of more than
    // 15 UTF-8 bytes (👨‍👩‍👧‍👦) would be copied out of line, an allocation per search.
    var utf16Start = 0
    var utf16End = 0
    var index = text.startIndex
    var unit = 0
    while unit < range.upperBound && index < text.endIndex {
      let next = text.index(after: index)
      let length = text.utf16.distance(from: index, to: next)
      if unit < range.lowerBound { utf16Start += length }
      utf16End += length
      unit += 1
      index = next
    }
    self.init(
      id: id, text: text, rank: rank, kind: match.kind, isFuzzy: match.isFuzzy, range: range,
      utf16Range: utf16Start..<utf16End)
  }

  /// `range` as indices of `text`: the matched characters are `text[textRange]`.
  ///
  ///     let result = engine.search("lyf")[0]      // 刘亦菲 (演员)
  ///     result.text[result.textRange]              // "刘亦菲"
  ///
  /// - Complexity: O(`range.upperBound`) characters walked.
  public var textRange: Range<String.Index> {
    let lower = text.index(text.startIndex, offsetBy: range.lowerBound, limitedBy: text.endIndex) ?? text.endIndex
    let upper = text.index(lower, offsetBy: range.count, limitedBy: text.endIndex) ?? text.endIndex
    return lower..<upper
  }
}

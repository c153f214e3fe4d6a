/// One record that matched a query, with where it matched.
///
/// `range` counts units (`Character`s) of `text`; `utf16Range` is the same range in UTF-16 code
/// units, as `NSRange`, UIKit highlighting and JavaScript count.
///
///     // engine.search("lyf").first
///     // SearchResult(id: "7", text: "刘亦菲", kind: .initials, range: 0..<3, utf16Range: 0..<3)
public struct SearchResult: Sendable, Hashable {
  /// The matched record's id.
  public var id: String
  /// The matched record's text.
  public var text: String
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
    id: String, text: String, kind: MatchKind, isFuzzy: Bool = false, range: Range<Int>, utf16Range: Range<Int>
  ) {
    self.id = id
    self.text = text
    self.kind = kind
    self.isFuzzy = isFuzzy
    self.range = range
    self.utf16Range = utf16Range
  }

  /// Creates the result for `match` in `text`, computing the UTF-16 range from the text unless
  /// each of its units is one UTF-16 code unit, as in most Chinese and ASCII texts
  /// (`RecordStore.Slot.hasSingleUTF16Units`).
  init(id: String, text: String, hasSingleUTF16Units: Bool, match: Match) {
    let range = Int(match.start)..<Int(match.end)
    if hasSingleUTF16Units {
      self.init(id: id, text: text, kind: match.kind, isFuzzy: match.isFuzzy, range: range, utf16Range: range)
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
      id: id, text: text, kind: match.kind, isFuzzy: match.isFuzzy, range: range, utf16Range: utf16Start..<utf16End)
  }
}

import PinyinSearch

/// A record's best match as the reference finds it.
///
///     ReferenceSearch.match(query: "zang", text: "张", options: SearchOptions(fuzzy: .zZh))?.description
///     // "fullPinyin fuzzy 0..<1"
public struct ReferenceMatch: Hashable, Sendable, CustomStringConvertible {
  /// The best kind of match.
  public var kind: MatchKind
  /// Whether the match needs a fuzzy spelling: the record has no exact match of this kind.
  public var isFuzzy: Bool
  /// The matched units, half-open.
  public var range: Range<Int>

  /// Creates a match.
  public init(kind: MatchKind, isFuzzy: Bool, range: Range<Int>) {
    self.kind = kind
    self.isFuzzy = isFuzzy
    self.range = range
  }

  /// `kind start..<end`, with `fuzzy` after the kind when the match is fuzzy: `initials fuzzy 0..<3`.
  public var description: String {
    "\(kind)\(isFuzzy ? " fuzzy" : "") \(range.lowerBound)..<\(range.upperBound)"
  }

  /// The better of two matches of one kind: exact before fuzzy, then the smaller start, then the smaller end.
  func isBetter(than other: ReferenceMatch) -> Bool {
    if isFuzzy != other.isFuzzy { return !isFuzzy }
    if range.lowerBound != other.range.lowerBound { return range.lowerBound < other.range.lowerBound }
    return range.upperBound < other.range.upperBound
  }
}

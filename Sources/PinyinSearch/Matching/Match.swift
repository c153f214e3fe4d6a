/// A record's best match for a query: its kind, whether it needed fuzzy pinyin, and its
/// half-open unit range.
struct Match: Hashable, Sendable {
  var kind: MatchKind
  /// Whether a piece of the match is a fuzzy spelling (`SearchOptions.fuzzy`): an exact match
  /// of the same kind comes first.
  var isFuzzy: Bool
  /// The first unit of the match.
  var start: Int32
  /// One past the last unit of the match.
  var end: Int32

  init(kind: MatchKind, isFuzzy: Bool = false, start: Int, end: Int) {
    self.kind = kind
    self.isFuzzy = isFuzzy
    self.start = Int32(truncatingIfNeeded: start)
    self.end = Int32(truncatingIfNeeded: end)
  }

  /// A match of `kind` over `range`.
  init(kind: MatchKind, isFuzzy: Bool = false, range: Range<Int>) {
    self.init(kind: kind, isFuzzy: isFuzzy, start: range.lowerBound, end: range.upperBound)
  }
}

/// A record's best match for a query: its kind and its half-open unit range.
struct Match: Hashable, Sendable {
  var kind: MatchKind
  /// The first unit of the match.
  var start: Int32
  /// One past the last unit of the match.
  var end: Int32

  init(kind: MatchKind, start: Int, end: Int) {
    self.kind = kind
    self.start = Int32(truncatingIfNeeded: start)
    self.end = Int32(truncatingIfNeeded: end)
  }
}

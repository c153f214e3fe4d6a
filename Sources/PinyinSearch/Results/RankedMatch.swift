/// A record's best match with the keys that order results (Docs/Semantics.md, "Result order"):
/// kind, then exact before fuzzy, then start, then the record's rank (higher first), then the
/// text's length in units, then the id by UTF-8 bytes.
struct RankedMatch: Sendable {
  var match: Match
  /// The record's rank.
  var rank: Int64
  /// The text's length in units.
  var length: Int32
  /// Where the record lives: its slot in the store numbered `source`.
  var slot: Int32
  /// Which of the searched stores holds the record (an engine may search more than one).
  var source: Int32

  init(match: Match, rank: Int64, length: Int, slot: Int, source: Int) {
    self.match = match
    self.rank = rank
    self.length = Int32(truncatingIfNeeded: length)
    self.slot = Int32(truncatingIfNeeded: slot)
    self.source = Int32(truncatingIfNeeded: source)
  }

  /// Whether `self` comes before `other`, whose ids `order` compares.
  @inline(__always)
  func precedes(_ other: RankedMatch, order: IDOrder) -> Bool {
    if match.kind != other.match.kind { return match.kind.ordinal < other.match.kind.ordinal }
    if match.isFuzzy != other.match.isFuzzy { return other.match.isFuzzy }
    if match.start != other.match.start { return match.start < other.match.start }
    if rank != other.rank { return rank > other.rank }
    if length != other.length { return length < other.length }
    return order.precedes(slot: slot, source: source, other.slot, other.source)
  }
}

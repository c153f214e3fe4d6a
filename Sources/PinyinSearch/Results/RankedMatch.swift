/// A record's best match with the keys that order results (SEMANTICS.md, "Result order"):
/// kind, then start, then the text's length in units, then the id by UTF-8 bytes.
struct RankedMatch: Sendable {
  var match: Match
  /// The text's length in units.
  var length: Int32
  /// Where the record lives in its engine.
  var slot: Int32

  /// Whether `self` comes before `other`; `ids` gives each slot's id for the last tie-break.
  @inline(__always)
  func precedes(_ other: RankedMatch, ids: [String]) -> Bool {
    if match.kind != other.match.kind { return match.kind.rank < other.match.kind.rank }
    if match.start != other.match.start { return match.start < other.match.start }
    if length != other.length { return length < other.length }
    return ids[Int(slot)].utf8.lexicographicallyPrecedes(ids[Int(other.slot)].utf8)
  }
}

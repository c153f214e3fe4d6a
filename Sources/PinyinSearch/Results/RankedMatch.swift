/// A record's best match with the keys that order results (SEMANTICS.md, "Result order"):
/// kind, then start, then the text's length in units, then the id by UTF-8 bytes.
struct RankedMatch: Sendable {
  var match: Match
  /// The text's length in units.
  var length: Int32
  /// Where the record lives: its slot in the store numbered `source`.
  var slot: Int32
  /// Which of the searched stores holds the record (an engine may search more than one).
  var source: Int32

  init(match: Match, length: Int, slot: Int, source: Int) {
    self.match = match
    self.length = Int32(truncatingIfNeeded: length)
    self.slot = Int32(truncatingIfNeeded: slot)
    self.source = Int32(truncatingIfNeeded: source)
  }

  /// Whether `self` comes before `other`; `ids[source][slot]` is each record's id.
  @inline(__always)
  func precedes(_ other: RankedMatch, ids: [[String]]) -> Bool {
    if match.kind != other.match.kind { return match.kind.rank < other.match.kind.rank }
    if match.start != other.match.start { return match.start < other.match.start }
    if length != other.length { return length < other.length }
    return ids[Int(source)][Int(slot)].utf8.lexicographicallyPrecedes(ids[Int(other.source)][Int(other.slot)].utf8)
  }
}

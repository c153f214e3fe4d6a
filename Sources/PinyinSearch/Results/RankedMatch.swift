/// A record's best match with the keys that order results (Docs/Semantics.md, "Result order"):
/// kind, then start, then the record's rank (higher first), then the text's length in units,
/// then the id by UTF-8 bytes.
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

  /// Whether `self` comes before `other`; `ids[source][slot]` is each record's id.
  @inline(__always)
  func precedes(_ other: RankedMatch, ids: [[String]]) -> Bool {
    if match.kind != other.match.kind { return match.kind.ordinal < other.match.kind.ordinal }
    if match.start != other.match.start { return match.start < other.match.start }
    if rank != other.rank { return rank > other.rank }
    if length != other.length { return length < other.length }
    return Self.utf8Precedes(ids[Int(source)][Int(slot)], ids[Int(other.source)][Int(other.slot)])
  }

  /// Whether `lhs` comes before `rhs` comparing UTF-8 bytes (not `String <`, which compares
  /// canonical equivalents as equal), over contiguous bytes where the strings have them.
  static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right -> Bool in
        let common = min(left.count, right.count)
        for index in 0..<common where left[index] != right[index] { return left[index] < right[index] }
        return left.count < right.count
      }
    }
    return (fast ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}

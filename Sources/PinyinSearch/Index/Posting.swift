/// One record in a key's postings: the record's slot and its best match for the key, packed in
/// eight bytes (slot: 32 bits, kind: 2, start: 15, end: 15).
///
/// Records whose matches do not fit (texts of 32,768 units or more) are not indexed; the engine
/// always scans them instead.
struct Posting: Hashable, Sendable {
  let rawValue: UInt64

  /// The largest unit offset a posting can hold.
  static let maxOffset = (1 << 15) - 1

  init(slot: Int, match: Match) {
    rawValue =
      UInt64(UInt32(slot)) << 32 | UInt64(match.kind.rank) << 30 | UInt64(UInt32(match.start)) << 15
      | UInt64(UInt32(match.end))
  }

  /// The record's slot in the index's store.
  var slot: Int { Int(rawValue >> 32) }

  /// The record's best match for the key.
  var match: Match {
    Match(
      kind: MatchKind(rank: UInt8(rawValue >> 30 & 3)), start: Int(rawValue >> 15 & 0x7FFF),
      end: Int(rawValue & 0x7FFF))
  }
}

extension Posting {
  /// The posting stored as `rawValue`.
  init(rawValue: UInt64) {
    self.rawValue = rawValue
  }
}

/// One record in a key's postings, in four bytes: the record's slot (24 bits), the kind of its
/// best match for the key (2 bits) and where that match starts (6 bits).
///
/// The match's end is not stored: the matcher finds it from the start in a few nanoseconds, and
/// only for the postings a search returns. A start of 63 or more is stored as 63, "not stored":
/// the matcher then finds the whole match. A store with more than 2²⁴ slots is indexed only up
/// to there; the engine scans the rest.
struct Posting: Hashable, Sendable {
  let rawValue: UInt32

  /// The largest slot a posting can hold.
  static let maxSlot = (1 << 24) - 1
  /// The stored start that means "63 or more".
  private static let unknownStart: UInt32 = 63

  init(slot: Int, match: Match) {
    rawValue =
      UInt32(slot) << 8 | UInt32(match.kind.ordinal) << 6 | min(UInt32(match.start), Self.unknownStart)
  }

  /// The posting stored as `rawValue`.
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The record's slot in the index's store.
  var slot: Int { Int(rawValue >> 8) }

  /// The kind of the record's best match for the key.
  var kind: MatchKind { MatchKind(ordinal: UInt8(rawValue >> 6 & 3)) }

  /// Where the record's best match for the key starts, or nil when it starts at unit 63 or later.
  var start: Int? {
    let start = rawValue & 63
    return start == Self.unknownStart ? nil : Int(start)
  }
}

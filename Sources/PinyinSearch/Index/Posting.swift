/// One record in a key's postings, in four bytes: the record's slot (24 bits), the kind of its
/// best match for the key (3 bits) and where that match starts (5 bits).
///
/// The match's end is not stored, nor whether it is fuzzy: the matcher finds both from the
/// start in a few nanoseconds, and only for the postings a search returns (a record's best
/// match of a kind is fuzzy only when it has no exact one of that kind, so the exact match at
/// the start, if any, is it). A start of 31 or more is stored as 31, "not stored": the matcher
/// then finds the whole match. A store with more than 2²⁴ slots is indexed only up to there;
/// the engine scans the rest.
struct Posting: Hashable, Sendable {
  let rawValue: UInt32

  /// The largest slot a posting can hold.
  static let maxSlot = (1 << 24) - 1
  /// The stored start that means "31 or more".
  private static let unknownStart: UInt32 = 31

  init(slot: Int, match: Match) {
    rawValue =
      UInt32(slot) << 8 | UInt32(match.kind.ordinal) << 5 | min(UInt32(match.start), Self.unknownStart)
  }

  /// The posting stored as `rawValue`.
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The record's slot in the index's store.
  var slot: Int { Int(rawValue >> 8) }

  /// The kind of the record's best match for the key.
  var kind: MatchKind { MatchKind(ordinal: UInt8(rawValue >> 5 & 7)) }

  /// Where the record's best match for the key starts, or nil when it starts at unit 31 or later.
  var start: Int? {
    let start = rawValue & 31
    return start == Self.unknownStart ? nil : Int(start)
  }
}

/// What the postings of one run of a key's postings share: the kind of the records' best match
/// for the key, whether it is fuzzy, and where it starts.
///
/// A key's postings are stored as runs of one group each, in the order of `rawValue` — kind,
/// then exact before fuzzy, then start, which is result order — and within a run by the records'
/// places (see `PlaceOrder`), so that reading a key's postings off the front reads its results
/// in order. A start of `unknownStart` or more is stored as `unknownStart`: the matcher finds it.
struct PostingGroup: Hashable, Comparable, Sendable {
  /// Kind (3 bits), fuzzy (1 bit) and start (12 bits), from high to low: their order is result order.
  let rawValue: UInt16

  /// The stored start that means "this or more".
  static let unknownStart = 4095

  /// The group of `match`.
  init(_ match: Match) {
    self.init(kind: match.kind, isFuzzy: match.isFuzzy, start: Int(match.start))
  }

  /// The group of a match of `kind` from unit `start` (`unknownStart` or more: not stored).
  init(kind: MatchKind, isFuzzy: Bool, start: Int) {
    rawValue =
      UInt16(kind.ordinal) << 13 | (isFuzzy ? 1 << 12 : 0) | UInt16(min(max(start, 0), Self.unknownStart))
  }

  /// The group stored as `rawValue`, or nil when its kind is not one (from a damaged snapshot).
  init?(rawValue: UInt16) {
    guard rawValue >> 13 <= MatchKind.keypad.ordinal else { return nil }
    self.rawValue = rawValue
  }

  /// The kind of the records' best match for the key.
  var kind: MatchKind { MatchKind(ordinal: UInt8(rawValue >> 13)) }

  /// Whether the records' best match for the key is fuzzy.
  var isFuzzy: Bool { rawValue & 1 << 12 != 0 }

  /// Where the records' best match starts, or nil when it is `unknownStart` or later.
  var start: Int? {
    let start = Int(rawValue & 0xFFF)
    return start == Self.unknownStart ? nil : start
  }

  /// The group as it is written before a run: start, kind and fuzzy from high to low, so that
  /// most groups, which start early, take one byte as a `VarInt`.
  var streamValue: UInt32 {
    UInt32(rawValue & 0xFFF) << 4 | UInt32(rawValue >> 13) << 1 | UInt32(rawValue >> 12 & 1)
  }

  /// The group written as `streamValue`, or nil when no group is written so.
  init?(streamValue: UInt32) {
    guard streamValue >> 16 == 0 else { return nil }
    self.init(rawValue: UInt16(streamValue >> 1 & 7) << 13 | UInt16(streamValue & 1) << 12 | UInt16(streamValue >> 4))
  }

  static func < (first: PostingGroup, second: PostingGroup) -> Bool { first.rawValue < second.rawValue }
}

/// The search options of a snapshot's header, as bits: bit 0 is `SearchOptions.mixed`, bits 1
/// to 12 the rules of `SearchOptions.fuzzy` (`FuzzyRules.rawValue` shifted by one), bit 13
/// `SearchOptions.traditional` and bit 14 `SearchOptions.keypad`; the other bits are for options
/// to come and must be zero.
struct SnapshotOptionBits: RawRepresentable {
  let rawValue: UInt32

  /// The bits as read from a header.
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The bits of `options`.
  init(_ options: SearchOptions) {
    rawValue =
      (options.mixed ? 1 : 0) | UInt32(options.fuzzy.rawValue) << 1 | (options.traditional ? 1 << 13 : 0)
      | (options.keypad ? 1 << 14 : 0)
  }

  /// The options the bits stand for; nil when a bit this version does not know is set.
  var options: SearchOptions? {
    guard rawValue >> 15 == 0 else { return nil }
    return SearchOptions(
      mixed: rawValue & 1 != 0, fuzzy: FuzzyRules(rawValue: UInt16(rawValue >> 1 & 0xFFF)),
      traditional: rawValue & 1 << 13 != 0, keypad: rawValue & 1 << 14 != 0)
  }
}

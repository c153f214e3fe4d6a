/// The search options of a snapshot's header, as bits: bit 0 is `SearchOptions.mixed`, bits 1
/// to 12 the rules of `SearchOptions.fuzzy` (`FuzzyRules.rawValue` shifted by one), bit 13
/// `SearchOptions.traditional`, bit 14 `SearchOptions.keypad`, and bits 15 to 17
/// `SearchOptions.keyboard` (0 for none, else 1 + its place in `Keyboard.allCases`); the other
/// bits are for options to come and must be zero. (A version before keyboards finds bits it
/// does not know in a snapshot built with one, and refuses it, so the format did not change.)
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
      | (options.keypad ? 1 << 14 : 0) | UInt32(Self.number(of: options.keyboard)) << 15
  }

  /// 0 for no keyboard, else 1 + the scheme's place in `Keyboard.allCases`.
  private static func number(of keyboard: Keyboard?) -> Int {
    keyboard.map { 1 + Keyboard.allCases.firstIndex(of: $0)! } ?? 0
  }

  /// The options the bits stand for; nil when a bit this version does not know is set.
  var options: SearchOptions? {
    let keyboardNumber = Int(rawValue >> 15 & 7)
    guard rawValue >> 18 == 0, keyboardNumber <= Keyboard.allCases.count else { return nil }
    return SearchOptions(
      mixed: rawValue & 1 != 0, fuzzy: FuzzyRules(rawValue: UInt16(rawValue >> 1 & 0xFFF)),
      traditional: rawValue & 1 << 13 != 0, keypad: rawValue & 1 << 14 != 0,
      keyboard: keyboardNumber == 0 ? nil : Keyboard.allCases[keyboardNumber - 1])
  }
}

/// One unit (a `Character`) of a prepared text: where its folded bytes end, its readings, and
/// the classes the matching rules ask about. Eight bytes, stored flat for every record.
struct PreparedUnit: Hashable, Sendable {
  /// The end of the unit's folded UTF-8 bytes, counted from the start of its text's bytes.
  var end: UInt32
  /// The unit's reading set in `PinyinTable`, or 0 when the unit is not Han.
  var readingSet: UInt16
  /// What kind of unit this is.
  var flags: Flags

  /// The classes of a unit that the matching rules distinguish.
  struct Flags: OptionSet, Hashable, Sendable {
    var rawValue: UInt8
    /// `Character.isWhitespace`: skipped by the pinyin kinds, a separator for the phone rule.
    static let whitespace = Flags(rawValue: 1)
    /// The folded unit is one ASCII digit.
    static let digit = Flags(rawValue: 2)
    /// White space or one of `- . ( ) / +`: may stand between the digits of a phone match.
    static let separator = Flags(rawValue: 4)
    /// The folded unit is one apostrophe, `'` (U+0027, or U+FF07 folded) or `’` (U+2019): a
    /// syllable separator, skipped by the pinyin kinds like white space (Docs/Semantics.md).
    static let apostrophe = Flags(rawValue: 8)
    /// The classes the pinyin kinds skip: white space and apostrophes.
    static let transparent: Flags = [.whitespace, .apostrophe]
  }

  /// Whether the pinyin kinds skip the unit (white space or an apostrophe): it is neither typed
  /// nor matched, and no pinyin match starts or ends on it.
  @inline(__always)
  var isTransparent: Bool { flags.rawValue & Flags.transparent.rawValue != 0 }

  /// Whether the unit has readings (its spellings are those readings).
  var isHan: Bool { readingSet != 0 }
}

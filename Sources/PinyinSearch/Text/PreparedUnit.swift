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
  }

  /// Whether the unit has readings (its spellings are those readings).
  var isHan: Bool { readingSet != 0 }
}

/// What a query of the workload types.
enum Origin: String {
  /// A prefix of a record's full pinyin.
  case fullPinyin
  /// A prefix of a record's initials.
  case initials
  /// A prefix of a record's text.
  case text
  /// 1 to 3 random letters or digits.
  case random
  /// A line of a workload file (`--queries`), whatever it types.
  case listed
  /// A prefix of a record's abbreviation (`liuyf`), for mixed input.
  case abbreviation
  /// A prefix of a record's first character then the rest's pinyin (`刘yifei`), for mixed input.
  case characterThenPinyin
  /// A prefix of a record's full pinyin as a speaker who merges sounds types it (`niuyifei` for
  /// 刘亦菲), where it differs from the exact pinyin's prefix; for fuzzy pinyin.
  case mergedPinyin
  /// The keypad digits of a prefix of a record's full pinyin (`548` for `liu`).
  case keypadPinyin
  /// The keypad digits of a prefix of a record's initials (`593` for `lyf`).
  case keypadInitials
  /// A prefix of a record's text with a traditional character for a simplified one (`劉德` for
  /// 刘德华), where it differs from the text's prefix.
  case traditionalText
  /// A prefix of a record's codes in a keyboard scheme (`lqyifw` for 刘亦菲 in xiaohe), where it
  /// differs from the full pinyin's prefix.
  case keyboardCodes
  /// A prefix of the first keys of a record's codes in a keyboard scheme (`xuz` for 刘亦菲 in
  /// zhuyin), where it differs from the initials' prefix.
  case keyboardInitials

  /// Whether the query differs from every query of the keystroke workload's kinds typed for the
  /// same record: a merged spelling, keypad digits, a traditional character.
  var isTransformed: Bool {
    switch self {
    case .mergedPinyin, .keypadPinyin, .keypadInitials, .traditionalText, .keyboardCodes, .keyboardInitials: true
    default: false
    }
  }
}

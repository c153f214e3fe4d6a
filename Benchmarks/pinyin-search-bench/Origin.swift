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
  /// A prefix of a record's abbreviation (`liuyf`), for mixed input.
  case abbreviation
  /// A prefix of a record's first character then the rest's pinyin (`刘yifei`), for mixed input.
  case characterThenPinyin
}

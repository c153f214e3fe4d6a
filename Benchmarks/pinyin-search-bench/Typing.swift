import PinyinSearch

/// What a person types to find a text: its full pinyin, its initials, its characters.
///
///     Typing(of: "刘亦菲").fullPinyin  // "liuyifei"
///     Typing(of: "iPhone 15 手机").initials  // "iphone15sj"
struct Typing {
  /// The first reading of each Han character, other characters lowercased; no white space.
  var fullPinyin = ""
  /// The first letter of each Han character's first reading, other characters lowercased.
  var initials = ""
  /// The text itself.
  var text: String

  /// How `text` is typed.
  init(of text: String) {
    self.text = text
    for character in text where !character.isWhitespace {
      if let reading = Pinyin.readings(of: character).first {
        fullPinyin += reading
        initials.append(reading.first!)
      } else {
        fullPinyin += character.lowercased()
        initials += character.lowercased()
      }
    }
  }
}

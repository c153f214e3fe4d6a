import PinyinSearch

/// What a person types to find a text: its full pinyin, its initials, its characters.
///
///     Typing(of: "刘亦菲").fullPinyin  // "liuyifei"
///     Typing(of: "iPhone 15 手机").initials  // "iphone15sj"
///     Typing(of: "刘亦菲").abbreviation  // "liuyf"
///     Typing(of: "刘亦菲").characterThenPinyin  // "刘yifei"
struct Typing {
  /// The first reading of each Han character, other characters lowercased; no white space.
  var fullPinyin = ""
  /// The first letter of each Han character's first reading, other characters lowercased.
  var initials = ""
  /// The text itself.
  var text: String
  /// An abbreviation that spells the first character and gives the initials of the rest
  /// (`liuyf`), as typed with mixed input.
  var abbreviation = ""
  /// The first Han character itself, then the full pinyin of the rest (`刘yifei`), as typed
  /// with mixed input; empty when the text has no Han character before its last.
  var characterThenPinyin = ""

  /// How `text` is typed.
  init(of text: String) {
    self.text = text
    var hasHan = false
    for character in text where !character.isWhitespace {
      let reading = Pinyin.readings(of: character).first
      let spelled = reading ?? character.lowercased()
      let initial = reading.map { String($0.first!) } ?? character.lowercased()
      fullPinyin += spelled
      initials += initial
      abbreviation += abbreviation.isEmpty ? spelled : initial
      if reading != nil && !hasHan {
        hasHan = true
        characterThenPinyin = String(character)
      } else if hasHan {
        characterThenPinyin += spelled
      }
    }
    if characterThenPinyin.count < 2 { characterThenPinyin = "" }
  }
}

import PinyinSearch

extension Typing {
  /// The text typed in a keyboard scheme: the code of the first reading of each Han character
  /// (`Pinyin.codes(of:keyboard:fuzzy:)`), other characters lowercased; no white space.
  ///
  ///     Typing(of: "刘亦菲").codes(in: .xiaohe)  // "lqyifw"
  ///     Typing(of: "刘亦菲").codes(in: .zhuyin)  // "xu.uzo"
  func codes(in keyboard: Keyboard) -> String {
    var typed = ""
    for character in text where !character.isWhitespace {
      typed += Pinyin.codes(of: character, keyboard: keyboard).first ?? character.lowercased()
    }
    return typed
  }

  /// The first key of each character's code in `keyboard`, as `codes(in:)` types them.
  ///
  ///     Typing(of: "张三").codeInitials(in: .zhuyin)  // "5n"
  func codeInitials(in keyboard: Keyboard) -> String {
    var typed = ""
    for character in text where !character.isWhitespace {
      typed +=
        Pinyin.codes(of: character, keyboard: keyboard).first.map { String($0.prefix(1)) }
        ?? character.lowercased()
    }
    return typed
  }
}

extension Workload {
  /// The keystroke workload typed in `keyboard`: every prefix of records' codes, then of their
  /// codes' first keys (`Typing.codes(in:)`, `codeInitials(in:)`): `l`, `lq`, `lqy`, …, `lqyifw`,
  /// then `l`, `ly`, `lyf` for 刘亦菲 in xiaohe.
  ///
  /// Only records whose codes differ from their full pinyin are drawn (those with a Han
  /// character), up to `sampledRecords` of them; a prefix that is also one of the full pinyin's or
  /// the initials' is of the origin `fullPinyin` or `initials` (found without the scheme).
  static func keyboard(_ keyboard: Keyboard, records: [Record], sampledRecords: Int, seed: UInt64) -> Workload {
    typing(of: records, sampledRecords: sampledRecords, seed: seed ^ 0xB0A4D) { typing in
      let (pinyin, initials) = (typing.fullPinyin, typing.initials)
      return prefixes(of: typing.codes(in: keyboard)).map {
        Query(text: $0, origin: pinyin.unicodeScalars.starts(with: $0.unicodeScalars) ? .fullPinyin : .keyboardCodes)
      }
        + prefixes(of: typing.codeInitials(in: keyboard)).map {
          Query(
            text: $0, origin: initials.unicodeScalars.starts(with: $0.unicodeScalars) ? .initials : .keyboardInitials)
        }
    }
  }
}

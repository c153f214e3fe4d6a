import Testing

@testable import PinyinSearch

/// The keyboard schemes' code tables (Docs/Semantics.md, "keyboard"): the examples of the
/// contract, and every reading of the pinyin table encoded under every scheme.
@Suite struct KeyboardCodesTests {
  @Test func theExamplesOfTheSemantics() {
    for keyboard in [Keyboard.xiaohe, .ziranma, .microsoft, .sogou] {
      #expect(Pinyin.codes(of: "刘", keyboard: keyboard) == ["lq"])
      #expect(Pinyin.codes(of: "张", keyboard: keyboard) == ["vh"])
    }
    #expect(Pinyin.codes(of: "刘", keyboard: .zhuyin) == ["xu."])
    #expect(Pinyin.codes(of: "菲", keyboard: .xiaohe) == ["fw"])
    for keyboard in [Keyboard.ziranma, .microsoft, .sogou] {
      #expect(Pinyin.codes(of: "菲", keyboard: keyboard) == ["fz"])
    }
    #expect(Pinyin.codes(of: "菲", keyboard: .zhuyin) == ["zo"])
    #expect(Pinyin.codes(of: "张", keyboard: .zhuyin) == ["5;"])
    #expect(Keyboard.allCases.map { Pinyin.codes(of: "安", keyboard: $0) } == [["an"], ["an"], ["oj"], ["oj"], ["0"]])
    #expect(Keyboard.allCases.map { Pinyin.codes(of: "吕", keyboard: $0) } == [["lv"], ["lv"], ["ly"], ["ly"], ["xm"]])
    #expect(Pinyin.codes(of: "亦", keyboard: .zhuyin) == ["u"])
  }

  /// The rules of the contract, one reading (or fuzzy variant) at a time.
  @Test(
    arguments: [
      ("zhang", ["vh", "vh", "vh", "vh", "5;"]), ("chuang", ["il", "id", "id", "id", "tj;"]),
      ("shi", ["ui", "ui", "ui", "ui", "g"]), ("ri", ["ri", "ri", "ri", "ri", "b"]),
      ("a", ["aa", "aa", "oa", "oa", "8"]),
      ("ang", ["ah", "ah", "oh", "oh", ";"]), ("er", ["er", "er", "or", "or", "-"]),
      ("ou", ["ou", "ou", "ob", "ob", "."]),
      ("eng", ["eg", "eg", "og", "og", "/"]), ("ju", ["ju", "ju", "ju", "ju", "rm"]),
      ("xue", ["xt", "xt", "xt", "xt", "vm,"]),
      ("quan", ["qr", "qr", "qr", "qr", "fm0"]), ("jun", ["jy", "jp", "jp", "jp", "rmp"]),
      ("xuang", ["xl", "xd", "xd", "xd", "vm;"]), ("lve", ["lt", "lt", "lv", "lt", "xm,"]),
      ("lue", ["lt", "lt", "lt", "lt", "xj,"]),
      ("rv", ["rv", "rv", "ry", "ry", "bm"]), ("ying", ["yk", "yy", "y;", "y;", "u/"]),
      ("yong", ["ys", "ys", "ys", "ys", "m/"]),
      ("yuan", ["yr", "yr", "yr", "yr", "m0"]), ("yuang", ["yl", "yd", "yd", "yd", "m;"]),
      ("wu", ["wu", "wu", "wu", "wu", "j"]),
      ("weng", ["wg", "wg", "wg", "wg", "j/"]), ("hm", ["hf", "hf", "hf", "hf", "cp"]),
      ("hng", ["hg", "hg", "hg", "hg", "c/"]),
      ("m", ["mu", "mu", "mu", "mu", "aj"]), ("n", ["en", "en", "of", "of", "p"]),
      ("ng", ["en", "en", "of", "of", "p"]),
      ("guo", ["go", "go", "go", "go", "eji"]), ("kuai", ["kk", "ky", "ky", "ky", "dj9"]),
      ("xiong", ["xs", "xs", "xs", "xs", "vm/"]),
      ("dong", ["ds", "ds", "ds", "ds", "2j/"]), ("nv", ["nv", "nv", "ny", "ny", "sm"]),
    ] as [(String, [String])])
  func aReadingsCodes(reading: String, codes: [String]) {
    #expect(Keyboard.allCases.map { KeyboardCodes.shared.code(of: reading, keyboard: $0) } == codes)
  }

  /// Every syllable of the pinyin table has a code under every scheme, of two keys in double
  /// pinyin, of one to three in zhuyin; and so does every fuzzy variant of each under every rule.
  @Test func everyReadingOfThePinyinTableEncodes() {
    let table = PinyinTable.shared
    var spellings = Set<String>()
    for syllable in 0..<table.syllableCount {
      let reading = String(decoding: table.bytes(ofSyllable: UInt16(syllable)), as: UTF8.self)
      spellings.insert(reading)
      spellings.formUnion(FuzzyVariants.of(reading, rules: .all))
    }
    #expect(spellings.count > table.syllableCount)
    for keyboard in Keyboard.allCases {
      for spelling in spellings.sorted() {
        let code = KeyboardCodes.shared.code(of: spelling, keyboard: keyboard)
        let lengths = keyboard == .zhuyin ? 1...3 : 2...2
        #expect(
          code.map { lengths.contains($0.count) } == true, "\(spelling) under \(keyboard): \(String(describing: code))")
      }
    }
  }
}

import PinyinSearch
import Testing

@testable import PinyinSearchCLI

/// The letters a keypad query's digits stand for in a keypad match, found again from the result.
@Suite struct KeypadLettersTests {
  @Test(
    arguments: [
      ("548", "刘亦菲", 0..<1, "liu"),
      ("54", "刘亦菲", 0..<1, "li"),
      ("5", "刘亦菲", 0..<1, "l"),
      ("593", "刘亦菲", 0..<3, "lyf"),
      ("59", "刘亦菲", 0..<2, "ly"),
      ("5489", "刘亦菲", 0..<2, "liuy"),
      ("54894334", "刘亦菲", 0..<3, "liuyifei"),
      ("9433", "刘亦菲", 1..<3, "yife"),
      ("54893", "刘亦菲", 0..<3, "liuyf"),
      ("5493", "刘亦菲", 0..<3, "liyf"),
      ("593", "李乐福", 0..<3, "lyf"),
      ("553", "李乐福", 0..<3, "llf"),
      ("474663", "iPhone", 0..<6, "iphone"),
      ("474663", "ｉＰｈｏｎｅ手机", 0..<6, "iphone"),
      ("47466375", "iPhone手机", 0..<8, "iphonesj"),
      ("94264", "长", 0..<1, "zhang"),
      ("24264", "长", 0..<1, "chang"),
      ("3426", "3号", 0..<2, "3hao"),
    ] as [(String, String, Range<Int>, String)])
  func findsTheLettersOfATyping(query: String, text: String, range: Range<Int>, letters: String) {
    #expect(KeypadLetters.letters(typing: query, in: text, range: range, fuzzy: []) == letters)
  }

  @Test func skipsWhiteSpaceInTheTextAndTheQuery() {
    #expect(KeypadLetters.letters(typing: "593", in: "刘 亦\u{3000}菲", range: 0..<5, fuzzy: []) == "lyf")
    #expect(KeypadLetters.letters(typing: " 5 9\t3 ", in: "刘亦菲", range: 0..<3, fuzzy: []) == "lyf")
    #expect(KeypadLetters.letters(typing: "５９３", in: "刘亦菲", range: 0..<3, fuzzy: []) == "lyf", "full-width digits")
  }

  @Test func typesWithTheFuzzyRules() {
    #expect(KeypadLetters.letters(typing: "693", in: "刘亦菲", range: 0..<3, fuzzy: []) == nil)
    #expect(KeypadLetters.letters(typing: "693", in: "刘亦菲", range: 0..<3, fuzzy: .nL) == "nyf")
    #expect(KeypadLetters.letters(typing: "648", in: "刘亦菲", range: 0..<1, fuzzy: .all) == "niu")
    #expect(KeypadLetters.letters(typing: "9264726", in: "张三", range: 0..<2, fuzzy: .zZh) == "zangsan")
    #expect(KeypadLetters.letters(typing: "926472", in: "张三", range: 0..<2, fuzzy: .zZh) == "zangsa")
  }

  @Test func prefersTheReadingsToTheirFuzzyVariants() {
    // lu and lv are both 58: the readings win, whichever they are.
    #expect(KeypadLetters.letters(typing: "58", in: "吕", range: 0..<1, fuzzy: .uV) == "lv")
    #expect(KeypadLetters.letters(typing: "58", in: "路", range: 0..<1, fuzzy: .uV) == "lu")
    #expect(Pinyin.spellings(of: "吕", fuzzy: .uV).contains("lu"), "the rule gives 吕 lu too")
  }

  @Test(arguments: [
    ("lyf", "刘亦菲", 0..<3), ("", "刘亦菲", 0..<3), ("  ", "刘亦菲", 0..<3), ("5a", "刘亦菲", 0..<3),
    ("999", "刘亦菲", 0..<3), ("5", "刘亦菲", 0..<3), ("54", "刘亦菲", 0..<0), ("54", "", 0..<1),
    ("5483", "刘亦菲", 0..<2), ("123", "-!?", 0..<3),
  ])
  func findsNoneWithoutATyping(query: String, text: String, range: Range<Int>) {
    #expect(KeypadLetters.letters(typing: query, in: text, range: range, fuzzy: .all) == nil)
  }

  @Test func mapsEveryLetterToItsKey() {
    let keys = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
    for (offset, letters) in keys.enumerated() {
      for letter in letters.utf8 { #expect(KeypadLetters.digit(letter) == UInt8(ascii: "2") + UInt8(offset)) }
    }
    for byte in Array("0189-. 中".utf8) { #expect(KeypadLetters.digit(byte) == byte, "only letters are mapped") }
  }

  @Test func staysWithinItsBoundOnLongRangesAndQueries() {
    let text = String(repeating: "刘", count: 200)
    let digits = String(repeating: "548", count: 200)
    #expect(
      KeypadLetters.letters(typing: digits, in: text, range: 0..<200, fuzzy: .all)
        == String(repeating: "liu", count: 200))
    // Every unit but the last typed fully, the last unit wrong: every state is given up once.
    #expect(
      KeypadLetters.letters(typing: String(digits.dropLast()) + "9", in: text, range: 0..<200, fuzzy: .all) == nil)
    let huge = String(repeating: "5", count: 2_000)
    #expect(
      KeypadLetters.letters(typing: huge, in: String(repeating: "刘", count: 2_000), range: 0..<2_000, fuzzy: [])
        == nil, "past maximumStates nothing is looked for")
  }
}

import Testing

@testable import PinyinSearchCLI

@Suite struct DisplayWidthTests {
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("刘", 2), ("〇", 2), ("、", 2), ("　", 2), ("ｆ", 2), ("！", 2), ("ｶ", 1),
      ("한", 2), ("ア", 2), ("ㄅ", 2), ("𠀀", 2), ("𪚥", 2), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0),
      ("\u{200B}", 0), ("\u{AD}", 1), ("😀", 2), ("👨‍👩‍👧", 2), ("🇨🇳", 2), ("❤", 1), ("❤️", 2), ("☺", 1),
      ("⌚", 2), ("·", 1), ("µ", 1), ("─", 1), ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{7}", 0), ("\u{85}", 0),
      ("Ω", 1), ("я", 1), ("ก", 1), ("〿", 1),
    ] as [(Character, Int)])
  func countsColumnsByEastAsianWidth(character: Character, width: Int) {
    #expect(DisplayWidth.of(character) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func addsUpTheCharactersOfAText() {
    #expect(DisplayWidth.of("刘亦菲 ok") == 9)
    #expect(DisplayWidth.of("") == 0)
    #expect(DisplayWidth.of("Li[ly房]东") == 10)
  }

  @Test func findsTheRangeBoundaries() {
    for (value, isWide) in [
      (0x10FF, false), (0x1100, true), (0x115F, true), (0x1160, false), (0x2E7F, false), (0x2E80, true),
      (0x303E, true), (0x303F, false), (0x9FFF, true), (0xA4CF, true), (0xA4D0, false), (0xD7A3, true),
      (0xD7A4, false), (0xFF60, true), (0xFF61, false), (0x1FFFF, false), (0x20000, true), (0x3FFFD, true),
      (0x3FFFE, false),
    ] as [(UInt32, Bool)] {
      #expect(DisplayWidth.isWide(value) == isWide, "U+\(String(value, radix: 16))")
    }
  }
}

import PinyinSearch
import Testing

@testable import PinyinSearchCLI

@Suite struct HighlightingTests {
  @Test(arguments: [
    ("刘亦菲", 0..<3, "[刘亦菲]"),
    ("刘亦菲", 0..<2, "[刘亦]菲"),
    ("刘亦菲", 2..<3, "刘亦[菲]"),
    ("我 爱你 中   国", 3..<10, "我 爱[你 中   国]"),
    ("👨‍👩‍👧刘🇨🇳亦菲", 1..<3, "👨‍👩‍👧[刘🇨🇳]亦菲"),
    ("e\u{301}刘", 1..<2, "e\u{301}[刘]"),
    ("刘\r\n亦", 1..<3, "刘[\r\n亦]"),
    ("刘亦", 1..<5, "刘[亦]"),
  ])
  func bracketsTheMatchedUnits(text: String, range: Range<Int>, expected: String) {
    #expect(highlighted(text, range: range, style: .brackets) == expected, "ranges count Characters")
  }

  @Test func coloursTheMatchedUnitsOnATerminal() {
    #expect(highlighted("刘亦菲", range: 0..<2, style: .ansi) == "\u{1B}[1;32m刘亦\u{1B}[0m菲")
  }

  @Test func formatsASearchLine() {
    let result = SearchResult(id: "c17", text: "刘亦菲", kind: .initials, range: 0..<3, utf16Range: 0..<3)
    #expect(SearchCommand.line(for: result, style: .brackets) == "initials    c17  [刘亦菲]")
    let full = SearchResult(id: "7", text: "西安", kind: .fullPinyin, range: 1..<2, utf16Range: 1..<2)
    #expect(SearchCommand.line(for: full, style: .brackets) == "fullPinyin  7  西[安]", "no padding past 10")
  }
}

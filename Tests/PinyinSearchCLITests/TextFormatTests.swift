import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

@Suite struct TextFormatTests {
  @Test func numbersEachNonEmptyLine() throws {
    #expect(
      try pairs(readRecords("\u{FEFF}刘亦菲\r\n\n  \n西安\t市\n王菲", .text).records)
        == [["1", "刘亦菲"], ["3", "  "], ["4", "西安\t市"], ["5", "王菲"]])
  }

  @Test func reportsInvalidUTF8() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .invalidUTF8)) {
      try readRecords(Array("a\n".utf8) + [0xE5, 0x88], .text)
    }
  }
}

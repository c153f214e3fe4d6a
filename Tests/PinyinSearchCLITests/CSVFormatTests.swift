import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

@Suite struct CSVFormatTests {
  @Test func readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws {
    let csv =
      "id,text\r\nc1,\"刘亦菲, \"\"Crystal\"\"\"\r\nc2,\"two\r\nlines\"\r\nc3,\"lf\nonly\"\nc4,\"\"\nc5,plain text\n"
    #expect(
      try pairs(readRecords(csv, .csv).records)
        == [
          ["c1", "刘亦菲, \"Crystal\""], ["c2", "two\r\nlines"], ["c3", "lf\nonly"], ["c4", ""], ["c5", "plain text"],
        ],
      "line breaks inside quotes are kept exactly; the record's own terminator is not")
  }

  @Test func acceptsAMissingFinalLineBreakAndSkipsEmptyLines() throws {
    #expect(try pairs(readRecords("id,text\n\nc1,a\r\n\r\nc2,b", .csv).records) == [["c1", "a"], ["c2", "b"]])
    #expect(try readRecords("", .csv).records.isEmpty)
    #expect(try readRecords("id,text\n", .csv).records.isEmpty, "a header alone")
  }

  @Test func skipsAByteOrderMarkBeforeTheHeader() throws {
    #expect(try pairs(readRecords("\u{FEFF}id,text\nc1,刘亦菲\n", .csv).records) == [["c1", "刘亦菲"]])
  }

  @Test func choosesColumnsByNameOrNumber() throws {
    let csv = "phone,Name,key\n138,刘亦菲,c1\n139,西安,c2\n"
    #expect(try pairs(readRecords(csv, .csv, id: "key", text: "Name").records) == [["c1", "刘亦菲"], ["c2", "西安"]])
    #expect(try pairs(readRecords(csv, .csv, id: "3", text: "2").records) == [["c1", "刘亦菲"], ["c2", "西安"]])
    #expect(
      try pairs(readRecords(csv, .csv, id: " KEY ", text: "name").records) == [["c1", "刘亦菲"], ["c2", "西安"]],
      "case and surrounding spaces are ignored when no name matches exactly")
    #expect(try pairs(readRecords(csv, .csv, id: "key", text: "1").records) == [["c1", "138"], ["c2", "139"]])
  }

  @Test func defaultsToTheColumnsNamedIDAndTextElseTheFirstTwo() throws {
    #expect(try pairs(readRecords("text,x,id\n刘亦菲,_,c1\n", .csv).records) == [["c1", "刘亦菲"]])
    #expect(try pairs(readRecords("name,phone\n刘亦菲,138\n", .csv).records) == [["刘亦菲", "138"]])
    #expect(try pairs(readRecords("text,phone\n刘亦菲,138\n", .csv).records) == [["138", "刘亦菲"]], "id: first other")
    #expect(try pairs(readRecords("ID,Text\nc1,刘亦菲\n", .csv).records) == [["c1", "刘亦菲"]])
    #expect(try pairs(readRecords("name,phone\n刘亦菲,138\n", .csv, text: "name").records) == [["138", "刘亦菲"]])
  }

  @Test func numbersRecordsByTheirFirstLineWithASingleColumn() throws {
    #expect(
      try pairs(readRecords("name\n刘亦菲\n\n\"西\n安\"\n王菲\n", .csv).records)
        == [["2", "刘亦菲"], ["4", "西\n安"], ["6", "王菲"]])
  }

  @Test func reportsAColumnTheHeaderLacksEvenWithSkipBad() {
    #expect(
      throws: CommandLineError.badRecord(
        path: "p.csv", line: 1, .noSuchColumn("name", header: ["id", "text"]))
    ) {
      try readRecords("id,text\nc1,a\n", .csv, name: "p.csv", text: "name", skipBad: true)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .columnOutOfRange(3, columnCount: 2))) {
      try readRecords("\nid,text\nc1,a\n", .csv, id: "3")
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .noSuchColumn("text", header: ["id"]))) {
      try readRecords("id\nc1\n", .csv)
    }
    #expect(
      CommandLineError.badRecord(path: "p.csv", line: 1, .noSuchColumn("name", header: ["id", "text"])).message
        == #"p.csv:1: the header has no column "name"; it has "id", "text""#)
  }

  @Test func stopsAtABadHeaderEvenWithSkipBad() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .quoteInUnquotedField)) {
      try readRecords("id,te\"xt\nc1,a\n", .csv, skipBad: true)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .unterminatedQuote)) {
      try readRecords("\nid,\"text\nc1,a\n", .csv, skipBad: true)
    }
  }

  @Test func reportsAMissingColumnWithTheRecordsLine() {
    let error = CommandLineError.badRecord(path: "data", line: 3, .missingColumn(2, name: "text", fieldCount: 1))
    #expect(throws: error) { try readRecords("id,text\nc1,a\nc2\nc3,c\n", .csv) }
    #expect(error.message == #"data:3: missing column 2 ("text"): the record has 1 field"#)
  }

  @Test func reportsAnUnbalancedQuoteAtTheEndWithTheLineItOpenedOn() {
    let error = CommandLineError.badRecord(path: "data", line: 3, .unterminatedQuote)
    #expect(throws: error) { try readRecords("id,text\nc1,a\nc2,\"open\nc3,b\nc4,c\n", .csv) }
    #expect(error.message == "data:3: a quoted field opened here is not closed before the end of the file")
  }

  @Test func reportsStrayQuotes() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .textAfterClosingQuote)) {
      try readRecords("id,text\nc1,\"a\"b\n", .csv)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .quoteInUnquotedField)) {
      try readRecords("id,text\nc1,5\" screen\n", .csv)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 3, .textAfterClosingQuote), "line of the quote") {
      try readRecords("id,text\nc1,\"a\n\"b\n", .csv)
    }
  }

  @Test func reportsAnEmptyIDAndInvalidUTF8() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .emptyID)) {
      try readRecords("id,text\n,a\n", .csv)
    }
    let bytes = Array("id,text\nc1,\"a\n".utf8) + [0xFF] + Array("\"\n".utf8)
    #expect(throws: CommandLineError.badRecord(path: "data", line: 3, .invalidUTF8)) { try readRecords(bytes, .csv) }
  }

  @Test func skipsAndCountsBadRecordsAndReadsOnAfterThem() throws {
    let csv = "id,text\nc1,a\n,empty\nc3,\"multi\nline \"bad\" record\"\nc4,d\nc5\nc6,\"unclosed\nc7,g\n"
    let (records, skipped) = try readRecords(csv, .csv, skipBad: true)
    #expect(pairs(records) == [["c1", "a"], ["c4", "d"], ["c7", "g"]], "c7 follows an unclosed quote's line")
    #expect(skipped.count == 4)
    #expect(
      skipped.listed == [
        RecordError(line: 3, problem: .emptyID), RecordError(line: 5, problem: .textAfterClosingQuote),
        RecordError(line: 7, problem: .missingColumn(2, name: "text", fieldCount: 1)),
        RecordError(line: 8, problem: .unterminatedQuote),
      ])
    var output = OutputStream()
    skipped.report(path: "p.csv", to: &output)
    #expect(
      output.text == """
        pinyin-search: p.csv:3: empty id (skipped)
        pinyin-search: p.csv:5: text after the closing quote of a field (a quote inside a field is written "") (skipped)
        pinyin-search: p.csv:7: missing column 2 ("text"): the record has 1 field (skipped)
        pinyin-search: p.csv:8: a quoted field opened here is not closed before the end of the file (skipped)
        pinyin-search: p.csv: skipped 4 bad records

        """)
  }
}

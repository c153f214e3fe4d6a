import Glibc
import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// Reads `text` (or `bytes`) as a data file named `name` in `format`.
private func read(
  _ text: String, _ format: DataFormat, name: String = "data", id: String? = nil, text textColumn: String? = nil,
  skipBad: Bool = false
) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  try read(Array(text.utf8), format, name: name, id: id, text: textColumn, skipBad: skipBad)
}

private func read(
  _ bytes: [UInt8], _ format: DataFormat, name: String = "data", id: String? = nil, text textColumn: String? = nil,
  skipBad: Bool = false
) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  let options = DataFileOptions(
    path: name, format: format, idColumn: id.map(ColumnSelector.init), textColumn: textColumn.map(ColumnSelector.init),
    skipsBadRecords: skipBad)
  return try DataFile.records(in: bytes, options: options)
}

/// `(id, text)` pairs, compact to compare.
private func pairs(_ records: [Record]) -> [[String]] {
  records.map { [$0.id, $0.text] }
}

@Suite struct DataFormatChoiceTests {
  @Test(arguments: [
    ("people.csv", DataFormat.csv), ("a/b.CSV", .csv), ("x.jsonl", .jsonl), ("x.ndjson", .jsonl),
    ("x.json", .jsonl), ("notes.txt", .text), ("notes.text", .text), ("people.tsv", .tsv), ("people.tab", .tsv),
  ])
  func choosesTheFormatByExtension(path: String, format: DataFormat) {
    #expect(DataFormat(path: path) == format)
  }

  @Test(arguments: ["people", "a.csv/people", ".csv", "people.xlsx", "-", "dir.d/x"])
  func leavesOtherNamesToTheDefault(path: String) {
    #expect(DataFormat(path: path) == nil)
  }

  @Test func readsOptionsIntoASource() throws {
    func source(_ arguments: [String]) throws -> DataSource {
      try DataSource(parsing: Arguments(parsing: arguments, options: DataSource.options, command: .search))
    }
    #expect(try source([]) == .builtIn)
    #expect(try source(["--data", "a.csv"]) == .file(DataFileOptions(path: "a.csv", format: .csv)))
    #expect(try source(["--data", "a.csv", "--format", "tsv"]) == .file(DataFileOptions(path: "a.csv", format: .tsv)))
    #expect(try source(["--data", "-"]) == .file(DataFileOptions(path: "-", format: .tsv)))
    #expect(
      try source(["--data", "a", "--format=jsonl", "--id-column", "key", "--text-column", "2", "--skip-bad"])
        == .file(
          DataFileOptions(
            path: "a", format: .jsonl, idColumn: ColumnSelector("key"), textColumn: ColumnSelector("2"),
            skipsBadRecords: true)))
    #expect(throws: CommandLineError.optionNeedsData(option: "--format", command: .search)) {
      try source(["--format", "csv"])
    }
    #expect(throws: CommandLineError.optionNeedsData(option: "--skip-bad", command: .search)) {
      try source(["--skip-bad"])
    }
    #expect(throws: CommandLineError.optionNotForFormat(option: "--id-column", format: .tsv, command: .search)) {
      try source(["--data", "a.tsv", "--id-column", "id"])
    }
    #expect(throws: CommandLineError.optionNotForFormat(option: "--text-column", format: .text, command: .search)) {
      try source(["--data", "a.txt", "--text-column", "1"])
    }
    for bad in ["0", "", "000"] {
      #expect(
        throws: CommandLineError.invalidValue(
          bad, option: "--id-column", expected: "a column name or a number from 1", command: .search)
      ) {
        try source(["--data", "a.csv", "--id-column", bad])
      }
    }
    #expect(
      throws: CommandLineError.invalidValue(
        "xml", option: "--format", expected: "one of tsv, csv, jsonl, text", command: .search)
    ) {
      try source(["--data", "a", "--format", "xml"])
    }
  }
}

@Suite struct CSVFormatTests {
  @Test func readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws {
    let csv =
      "id,text\r\nc1,\"刘亦菲, \"\"Crystal\"\"\"\r\nc2,\"two\r\nlines\"\r\nc3,\"lf\nonly\"\nc4,\"\"\nc5,plain text\n"
    #expect(
      try pairs(read(csv, .csv).records)
        == [
          ["c1", "刘亦菲, \"Crystal\""], ["c2", "two\r\nlines"], ["c3", "lf\nonly"], ["c4", ""], ["c5", "plain text"],
        ],
      "line breaks inside quotes are kept exactly; the record's own terminator is not")
  }

  @Test func acceptsAMissingFinalLineBreakAndSkipsEmptyLines() throws {
    #expect(try pairs(read("id,text\n\nc1,a\r\n\r\nc2,b", .csv).records) == [["c1", "a"], ["c2", "b"]])
    #expect(try read("", .csv).records.isEmpty)
    #expect(try read("id,text\n", .csv).records.isEmpty, "a header alone")
  }

  @Test func skipsAByteOrderMarkBeforeTheHeader() throws {
    #expect(try pairs(read("\u{FEFF}id,text\nc1,刘亦菲\n", .csv).records) == [["c1", "刘亦菲"]])
  }

  @Test func choosesColumnsByNameOrNumber() throws {
    let csv = "phone,Name,key\n138,刘亦菲,c1\n139,西安,c2\n"
    #expect(try pairs(read(csv, .csv, id: "key", text: "Name").records) == [["c1", "刘亦菲"], ["c2", "西安"]])
    #expect(try pairs(read(csv, .csv, id: "3", text: "2").records) == [["c1", "刘亦菲"], ["c2", "西安"]])
    #expect(
      try pairs(read(csv, .csv, id: " KEY ", text: "name").records) == [["c1", "刘亦菲"], ["c2", "西安"]],
      "case and surrounding spaces are ignored when no name matches exactly")
    #expect(try pairs(read(csv, .csv, id: "key", text: "1").records) == [["c1", "138"], ["c2", "139"]])
  }

  @Test func defaultsToTheColumnsNamedIDAndTextElseTheFirstTwo() throws {
    #expect(try pairs(read("text,x,id\n刘亦菲,_,c1\n", .csv).records) == [["c1", "刘亦菲"]])
    #expect(try pairs(read("name,phone\n刘亦菲,138\n", .csv).records) == [["刘亦菲", "138"]])
    #expect(try pairs(read("text,phone\n刘亦菲,138\n", .csv).records) == [["138", "刘亦菲"]], "id: first other")
    #expect(try pairs(read("ID,Text\nc1,刘亦菲\n", .csv).records) == [["c1", "刘亦菲"]])
    #expect(try pairs(read("name,phone\n刘亦菲,138\n", .csv, text: "name").records) == [["138", "刘亦菲"]])
  }

  @Test func numbersRecordsByTheirFirstLineWithASingleColumn() throws {
    #expect(
      try pairs(read("name\n刘亦菲\n\n\"西\n安\"\n王菲\n", .csv).records)
        == [["2", "刘亦菲"], ["4", "西\n安"], ["6", "王菲"]])
  }

  @Test func reportsAColumnTheHeaderLacksEvenWithSkipBad() {
    #expect(
      throws: CommandLineError.badRecord(
        path: "p.csv", line: 1, .noSuchColumn("name", header: ["id", "text"]))
    ) {
      try read("id,text\nc1,a\n", .csv, name: "p.csv", text: "name", skipBad: true)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .columnOutOfRange(3, columnCount: 2))) {
      try read("\nid,text\nc1,a\n", .csv, id: "3")
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .noSuchColumn("text", header: ["id"]))) {
      try read("id\nc1\n", .csv)
    }
    #expect(
      CommandLineError.badRecord(path: "p.csv", line: 1, .noSuchColumn("name", header: ["id", "text"])).message
        == #"p.csv:1: the header has no column "name"; it has "id", "text""#)
  }

  @Test func stopsAtABadHeaderEvenWithSkipBad() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .quoteInUnquotedField)) {
      try read("id,te\"xt\nc1,a\n", .csv, skipBad: true)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .unterminatedQuote)) {
      try read("\nid,\"text\nc1,a\n", .csv, skipBad: true)
    }
  }

  @Test func reportsAMissingColumnWithTheRecordsLine() {
    let error = CommandLineError.badRecord(path: "data", line: 3, .missingColumn(2, name: "text", fieldCount: 1))
    #expect(throws: error) { try read("id,text\nc1,a\nc2\nc3,c\n", .csv) }
    #expect(error.message == #"data:3: missing column 2 ("text"): the record has 1 field"#)
  }

  @Test func reportsAnUnbalancedQuoteAtTheEndWithTheLineItOpenedOn() {
    let error = CommandLineError.badRecord(path: "data", line: 3, .unterminatedQuote)
    #expect(throws: error) { try read("id,text\nc1,a\nc2,\"open\nc3,b\nc4,c\n", .csv) }
    #expect(error.message == "data:3: a quoted field opened here is not closed before the end of the file")
  }

  @Test func reportsStrayQuotes() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .textAfterClosingQuote)) {
      try read("id,text\nc1,\"a\"b\n", .csv)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .quoteInUnquotedField)) {
      try read("id,text\nc1,5\" screen\n", .csv)
    }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 3, .textAfterClosingQuote), "line of the quote") {
      try read("id,text\nc1,\"a\n\"b\n", .csv)
    }
  }

  @Test func reportsAnEmptyIDAndInvalidUTF8() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .emptyID)) { try read("id,text\n,a\n", .csv) }
    let bytes = Array("id,text\nc1,\"a\n".utf8) + [0xFF] + Array("\"\n".utf8)
    #expect(throws: CommandLineError.badRecord(path: "data", line: 3, .invalidUTF8)) { try read(bytes, .csv) }
  }

  @Test func skipsAndCountsBadRecordsAndReadsOnAfterThem() throws {
    let csv = "id,text\nc1,a\n,empty\nc3,\"multi\nline \"bad\" record\"\nc4,d\nc5\nc6,\"unclosed\nc7,g\n"
    let (records, skipped) = try read(csv, .csv, skipBad: true)
    #expect(pairs(records) == [["c1", "a"], ["c4", "d"]])
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

@Suite struct JSONLinesFormatTests {
  @Test func readsIDsAndTextsWithEveryEscape() throws {
    let lines = #"""
      {"id": "c1", "text": "\u5218\u4EA6\u83F2 \"q\" \\ \/ \b\f\n\r\t \u00e9 \uD83D\uDE00 😀"}
      {"text": "西安", "id": "c2", "extra": {"id": "nested", "list": [1, 2.5e-3, true, false, null, {}, []]}}
        {"id":"c3","text":""}  
      """#
    #expect(
      try pairs(read(lines, .jsonl).records)
        == [["c1", "刘亦菲 \"q\" \\ / \u{8}\u{C}\n\r\t é 😀 😀"], ["c2", "西安"], ["c3", ""]])
  }

  @Test func keepsNumbersAsWritten() throws {
    #expect(
      try pairs(read(#"{"id": 7, "text": 13800138000}"# + "\n" + #"{"id": -1.50E+3, "text": "x"}"#, .jsonl).records)
        == [["7", "13800138000"], ["-1.50E+3", "x"]])
  }

  @Test func skipsBlankLinesButCountsThem() throws {
    let error = CommandLineError.badRecord(path: "data", line: 4, .missingField("text"))
    #expect(throws: error) { try read("\n  \t\r\n{\"id\": 1, \"text\": \"a\"}\n{\"id\": 2}\n", .jsonl) }
    #expect(error.message == #"data:4: missing field "text""#)
  }

  @Test func readsTheFieldsTheOptionsName() throws {
    let line = #"{"key": "c1", "name": "刘亦菲", "id": "no", "text": "no"}"#
    #expect(try pairs(read(line, .jsonl, id: "key", text: "name").records) == [["c1", "刘亦菲"]])
    #expect(try pairs(read(#"{"1": "c1", "2": "x"}"#, .jsonl, id: "1", text: "2").records) == [["c1", "x"]])
  }

  @Test func takesTheLastOfARepeatedField() throws {
    #expect(try pairs(read(#"{"id": "a", "text": "x", "id": "b"}"#, .jsonl).records) == [["b", "x"]])
  }

  @Test func skipsAByteOrderMark() throws {
    #expect(try pairs(read("\u{FEFF}{\"id\": 1, \"text\": \"a\"}", .jsonl).records) == [["1", "a"]])
  }

  @Test(arguments: [
    (#"{"id": "c1"}"#, DataProblem.missingField("text")),
    (#"{"text": "a"}"#, .missingField("id")),
    (#"{"id": null, "text": "a"}"#, .wrongFieldType("id", found: "null", expected: "a string or a number")),
    (#"{"id": "c1", "text": {"a": 1}}"#, .wrongFieldType("text", found: "an object", expected: "a string or a number")),
    (#"{"id": "c1", "text": ["a"]}"#, .wrongFieldType("text", found: "an array", expected: "a string or a number")),
    (#"{"id": true, "text": "a"}"#, .wrongFieldType("id", found: "true", expected: "a string or a number")),
    (#"{"id": "", "text": "a"}"#, .emptyID),
    (#"["c1", "a"]"#, .notAnObject),
    (#""c1""#, .notAnObject),
    ("42", .notAnObject),
  ])
  func reportsWhatIsWrongWithAnObject(line: String, problem: DataProblem) {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, problem)) { try read(line, .jsonl) }
  }

  @Test(arguments: [
    (#"{"id": "c1", "text": "a",}"#, "expected a field name in quotes", 26),
    (#"{'id': 'c1'}"#, "expected a field name in quotes", 2),
    (#"{"id": "c1", "text": "a"} x"#, "unexpected text after the value", 27),
    (#"{"id": "c1", "text": "刘亦"#, "the line ends inside a string", 25),
    (#"{"id": 01, "text": "a"}"#, "a number with a leading zero", 9),
    (#"{"id": 1., "text": "a"}"#, "expected a digit after the decimal point", 10),
    (#"{"id": 1e, "text": "a"}"#, "expected a digit in the exponent", 10),
    (#"{"id": -, "text": "a"}"#, "expected a digit", 9),
    (#"{"id": +1, "text": "a"}"#, "expected a value", 8),
    (#"{"id": "\uD800", "text": "a"}"#, #"a high surrogate \uD800 without the low surrogate after it"#, 15),
    (#"{"id": "\uDC00x", "text": "a"}"#, #"a low surrogate \uDC00 without a high surrogate before it"#, 15),
    (#"{"id": "\uD800\u0041", "text": "a"}"#, #"a high surrogate \uD800 followed by \u0041, not a low surrogate"#, 21),
    (#"{"id": "\u12G4", "text": "a"}"#, #"\u needs 4 hex digits"#, 13),
    (#"{"id": "\x", "text": "a"}"#, #"an unknown escape \x"#, 10),
    (
      "{\"id\": \"a\tb\", \"text\": \"a\"}", #"a control character inside a string (write it as an escape such as \n)"#,
      10
    ),
    (#"{"id": True, "text": "a"}"#, "expected a value", 8),
    (#"{"id": tru, "text": "a"}"#, "expected a value (true, false and null are lowercase)", 8),
    (#"{"id" "c1"}"#, "expected ':' after the field name", 7),
    (#"{"id": "c1" "text": "a"}"#, "expected ',' or '}'", 13),
    (#"{"id": [1 2], "text": "a"}"#, "expected ',' or ']'", 11),
    ("{", "the line ends; expected a field name", 2),
  ])
  func reportsInvalidJSONWithTheCharacterWhereItGoesWrong(line: String, reason: String, column: Int) {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .invalidJSON(reason, column: column))) {
      try read(line, .jsonl)
    }
  }

  @Test func refusesNestingTooDeep() throws {
    let deep =
      "{\"id\": 1, \"text\": \"a\", \"x\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
      + "}"
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .invalidJSON("nested too deeply", column: 284))) {
      try read(deep, .jsonl)
    }
    let fine =
      "{\"id\": 1, \"text\": \"a\", \"x\": " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
      + "}"
    #expect(try read(fine, .jsonl).records.count == 1)
  }

  @Test func reportsInvalidUTF8AndSkipsBadLinesWithSkipBad() throws {
    let bytes = Array("{\"id\": 1, \"text\": \"".utf8) + [0xC3] + Array("\"}\n{\"id\": 2, \"text\": \"ok\"}\n".utf8)
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .invalidUTF8)) { try read(bytes, .jsonl) }
    let (records, skipped) = try read(bytes + Array("nope\n{}\n".utf8), .jsonl, skipBad: true)
    #expect(pairs(records) == [["2", "ok"]])
    #expect(skipped.count == 3)
    #expect(
      skipped.listed.map(\.line) == [1, 3, 4]
        && skipped.listed.last?.problem == .missingField("id"))
  }
}

@Suite struct TextFormatTests {
  @Test func numbersEachNonEmptyLine() throws {
    #expect(
      try pairs(read("\u{FEFF}刘亦菲\r\n\n  \n西安\t市\n王菲", .text).records)
        == [["1", "刘亦菲"], ["3", "  "], ["4", "西安\t市"], ["5", "王菲"]])
  }

  @Test func reportsInvalidUTF8() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .invalidUTF8)) {
      try read(Array("a\n".utf8) + [0xE5, 0x88], .text)
    }
  }
}

@Suite struct DataFileReaderTests {
  @Test func readsInBatchesAndReportsProgress() throws {
    let directory = try TemporaryDirectory()
    let text = (1...2500).map { "{\"id\": \($0), \"text\": \"刘亦菲\($0)\"}\n" }.joined()
    let path = try directory.write(text, to: "big.jsonl")
    var reader = try DataFileReader(options: DataFileOptions(path: path, format: .jsonl))
    defer { reader.close() }
    #expect(reader.totalByteCount == text.utf8.count)
    var sizes: [Int] = []
    while let batch = try reader.nextBatch(minimumCount: 1000) {
      sizes.append(batch.count)
      #expect(reader.consumedByteCount <= text.utf8.count)
    }
    #expect(sizes == [1000, 1000, 500])
    #expect(reader.consumedByteCount == text.utf8.count)
  }

  @Test func fillsAnEngineInTheBackground() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(
      "id,text\n" + (1...3000).map { "c\($0),\"刘亦菲 \($0)\"\n" }.joined() + "bad\n", to: "people.csv")
    let load = try DataSource.file(DataFileOptions(path: path, format: .csv, skipsBadRecords: true))
      .makeEngineLoadingInBackground()
    while !load.state.isFinished { usleep(1000) }
    #expect(load.state.recordCount == 3000)
    #expect(load.state.skipped.count == 1)
    #expect(load.state.fraction == 1)
    #expect(load.state.error == nil)
    #expect(load.engine.count == 3000)
    #expect(load.engine.search("lyf 2999", limit: 1).first?.id == "c2999")
  }

  @Test func keepsTheErrorThatEndsABackgroundLoad() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("{\"id\": 1, \"text\": \"a\"}\n[]\n", to: "bad.jsonl")
    let load = try DataSource.file(DataFileOptions(path: path, format: .jsonl)).makeEngineLoadingInBackground()
    while !load.state.isFinished { usleep(1000) }
    #expect(load.state.error == .badRecord(path: path, line: 2, .notAnObject))
    #expect(throws: CommandLineError.cannotOpen(path: directory.path + "/none", .noSuchFile)) {
      try DataSource.file(DataFileOptions(path: directory.path + "/none", format: .tsv)).makeEngineLoadingInBackground()
    }
  }

  @Test func formatsTheProgressLine() {
    var state = LoadState(name: "a.csv", consumedByteCount: 500, totalByteCount: 1000, recordCount: 12_345)
    #expect(ProgressLine.text(for: state) == "loading a.csv [##########----------]  50%  12,345 records")
    state.totalByteCount = nil
    state.consumedByteCount = 12_345_678
    #expect(ProgressLine.text(for: state) == "loading a.csv 12.3 MB  12,345 records")
    #expect(ProgressBar.bar(fraction: 1.5, width: 4) == "[####]")
    #expect(ProgressBar.percentage(0.071) == "  7%")
    #expect(NumberFormat.grouped(1_234_567) == "1,234,567" && NumberFormat.grouped(999) == "999")
  }
}

@Suite struct ProgressLineTests {
  @Test func drawsOnlyWhenEnabledAndErasesItself() {
    let state = LoadState(name: "a.csv", consumedByteCount: 1, totalByteCount: 4, recordCount: 1)
    var output = OutputStream()
    var line = ProgressLine(name: "a.csv", isEnabled: true, delay: .zero)
    line.update(state, to: &output)
    line.update(state, to: &output)
    #expect(output.text == "\rloading a.csv [#####---------------]  25%  1 records\u{1B}[K", "at most every 100 ms")
    line.erase(from: &output)
    line.erase(from: &output)
    #expect(output.text.hasSuffix("\u{1B}[K\r\u{1B}[K") && !output.text.hasSuffix("\r\u{1B}[K\r\u{1B}[K"))
    var quiet = OutputStream()
    var disabled = ProgressLine(name: "a.csv", isEnabled: false, delay: .zero)
    disabled.update(state, to: &quiet)
    disabled.erase(from: &quiet)
    var early = ProgressLine(name: "a.csv", isEnabled: true)
    early.update(state, to: &quiet)
    early.erase(from: &quiet)
    #expect(quiet.text == "", "nothing when disabled, nor before the delay")
  }
}

import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

@Suite struct DataFileTests {
  /// The records of `text` read as a data file called `data.tsv`.
  func records(_ text: String) throws -> [Record] {
    try readDataFile(Array(text.utf8), options: .tsv("data.tsv")).records
  }

  @Test func splitsEachLineAtItsFirstTab() throws {
    #expect(
      try records("c1\t刘亦菲\nc2\t西安\t市\n")
        == [Record(id: "c1", text: "刘亦菲"), Record(id: "c2", text: "西安\t市")],
      "the text keeps any later tab")
  }

  @Test func acceptsCRLFAndAMissingFinalTerminator() throws {
    #expect(
      try records("c1\t刘亦菲\r\nc2\t西安\r\nc3\t先")
        == [Record(id: "c1", text: "刘亦菲"), Record(id: "c2", text: "西安"), Record(id: "c3", text: "先")])
  }

  @Test func skipsEmptyLinesButCountsThem() throws {
    #expect(
      try records("\nc1\t刘亦菲\n\r\n\n张三\n\n")
        == [Record(id: "c1", text: "刘亦菲"), Record(id: "5", text: "张三")],
      "a line without a tab gets its 1-based line number as id")
  }

  @Test func takesALineWithoutATabWholeWithItsLineNumberAsID() throws {
    #expect(
      try records("刘亦菲\n  西 安 \n")
        == [Record(id: "1", text: "刘亦菲"), Record(id: "2", text: "  西 安 ")])
  }

  @Test func acceptsAnEmptyText() throws {
    #expect(try records("c1\t\n") == [Record(id: "c1", text: "")])
  }

  @Test func keepsRepeatedIDsInOrderSoThatTheEngineTakesTheLaterText() throws {
    let records = try records("c1\t刘亦菲\nc2\t西安\nc1\t王菲\n")
    #expect(records.map(\.id) == ["c1", "c2", "c1"])
    let engine = LinearScanEngine(records)
    #expect(engine.count == 2)
    #expect(engine.text(forID: "c1") == "王菲", "a repeated id takes the later text")
  }

  @Test func skipsAByteOrderMarkAtTheStartOnly() throws {
    #expect(
      try records("\u{FEFF}c1\t刘亦菲\n\u{FEFF}c2\t西安\n")
        == [Record(id: "c1", text: "刘亦菲"), Record(id: "\u{FEFF}c2", text: "西安")])
    #expect(try records("\u{FEFF}\n刘亦菲") == [Record(id: "2", text: "刘亦菲")], "BOM then an empty line")
  }

  /// Data files with invalid UTF-8, and the number of the bad line.
  static let invalidUTF8Cases: [(bytes: [UInt8], line: Int)] = [
    ([0x63, 0x31, 0x09, 0xFF, 0x0A], 1),  // c1<TAB><FF>
    (Array("c1\t刘亦菲\n\nc3\t".utf8) + [0xE5, 0x88] + Array("\nc4\tok\n".utf8), 3),  // a cut 刘
    (Array("c1\tok\r\n".utf8) + [0xC0, 0x80] + Array("\tid\r\n".utf8), 2),  // an overlong NUL in the id
    (Array("ok\n".utf8) + [0xED, 0xA0, 0x80], 2),  // a surrogate, on a last line without a tab
  ]

  @Test(arguments: invalidUTF8Cases)
  func reportsInvalidUTF8WithTheLineNumber(bytes: [UInt8], line: Int) {
    #expect(throws: CommandLineError.badRecord(path: "data.tsv", line: line, .invalidUTF8)) {
      try readDataFile(bytes, options: .tsv("data.tsv"))
    }
  }

  @Test func reportsAnEmptyIDWithTheLineNumber() {
    #expect(throws: CommandLineError.badRecord(path: "data.tsv", line: 3, .emptyID)) {
      try records("c1\t刘亦菲\n\n\t西安\n")
    }
    #expect(throws: CommandLineError.badRecord(path: "data.tsv", line: 1, .emptyID)) { try records("\t") }
  }

  @Test func readsAFileInChunksAcrossLineBoundaries() throws {
    let directory = try TemporaryDirectory()
    var text = "\u{FEFF}"
    var expected: [Record] = []
    for number in 1...40_000 {  // over 1 MiB, the chunk size
      let record = Record(id: "r\(number)", text: String(repeating: "刘亦菲", count: number % 7) + "\(number)")
      text += "\(record.id)\t\(record.text)" + (number.isMultiple(of: 2) ? "\r\n" : "\n")
      expected.append(record)
    }
    let path = try directory.write(text, to: "big.tsv")
    #expect(try readDataFile(options: .tsv(path)).records == expected)
    #expect(try records(text) == expected, "the same records from memory")
  }

  @Test func readsLinesOneSmallChunkAtATime() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("ab\r\n\r\ncdef\n\ng", to: "lines")
    let descriptor = try System.openForReading(path)
    defer { System.close(descriptor) }
    var reader = LineReader(fileDescriptor: descriptor, chunkSize: 1, loneCarriageReturnEndsLine: false)
    var lines: [String] = []
    while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
    #expect(lines == ["ab", "", "cdef", "", "g"])
  }

  @Test func reportsAMissingFileAndADirectory() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: CommandLineError.cannotOpen(path: directory.path + "/none.tsv", .noSuchFile)) {
      try readDataFile(options: .tsv(directory.path + "/none.tsv"))
    }
    #expect(throws: CommandLineError.cannotOpen(path: directory.path, .isDirectory)) {
      try readDataFile(options: .tsv(directory.path))
    }
  }

  @Test func namesTheFileAndLineInTheMessage() {
    #expect(CommandLineError.badRecord(path: "a.tsv", line: 7, .invalidUTF8).message == "a.tsv:7: invalid UTF-8")
    #expect(CommandLineError.badRecord(path: "a.tsv", line: 2, .emptyID).message == "a.tsv:2: empty id")
    #expect(CommandLineError.cannotOpen(path: "a.tsv", .noSuchFile).message == "a.tsv: No such file or directory")
    #expect(CommandLineError.cannotOpen(path: "d", .isDirectory).message == "d: Is a directory")
  }
}

extension DataFileOptions {
  /// Options for reading `path` as TSV.
  static func tsv(_ path: String) -> DataFileOptions {
    DataFileOptions(path: path, format: .tsv)
  }
}

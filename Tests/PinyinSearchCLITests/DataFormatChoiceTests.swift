import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

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

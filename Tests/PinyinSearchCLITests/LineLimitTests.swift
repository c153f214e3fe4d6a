import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// A line longer than `--max-line-bytes` (16 MiB by default) is a bad record of a data file, and
/// ends the batch command's conversation; memory stays bounded either way.
@Suite struct LineLimitTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func stopsAtALineLongerThanTheLimitNamingItsFileAndLine() throws {
    let path = try directory.write("c1\tabcde\r\nc2\tabcdef\nc3\tx\n", to: "long.tsv")
    #expect(
      runTool(["search", "--data", path, "--max-line-bytes", "8", "x"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError:
            "pinyin-search: \(path):2: line longer than 8 bytes (raise the limit with --max-line-bytes)\n"),
      "line 1 has 8 bytes and a terminator: it fits")
  }

  @Test func skipsALineLongerThanTheLimitWithSkipBad() throws {
    let path = try directory.write("c1\tabcdefghij\rc2\tx\nc3\t" + String(repeating: "y", count: 100), to: "long.tsv")
    #expect(
      runTool(["search", "--data", path, "--max-line-bytes", "8", "--skip-bad", "x"])
        == ToolOutput(
          status: 0, standardOutput: "literal     c2  [x]\n",
          standardError: """
            pinyin-search: \(path):1: line longer than 8 bytes (raise the limit with --max-line-bytes) (skipped)
            pinyin-search: \(path):3: line longer than 8 bytes (raise the limit with --max-line-bytes) (skipped)
            pinyin-search: \(path): skipped 2 bad records

            """))
  }

  @Test func limitsLinesTo16MiBByDefault() throws {
    let fits = try directory.write("c1\t" + String(repeating: "a", count: (1 << 24) - 3) + "\nc2\tb\n", to: "fits.tsv")
    #expect(try readDataFile(options: .tsv(fits)).records.map(\.id) == ["c1", "c2"])
    let long = try directory.write("c1\t" + String(repeating: "a", count: (1 << 24) - 2) + "\n", to: "long.tsv")
    #expect(
      runTool(["search", "--data", long, "b"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError:
            "pinyin-search: \(long):1: line longer than 16777216 bytes (raise the limit with --max-line-bytes)\n"))
  }

  @Test func stopsReadingAnEndlessLineAtTheLimit() throws {
    let output = try ToolProcess.run(["search", "--data", "/dev/zero", "--max-line-bytes", "1000000", "x"])
    #expect(
      output
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError:
            "pinyin-search: /dev/zero:1: line longer than 1000000 bytes (raise the limit with --max-line-bytes)\n"))
  }

  @Test func skipsALongLineWithoutKeepingIt() throws {
    let path = try directory.write(String(repeating: "x", count: 5 << 20) + "\r\nok\r", to: "long.txt")
    let descriptor = try System.openForReading(path)
    defer { System.close(descriptor) }
    var reader = LineReader(
      fileDescriptor: descriptor, chunkSize: 1 << 16, maxLineBytes: 1000, loneCarriageReturnEndsLine: true)
    #expect(throws: LineReader.Failure.lineTooLong) { try reader.nextLine() }
    #expect(reader.bufferCapacity <= 1 << 18, "the reader stops reading at the limit")
    #expect(try reader.nextLine().map(Array.init) == Array("ok".utf8), "the rest of the long line is skipped")
    #expect(reader.bufferCapacity <= 1 << 18, "and never kept")
    #expect(reader.consumedByteCount == (5 << 20) + 5)
    #expect(try reader.nextLine() == nil)
  }

  /// Lines of `bytes` as `LineReader` returns them, `nil` for a line too long.
  static func lines(_ text: String, limit: Int, loneCarriageReturnEndsLine: Bool) -> [String?] {
    var reader = LineReader(
      bytes: Array(text.utf8), maxLineBytes: limit, loneCarriageReturnEndsLine: loneCarriageReturnEndsLine)
    var lines: [String?] = []
    while true {
      do {
        guard let line = try reader.nextLine() else { return lines }
        lines.append(String(decoding: line, as: UTF8.self))
      } catch {
        #expect(error == .lineTooLong)
        lines.append(nil)
      }
    }
  }

  @Test func countsTheBytesOfALineWithoutItsTerminator() {
    #expect(Self.lines("abc\r\nabcd\rab\nabcd", limit: 3, loneCarriageReturnEndsLine: true) == ["abc", nil, "ab", nil])
    #expect(
      Self.lines("abc\r\nab\rc\nabc\rabc\r", limit: 3, loneCarriageReturnEndsLine: false)
        == ["abc", nil, nil], "a lone \\r is part of a query line")
    #expect(Self.lines("abcdef\r", limit: 3, loneCarriageReturnEndsLine: false) == [nil])
    #expect(Self.lines("", limit: 0, loneCarriageReturnEndsLine: true) == [])
    #expect(Self.lines("\n\na\n", limit: 0, loneCarriageReturnEndsLine: true) == ["", "", nil])
  }

  @Test func decidesALineAtTheLimitOnlyOnceItsTerminatorIsSeen() throws {
    // Read a byte at a time: "abc\r" fits the limit of 3 only if the \r is (part of) a terminator.
    for (text, loneCarriageReturnEndsLine, expected) in [
      ("abc\r\nxyz", false, ["abc", "xyz"]), ("abc\rxyz", true, ["abc", "xyz"]), ("abc\r", true, ["abc"]),
    ] {
      let path = try directory.write(text, to: "lines")
      let descriptor = try System.openForReading(path)
      defer { System.close(descriptor) }
      var reader = LineReader(
        fileDescriptor: descriptor, chunkSize: 1, maxLineBytes: 3,
        loneCarriageReturnEndsLine: loneCarriageReturnEndsLine
      )
      var lines: [String] = []
      while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
      #expect(lines == expected)
    }
  }

  @Test func endsTheBatchConversationAtAQueryLongerThanTheLimit() throws {
    #expect(
      runTool(["batch", "--max-line-bytes", "5", "--limit", "0"], input: "abcde\r\nabcdef\nx\n")
        == ToolOutput(
          status: 1, standardOutput: #"{"query": "abcde", "results": []}"# + "\n",
          standardError:
            "pinyin-search: standard input:2: line longer than 5 bytes (raise the limit with --max-line-bytes)\n"))
  }

  @Test func acceptsTheOptionOnEveryCommandThatReadsData() throws {
    let path = try directory.write("c1\tx\n", to: "people.tsv")
    let snapshot = directory.path + "/people.snapshot"
    #expect(runTool(["search", "--data", path, "--max-line-bytes=4", "x"]).standardOutput == "literal     c1  [x]\n")
    #expect(runTool(["index", "--data", path, "--max-line-bytes", "4", "--out", snapshot]).status == 0)
    #expect(
      runTool(["batch", "--data", path, "--max-line-bytes", "3", "--limit", "0"], input: "x\n")
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(path):1: line longer than 3 bytes (raise the limit with --max-line-bytes)\n")
    )
    #expect(runTool(["interactive", "--data", path, "--max-line-bytes", "4"]).status == 2, "no terminal, but parsed")
  }

  @Test(arguments: [
    (
      ["search", "--max-line-bytes", "10", "x"], "pinyin-search: '--max-line-bytes' needs '--data FILE'\n",
      Command.search
    ),
    (
      ["search", "--data", "a.tsv", "--max-line-bytes", "0", "x"],
      "pinyin-search: invalid value '0' for '--max-line-bytes': expected a positive integer\n", .search
    ),
    (
      ["index", "--data", "a.tsv", "--max-line-bytes", "1k", "--out", "x"],
      "pinyin-search: invalid value '1k' for '--max-line-bytes': expected a positive integer\n", .index
    ),
  ])
  func rejectsAMissingOrInvalidLimit(arguments: [String], message: String, command: Command) {
    #expect(
      runTool(arguments)
        == ToolOutput(
          status: 2, standardOutput: "",
          standardError: message + "USAGE: \(command.synopsis)\nSee 'pinyin-search \(command.rawValue) --help'.\n"))
  }
}

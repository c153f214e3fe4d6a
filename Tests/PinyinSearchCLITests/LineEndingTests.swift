import Dispatch
import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines of data files end with `\n`, `\r\n` or a lone `\r` (Docs/Semantics.md, the batch
/// protocol); a lone `\r` inside a quoted CSV field is kept, like the other line breaks.
@Suite struct LineEndingTests {
  @Test func endsATSVLineAtALoneCarriageReturn() throws {
    #expect(
      try pairs(readRecords("c1\t刘亦菲\rc2\t西安\r\rxyz\r", .tsv).records)
        == [["c1", "刘亦菲"], ["c2", "西安"], ["4", "xyz"]],
      "line 3 is empty; xyz is line 4")
  }

  @Test func endsATextLineAtALoneCarriageReturn() throws {
    #expect(
      try pairs(readRecords("a\rb\r\n\rc\nd", .text).records) == [["1", "a"], ["2", "b"], ["4", "c"], ["5", "d"]])
  }

  @Test func endsAJSONLineAtALoneCarriageReturn() throws {
    #expect(
      try pairs(readRecords(#"{"id": 1, "text": "a"}"# + "\r\r" + #"{"id": 2, "text": "b"}"#, .jsonl).records)
        == [["1", "a"], ["2", "b"]])
  }

  @Test func endsACSVRecordAtALoneCarriageReturnOutsideQuotesAndKeepsOneInside() throws {
    #expect(
      try pairs(readRecords("id,text\rc1,\"a\rb\r\nc\nd\"\rc2,e\r", .csv).records)
        == [["c1", "a\rb\r\nc\nd"], ["c2", "e"]])
  }

  @Test func takesACarriageReturnAndLineFeedSplitAcrossReadsAsOneTerminator() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("ab\r\n\r\rcd\r\ne\rf", to: "lines")
    let descriptor = try System.openForReading(path)
    defer { System.close(descriptor) }
    var reader = LineReader(fileDescriptor: descriptor, chunkSize: 1, loneCarriageReturnEndsLine: true)
    var lines: [String] = []
    var terminators: [LineTerminator] = []
    while let line = try reader.nextLine() {
      lines.append(String(decoding: line, as: UTF8.self))
      terminators.append(reader.lastTerminator)
    }
    #expect(lines == ["ab", "", "", "cd", "e", "f"], "every \\r is seen at the end of a read")
    #expect(
      terminators == [
        .carriageReturnLineFeed, .carriageReturn, .carriageReturn, .carriageReturnLineFeed, .carriageReturn, .none,
      ])
    #expect(reader.consumedByteCount == 13)
  }

  @Test func waitsForTheByteAfterACarriageReturnOnAPipe() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw HarnessError("pipe", errno: errno) }
    // Children that other tests spawn meanwhile must not inherit the write end.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    try writeAll(Array("c1\ta\r".utf8), to: writeEnd, what: "the pipe")
    let written = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      usleep(100_000)  // the reader has read "c1\ta\r" by now, and waits for more
      try? writeAll(Array("\nc2\tb\r".utf8), to: writeEnd, what: "the pipe")
      close(writeEnd)
      written.signal()
    }
    defer { written.wait() }
    var reader = LineReader(fileDescriptor: readEnd, loneCarriageReturnEndsLine: true)
    #expect(try reader.nextLine().map(Array.init) == Array("c1\ta".utf8))
    #expect(reader.lastTerminator == .carriageReturnLineFeed, "one terminator, not \\r then an empty line")
    #expect(try reader.nextLine().map(Array.init) == Array("c2\tb".utf8))
    #expect(reader.lastTerminator == .carriageReturn)
    #expect(try reader.nextLine() == nil)
  }

  @Test func keepsALoneCarriageReturnInABatchQuery() throws {
    var reader = LineReader(bytes: Array("a\rb\r\nc\r\n\rd\r".utf8), loneCarriageReturnEndsLine: false)
    var lines: [String] = []
    while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
    #expect(lines == ["a\rb", "c", "\rd\r"])
    #expect(
      runTool(["batch", "--limit", "0"], input: "a\rb\r\n")
        == ToolOutput(status: 0, standardOutput: #"{"query": "a\rb", "results": []}"# + "\n", standardError: ""))
  }

  @Test func takesACarriageReturnAtTheEndOfAChunkOfAFileAsPartOfTheTerminator() throws {
    let directory = try TemporaryDirectory()
    // The first 1 MiB read ends just after the `\r` of the first line's `\r\n`.
    let first = "c1\t" + String(repeating: "a", count: (1 << 20) - 4)
    let path = try directory.write(first + "\r\nxyz\n", to: "big.tsv")
    #expect(
      try pairs(readDataFile(options: .tsv(path)).records) == [["c1", String(first.dropFirst(3))], ["2", "xyz"]],
      "xyz is line 2, not 3")
  }
}

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

/// `LineReader.hasBufferedLine`, which tells the batch command whether the next query is
/// already read (answer it, write later) or a read may wait for the caller (write the answers
/// out first).
@Suite struct BufferedLineTests {
  /// A pipe whose write end the test writes to, read by a `LineReader` of batch queries.
  final class Pipe {
    let readEnd: Int32
    var writeEnd: Int32

    init() throws {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw HarnessError("pipe", errno: errno) }
      readEnd = ends[0]
      writeEnd = ends[1]
    }

    deinit {
      close(readEnd)
      if writeEnd >= 0 { close(writeEnd) }
    }

    /// Writes `text` to the pipe.
    func write(_ text: String) throws {
      try writeAll(Array(text.utf8), to: writeEnd, what: "the pipe")
    }

    /// Closes the write end: the reader sees the end of the input.
    func closeWriteEnd() {
      close(writeEnd)
      writeEnd = -1
    }
  }

  @Test func tellsWhetherTheNextLineIsReadWithoutWaiting() throws {
    let pipe = try Pipe()
    var reader = LineReader(fileDescriptor: pipe.readEnd, loneCarriageReturnEndsLine: false)
    #expect(!reader.hasBufferedLine, "nothing read yet")
    try pipe.write("a\nb")
    #expect(try reader.nextLine().map(Array.init) == Array("a".utf8))
    #expect(!reader.hasBufferedLine, "b has no terminator yet")
    try pipe.write("\nc\r\nd\r")
    #expect(try reader.nextLine().map(Array.init) == Array("b".utf8))
    #expect(reader.hasBufferedLine, "c and its \\r\\n are read")
    #expect(try reader.nextLine().map(Array.init) == Array("c".utf8))
    #expect(!reader.hasBufferedLine, "a \\r at the end may begin \\r\\n: the next byte decides")
    try pipe.write("\n")
    #expect(try reader.nextLine().map(Array.init) == Array("d".utf8))
    #expect(!reader.hasBufferedLine, "the end of the input is not seen yet")
    pipe.closeWriteEnd()
    #expect(try reader.nextLine() == nil)
    #expect(reader.hasBufferedLine, "at the end, nextLine() returns at once")
  }

  @Test func tellsTheLastLineWithoutATerminatorOnlyAtTheEnd() throws {
    let pipe = try Pipe()
    var reader = LineReader(fileDescriptor: pipe.readEnd, loneCarriageReturnEndsLine: false)
    try pipe.write("x\ny")
    #expect(try reader.nextLine().map(Array.init) == Array("x".utf8))
    #expect(!reader.hasBufferedLine)
    pipe.closeWriteEnd()
    #expect(try reader.nextLine().map(Array.init) == Array("y".utf8))
    #expect(reader.hasBufferedLine)
    #expect(try reader.nextLine() == nil)
  }

  @Test func holdsEveryLineOfBytesInMemory() throws {
    var reader = LineReader(bytes: Array("a\nb".utf8), loneCarriageReturnEndsLine: false)
    #expect(reader.hasBufferedLine)
    _ = try reader.nextLine()
    #expect(reader.hasBufferedLine)
    _ = try reader.nextLine()
    #expect(reader.hasBufferedLine)
    #expect(try reader.nextLine() == nil)
  }

  @Test func waitsWhileSkippingALineTooLong() throws {
    let pipe = try Pipe()
    var reader = LineReader(fileDescriptor: pipe.readEnd, maxLineBytes: 3, loneCarriageReturnEndsLine: false)
    try pipe.write("abcdef")
    #expect(throws: LineReader.Failure.lineTooLong) { try reader.nextLine() }
    #expect(!reader.hasBufferedLine, "the rest of the long line is still to be read and skipped")
    try pipe.write("gh\nok\n")
    #expect(try reader.nextLine().map(Array.init) == Array("ok".utf8))
  }
}

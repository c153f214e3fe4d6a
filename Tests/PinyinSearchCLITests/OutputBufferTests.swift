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

/// `OutputStream`'s buffer as the batch command fills it: bytes written in place through a
/// `ByteWriter`, and a flush once it holds `capacity` bytes.
@Suite struct OutputBufferTests {
  @Test(arguments: [
    (0, "0"), (7, "7"), (10, "10"), (99, "99"), (100, "100"), (-1, "-1"), (-10, "-10"),
    (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"), (1_000_000_007, "1000000007"),
  ])
  func writesDecimalsAsInterpolationDoes(value: Int, text: String) {
    var output = OutputStream()
    output.write(atMost: ByteWriter.maximumDecimalByteCount) { $0.appendDecimal(value) }
    #expect(output.text == text)
    #expect(text == "\(value)")
  }

  @Test func appendsPiecesOfEveryKind() {
    var output = OutputStream()
    output.write("刘")
    output.write(atMost: 16) { writer in
      writer.append(UInt8(ascii: "["))
      writer.append("亦")
      writer.append(contentsOf: "菲")
      writer.append(contentsOf: "")
      Array("]".utf8).withUnsafeBufferPointer { writer.append($0) }
      #expect(writer.count == 8)
    }
    output.write(atMost: 0) { _ in }
    output.write("!")
    #expect(output.text == "刘[亦菲]!")
  }

  @Test func growsToHoldAWriteLargerThanItsRoom() {
    var output = OutputStream()
    for length in [1, 100, 10_000, 3] {
      output.write(atMost: length) { writer in
        for _ in 0..<length { writer.append(UInt8(ascii: "x")) }
      }
    }
    #expect(output.bytes == Array(repeating: UInt8(ascii: "x"), count: 10_104))
  }

  @Test func flushesOnceItHoldsItsCapacity() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw HarnessError("pipe", errno: errno) }
    defer {
      close(ends[0])
      close(ends[1])
    }
    var output = OutputStream(fileDescriptor: ends[1], capacity: 8)
    output.write(atMost: 7) { $0.append("1234567") }
    #expect(output.bytes.count == 7, "below the capacity: kept")
    output.write(atMost: 4) { $0.append("89") }
    #expect(output.bytes.isEmpty, "at the capacity: written")
    var chunk = [UInt8](repeating: 0, count: 64)
    let count = chunk.withUnsafeMutableBytes { readDescriptor(ends[0], into: $0) }
    #expect(Array(chunk[..<max(count, 0)]) == Array("123456789".utf8))
    output.write("x")
    try output.flush()
    let rest = chunk.withUnsafeMutableBytes { readDescriptor(ends[0], into: $0) }
    #expect(Array(chunk[..<max(rest, 0)]) == Array("x".utf8))
  }
}

import Testing

@testable import RedisCluster

/// The outcome of decoding a stream: the values, then the error or the end of the bytes.
private struct Decoded: Equatable {
  var values: [RESPValue] = []
  var error: RESPDecodingError?
}

/// Feeds `bytes` to a fresh decoder in chunks that end at `cuts`, taking values out after each.
private func decode(_ bytes: [UInt8], cuttingAt cuts: [Int] = []) -> Decoded {
  var decoder = RESPDecoder()
  var decoded = Decoded()
  var start = 0
  for end in cuts + [bytes.count] where end >= start {
    decoder.append(bytes[start..<end])
    start = end
    do {
      while let value = try decoder.next() {
        decoded.values.append(value)
      }
    } catch {
      decoded.error = error
      return decoded
    }
  }
  return decoded
}

private func bytes(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// One value of every kind, nulls, binary bulk strings and nested arrays.
private let sampleValues: [RESPValue] = [
  .simpleString("OK"),
  .simpleString(""),
  .error("WRONGTYPE Operation against a key holding the wrong kind of value"),
  .integer(0),
  .integer(-1),
  .integer(.max),
  .integer(.min),
  .bulkString([]),
  .bulkString(nil),
  .bulkString(bytes("hello")),
  .bulkString([0, 13, 10, 255, 36, 42]),
  .array(nil),
  .array([]),
  .array([.bulkString(bytes("a")), .integer(2), .bulkString(nil), .array(nil)]),
  .array([.array([.array([.simpleString("deep")]), .array([])]), .error("ERR x")]),
  .simpleString("\u{4F60}\u{597D}"),
]

private let sampleStream: [UInt8] = sampleValues.flatMap(\.encoded)

@Suite struct RESPDecoderTests {
  @Test func decodesEveryKindOfValue() throws {
    var decoder = RESPDecoder()
    decoder.append(
      bytes("+OK\r\n-ERR bad\r\n:-42\r\n$3\r\nfoo\r\n$-1\r\n*-1\r\n*2\r\n$1\r\na\r\n:7\r\n$0\r\n\r\n*0\r\n"))
    #expect(try decoder.next() == .simpleString("OK"))
    #expect(try decoder.next() == .error("ERR bad"))
    #expect(try decoder.next() == .integer(-42))
    #expect(try decoder.next() == .bulkString(bytes("foo")))
    #expect(try decoder.next() == .bulkString(nil), "$-1 is the null bulk string")
    #expect(try decoder.next() == .array(nil), "*-1 is the null array")
    #expect(try decoder.next() == .array([.bulkString(bytes("a")), .integer(7)]))
    #expect(try decoder.next() == .bulkString([]))
    #expect(try decoder.next() == .array([]))
    #expect(try decoder.next() == nil)
    #expect(decoder.isAtValueBoundary)
  }

  @Test func decodesTheEncodingOfEachSampleValue() {
    #expect(decode(sampleStream) == Decoded(values: sampleValues))
  }

  @Test func decodesArraysNestedToTheMaximumDepth() {
    let depth = RESPDecoder.maximumDepth
    let stream = bytes(String(repeating: "*1\r\n", count: depth) + ":5\r\n")
    var expected = RESPValue.integer(5)
    for _ in 0..<depth {
      expected = .array([expected])
    }
    #expect(decode(stream) == Decoded(values: [expected]))
  }

  @Test func everyTwoWaySplitOfTheSampleStreamDecodesTheSame() {
    for cut in 0...sampleStream.count {
      #expect(decode(sampleStream, cuttingAt: [cut]) == Decoded(values: sampleValues), "split at byte \(cut)")
    }
  }

  @Test func byteAtATimeDecodesTheSame() {
    #expect(decode(sampleStream, cuttingAt: Array(1..<sampleStream.count)) == Decoded(values: sampleValues))
  }

  @Test func partialValueIsNotReturnedAndKeepsTheBoundaryOpen() throws {
    var decoder = RESPDecoder()
    decoder.append(bytes("*2\r\n:1\r\n$5\r\nhel"))
    #expect(try decoder.next() == nil)
    #expect(!decoder.isAtValueBoundary)
    decoder.append(bytes("lo\r\n"))
    #expect(try decoder.next() == .array([.integer(1), .bulkString(bytes("hello"))]))
    #expect(decoder.isAtValueBoundary)
  }

  @Test func truncatedStreamsGiveAPrefixOfTheValuesAndNoError() {
    var generator = SplitMix64(seed: 14)
    for _ in 0..<2000 {
      let length = Int.random(in: 0...sampleStream.count, using: &generator)
      let cuts = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Int.random(in: 0...length, using: &generator)
      }.sorted()
      let decoded = decode(Array(sampleStream[..<length]), cuttingAt: cuts)
      #expect(decoded.error == nil, "a truncated stream is only incomplete (length \(length))")
      #expect(Array(sampleValues.prefix(decoded.values.count)) == decoded.values, "length \(length)")
    }
  }

  @Test func randomAndMutatedInputNeverCrashesAndDoesNotDependOnChunking() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet = bytes("+-:$*\r\n0123456789-1ab")
    for round in 0..<3000 {
      var input: [UInt8]
      if round.isMultiple(of: 2) {
        input = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
          Bool.random(using: &generator)
            ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
        }
      } else {
        input = sampleStream
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          let position = Int.random(in: 0..<input.count, using: &generator)
          input[position] = alphabet.randomElement(using: &generator)!
        }
      }
      let cuts = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        Int.random(in: 0...input.count, using: &generator)
      }.sorted()
      let whole = decode(input)
      #expect(decode(input, cuttingAt: cuts) == whole, "round \(round): chunking changed the outcome")
      if let error = whole.error {
        #expect((0..<input.count).contains(error.offset), "round \(round): the offset is inside the input")
      }
    }
  }

  @Test func longArrayArrivingByteByByteDecodesInLinearTime() throws {
    let count = 100_000
    let stream = bytes("*\(count)\r\n" + String(repeating: ":1\r\n", count: count))
    var decoder = RESPDecoder()
    var value: RESPValue?
    for byte in stream {
      decoder.append(CollectionOfOne(byte))
      if let next = try decoder.next() { value = next }
    }
    #expect(value == .array(Array(repeating: .integer(1), count: count)))
  }

  @Test func largeBulkStringArrivingInSmallChunksDecodes() throws {
    let payload = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let stream = RESPValue.bulkString(payload).encoded
    var decoder = RESPDecoder()
    var value: RESPValue?
    var start = 0
    while start < stream.count {
      let end = min(start + 7, stream.count)
      decoder.append(stream[start..<end])
      start = end
      if let next = try decoder.next() { value = next }
    }
    #expect(value == .bulkString(payload))
  }

  @Test func errorOffsetsCountFromTheFirstByteAcrossCompaction() {
    let prefix = Array(repeating: RESPValue.bulkString(Array(repeating: 120, count: 1000)), count: 10)
    let stream = prefix.flatMap(\.encoded) + bytes("?")
    let cuts = Array(stride(from: 100, to: stream.count, by: 100))
    #expect(
      decode(stream, cuttingAt: cuts)
        == Decoded(values: prefix, error: .unknownType(UInt8(ascii: "?"), offset: stream.count - 1))
    )
  }

  @Test func errorIsRepeatedByLaterCalls() throws {
    var decoder = RESPDecoder()
    decoder.append(bytes("!"))
    #expect(throws: RESPDecodingError.unknownType(UInt8(ascii: "!"), offset: 0)) { try decoder.next() }
    decoder.append(bytes("+OK\r\n"))
    #expect(throws: RESPDecodingError.unknownType(UInt8(ascii: "!"), offset: 0)) { try decoder.next() }
  }

  static let malformedCases: [(input: String, error: RESPDecodingError)] = [
    ("?x\r\n", .unknownType(UInt8(ascii: "?"), offset: 0)),
    ("+OK\r\n#", .unknownType(UInt8(ascii: "#"), offset: 5)),
    (":12a\r\n", .invalidInteger(offset: 3)),
    (":\r\n", .invalidInteger(offset: 1)),
    (":-\r\n", .invalidInteger(offset: 2)),
    (": 1\r\n", .invalidInteger(offset: 1)),
    ("$x\r\n", .invalidInteger(offset: 1)),
    (":123456789012345678901\r\n", .integerTooLong(offset: 1)),
    (":1234567890123456789012345", .integerTooLong(offset: 1)),
    ("*00000000000000000000001\r\n", .integerTooLong(offset: 1)),
    (":99999999999999999999\r\n", .integerOverflow(offset: 1)),
    (":9223372036854775808\r\n", .integerOverflow(offset: 1)),
    (":-9223372036854775809\r\n", .integerOverflow(offset: 1)),
    ("$-2\r\n", .invalidLength(-2, offset: 0)),
    ("*-5\r\n", .invalidLength(-5, offset: 0)),
    ("$536870913\r\n", .bulkTooLong(536_870_913, offset: 0)),
    ("*16777217\r\n", .arrayTooLong(16_777_217, offset: 0)),
    (String(repeating: "*1\r\n", count: 65) + ":1\r\n", .nestingTooDeep(offset: 256)),
    (String(repeating: "*1\r\n", count: 64) + "*0\r\n", .nestingTooDeep(offset: 256)),
    ("+OK\rX", .expectedLineFeed(offset: 4)),
    (":1\r\r\n", .expectedLineFeed(offset: 3)),
    ("+O\nK\r\n", .unexpectedLineFeed(offset: 2)),
    ("$3\r\nabcde\r\n", .missingBulkTerminator(offset: 7)),
    ("$0\r\nX\r\n", .missingBulkTerminator(offset: 4)),
  ]

  @Test(arguments: malformedCases)
  func malformedInputGivesTheTypedErrorAndOffset(_ input: String, _ error: RESPDecodingError) {
    #expect(decode(bytes(input)).error == error, "whole input")
    let bytes = bytes(input)
    #expect(decode(bytes, cuttingAt: Array(1..<min(bytes.count, 40))).error == error, "first bytes one at a time")
  }

  @Test func lineLongerThanTheLimitIsRejectedBeforeItsEnd() {
    let input = bytes("+" + String(repeating: "a", count: RESPDecoder.maximumLineLength + 1))
    #expect(decode(input).error == .lineTooLong(offset: 0))
    #expect(decode(bytes("-") + Array(input.dropFirst()), cuttingAt: [1000, 70_000]).error == .lineTooLong(offset: 0))
  }

  @Test func acceptsTheExtremesOfTheLimits() throws {
    #expect(decode(bytes(":-9223372036854775808\r\n")).values == [.integer(.min)])
    #expect(decode(bytes(":00000000000000000007\r\n")).values == [.integer(7)], "20 digits are allowed")
    var decoder = RESPDecoder()
    decoder.append(bytes("$536870912\r\n*16777216\r\n"))
    #expect(try decoder.next() == nil, "a bulk string of 512 MiB waits for its bytes; nothing is allocated")
  }

  static let oversizedCases: [(input: String, error: RESPDecodingError?)] = {
    let thirty = String(repeating: "x", count: 30)
    return [
      ("$90\r\n" + String(repeating: "x", count: 90) + "\r\n", nil),
      ("$95\r\n" + String(repeating: "x", count: 95) + "\r\n", .replyTooLarge(limit: 100, offset: 0)),
      ("$1000000\r\n", .replyTooLarge(limit: 100, offset: 0)),
      ("*40\r\n", .replyTooLarge(limit: 100, offset: 0)),
      ("*3\r\n$30\r\n" + thirty + "\r\n$30\r\n" + thirty + "\r\n$30\r\n", .replyTooLarge(limit: 100, offset: 78)),
      ("*2\r\n*2\r\n+" + String(repeating: "y", count: 90) + "\r\n", .replyTooLarge(limit: 100, offset: 8)),
    ]
  }()

  /// The limit per reply counts every byte of the reply, the elements of its arrays included,
  /// and is checked as soon as a length is announced; each reply starts from zero.
  @Test(arguments: oversizedCases)
  func aReplyOverTheLimitIsRefusedWhenItsLengthIsKnown(_ input: String, _ error: RESPDecodingError?) {
    var decoder = RESPDecoder(maximumReplyBytes: 100)
    decoder.append(bytes(input))
    do {
      _ = try decoder.next()
      #expect(error == nil, "accepted \(input.debugDescription)")
    } catch let thrown {
      #expect(thrown == error, "\(input.debugDescription)")
    }
  }

  @Test func theLimitAppliesToEachReplyAlone() throws {
    var decoder = RESPDecoder(maximumReplyBytes: 100)
    let reply = RESPValue.array([
      .bulkString(Array(repeating: 1, count: 40)), .bulkString(Array(repeating: 2, count: 40)),
    ])
    for _ in 0..<10 { decoder.append(reply.encoded) }
    for _ in 0..<10 { #expect(try decoder.next() == reply) }
  }

  @Test func errorDetailsNameTheProblem() {
    #expect(
      RESPDecodingError.bulkTooLong(600_000_000, offset: 3).detail
        == "bulk string of 600000000 bytes (at most 536870912)")
    #expect(
      RESPDecodingError.unknownType(63, offset: 0).detail == "unknown value type byte 63 (expected one of + - : $ *)")
    #expect(RESPDecodingError.nestingTooDeep(offset: 256).offset == 256)
  }
}

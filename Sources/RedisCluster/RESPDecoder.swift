/// An incremental RESP2 decoder: give it bytes as they arrive, take complete values out.
///
/// The decoder keeps the bytes it was given and a read index; a value split over many reads is
/// never parsed again from its start: the elements of an array that is still arriving are kept
/// on an explicit stack (no recursion), a line being searched for its end resumes where the
/// search stopped, and a bulk string waits until all of its bytes are there. Consumed bytes are
/// dropped once they are at least half of the buffer, so decoding is linear in the input
/// however it is split.
///
/// Everything is bounded: by the bytes given (nothing is allocated for a length that has not
/// arrived), by ``maximumReplyBytes`` for a whole reply (every element of an array counted,
/// checked when a length is announced, before its bytes are waited for), and by
/// ``maximumBulkLength``, ``maximumArrayCount``, ``maximumDepth``, ``maximumIntegerDigits`` and
/// ``maximumLineLength``. After an error the decoder keeps throwing it: the stream cannot be
/// resynchronised, so the connection must be closed.
struct RESPDecoder {
  /// The most bytes one reply (a value and, for an array, all its elements) may take on the
  /// wire: what the decoder buffers for it is at most this plus one read.
  let maximumReplyBytes: Int
  /// The longest bulk string accepted, Redis's own limit: 512 MiB.
  static let maximumBulkLength = 512 << 20
  /// The most elements an array may announce: 2^24.
  static let maximumArrayCount = 1 << 24
  /// The deepest nesting of arrays: 64.
  static let maximumDepth = 64
  /// The most digits in an integer, a bulk length or an array count: 20.
  static let maximumIntegerDigits = 20
  /// The longest simple-string or error line, without its type byte and line end: 1 MiB.
  static let maximumLineLength = 1 << 20

  /// An array whose elements are still arriving.
  private struct Frame {
    var remaining: Int
    var elements: [RESPValue]
  }

  /// What one step of parsing found at the read index.
  private enum Step {
    case value(RESPValue)
    case arrayStart(count: Int, offset: Int)
  }

  private var buffer: [UInt8] = []
  /// The index in `buffer` of the first byte not yet consumed.
  private var readIndex = 0
  /// The stream offset of `buffer[0]`.
  private var baseOffset = 0
  /// Where the search for the end of the line that starts at `readIndex` resumes.
  private var lineScanIndex = 0
  private var frames: [Frame] = []
  private var failure: RESPDecodingError?

  /// The stream offset of the first byte of the reply being decoded.
  private var replyStart = 0

  /// Creates an empty decoder that refuses a reply of more than `maximumReplyBytes` bytes.
  ///
  /// - Parameter maximumReplyBytes: The most bytes of one reply, at least 64; Redis's own
  ///   limits (512 MiB for a string) by default.
  init(maximumReplyBytes: Int = .max) {
    precondition(maximumReplyBytes >= 64, "a reply must be allowed at least 64 bytes, not \(maximumReplyBytes)")
    self.maximumReplyBytes = maximumReplyBytes
  }

  /// Whether no part of a value is waiting for more bytes.
  var isAtValueBoundary: Bool {
    frames.isEmpty && readIndex == buffer.count
  }

  /// Adds bytes received from the stream.
  mutating func append(_ bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// Returns the next complete value, or `nil` when more bytes are needed.
  ///
  /// - Throws: ``RESPDecodingError`` when the bytes are not RESP2 or pass a limit; every later
  ///   call throws the same error.
  mutating func next() throws(RESPDecodingError) -> RESPValue? {
    if let failure { throw failure }
    do {
      let value = try decodeValue()
      compactIfWorthwhile()
      return value
    } catch {
      failure = error
      throw error
    }
  }

  private mutating func decodeValue() throws(RESPDecodingError) -> RESPValue? {
    while true {
      if frames.isEmpty { replyStart = offset(readIndex) }
      guard let step = try parseStep() else { return nil }
      var completed: RESPValue
      switch step {
      case .value(let value):
        completed = value
      case .arrayStart(let count, let offset):
        guard frames.count < Self.maximumDepth else { throw .nestingTooDeep(offset: offset) }
        if count == 0 {
          completed = .array([])
        } else {
          frames.append(Frame(remaining: count, elements: []))
          frames[frames.count - 1].elements.reserveCapacity(min(count, 1024))
          continue
        }
      }
      // Hand the value to the arrays it completes, innermost first.
      while !frames.isEmpty {
        let top = frames.count - 1
        frames[top].elements.append(completed)
        frames[top].remaining -= 1
        guard frames[top].remaining == 0 else { break }
        completed = .array(frames.removeLast().elements)
      }
      if frames.isEmpty { return completed }
    }
  }

  /// Parses the content of a bulk string of `length` bytes (-1: the null string) whose header,
  /// at `typeIndex`, ends before `contentStart`, and consumes it; `nil` (consuming nothing) when
  /// its bytes have not all arrived.
  private mutating func parseBulkString(
    length: Int64, at typeIndex: Int, contentStart: Int
  ) throws(RESPDecodingError) -> Step? {
    if length == -1 {
      consume(upTo: contentStart)
      return .value(.bulkString(nil))
    }
    guard length >= 0 else { throw .invalidLength(length, offset: offset(typeIndex)) }
    guard length <= Self.maximumBulkLength else { throw .bulkTooLong(length, offset: offset(typeIndex)) }
    let contentEnd = contentStart + Int(length)
    try checkReplySize(upTo: contentEnd + 2, at: typeIndex)
    guard contentEnd + 2 <= buffer.count else { return nil }
    guard buffer[contentEnd] == UInt8(ascii: "\r"), buffer[contentEnd + 1] == UInt8(ascii: "\n") else {
      throw .missingBulkTerminator(offset: offset(contentEnd))
    }
    let bytes = Array(buffer[contentStart..<contentEnd])
    consume(upTo: contentEnd + 2)
    return .value(.bulkString(bytes))
  }

  /// Parses one scalar value or array header at the read index and consumes it, or returns
  /// `nil` (consuming nothing) when its bytes have not all arrived.
  private mutating func parseStep() throws(RESPDecodingError) -> Step? {
    guard readIndex < buffer.count else { return nil }
    let typeIndex = readIndex
    let type = buffer[typeIndex]
    let isNumberLine: Bool
    switch type {
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      isNumberLine = false
    case UInt8(ascii: ":"), UInt8(ascii: "$"), UInt8(ascii: "*"):
      isNumberLine = true
    default:
      throw .unknownType(type, offset: offset(typeIndex))
    }
    // A sign and the digits; the line end is looked for one byte further.
    let lineLimit = isNumberLine ? Self.maximumIntegerDigits + 1 : Self.maximumLineLength
    guard let lineEnd = try findLineEnd(contentStart: typeIndex + 1, limit: lineLimit, isNumber: isNumberLine)
    else { return nil }
    let contentStart = typeIndex + 1
    let afterLine = lineEnd + 2
    try checkReplySize(upTo: afterLine, at: typeIndex)

    switch type {
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let text = String(decoding: buffer[contentStart..<lineEnd], as: UTF8.self)
      consume(upTo: afterLine)
      return .value(type == UInt8(ascii: "+") ? .simpleString(text) : .error(text))
    case UInt8(ascii: ":"):
      let number = try parseInteger(from: contentStart, to: lineEnd)
      consume(upTo: afterLine)
      return .value(.integer(number))
    case UInt8(ascii: "$"):
      let length = try parseInteger(from: contentStart, to: lineEnd)
      return try parseBulkString(length: length, at: typeIndex, contentStart: afterLine)
    default:
      let count = try parseInteger(from: contentStart, to: lineEnd)
      if count == -1 {
        consume(upTo: afterLine)
        return .value(.array(nil))
      }
      guard count >= 0 else { throw .invalidLength(count, offset: offset(typeIndex)) }
      guard count <= Self.maximumArrayCount else { throw .arrayTooLong(count, offset: offset(typeIndex)) }
      // Each element takes at least 3 bytes (`+` and the line end).
      try checkReplySize(upTo: afterLine + 3 * Int(count), at: typeIndex)
      consume(upTo: afterLine)
      return .arrayStart(count: Int(count), offset: offset(typeIndex))
    }
  }

  /// Returns the index of the `\r` that ends the line whose content starts at `contentStart`, or
  /// `nil` when the line end has not arrived; resumes the search where the last one stopped.
  private mutating func findLineEnd(
    contentStart: Int,
    limit: Int,
    isNumber: Bool
  ) throws(RESPDecodingError) -> Int? {
    var index = max(contentStart, lineScanIndex)
    let contentLimit = contentStart + limit
    while index < buffer.count {
      let byte = buffer[index]
      if byte == UInt8(ascii: "\r") {
        guard index + 1 < buffer.count else {
          lineScanIndex = index
          return nil
        }
        guard buffer[index + 1] == UInt8(ascii: "\n") else { throw .expectedLineFeed(offset: offset(index + 1)) }
        return index
      }
      if byte == UInt8(ascii: "\n") { throw .unexpectedLineFeed(offset: offset(index)) }
      if index >= contentLimit {
        if isNumber { throw .integerTooLong(offset: offset(contentStart)) }
        throw .lineTooLong(offset: offset(contentStart - 1))
      }
      index += 1
    }
    lineScanIndex = index
    return nil
  }

  /// Parses `buffer[start..<end]` as an optional `-` and 1 to 20 decimal digits.
  private func parseInteger(from start: Int, to end: Int) throws(RESPDecodingError) -> Int64 {
    var index = start
    let isNegative = index < end && buffer[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    guard index < end else { throw .invalidInteger(offset: offset(index)) }
    guard end - index <= Self.maximumIntegerDigits else { throw .integerTooLong(offset: offset(start)) }
    var magnitude: UInt64 = 0
    while index < end {
      let byte = buffer[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
        throw .invalidInteger(offset: offset(index))
      }
      let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { throw .integerOverflow(offset: offset(start)) }
      magnitude = sum
      index += 1
    }
    if isNegative {
      guard magnitude <= UInt64(Int64.max) + 1 else { throw .integerOverflow(offset: offset(start)) }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { throw .integerOverflow(offset: offset(start)) }
    return Int64(magnitude)
  }

  /// Throws when the reply being decoded would reach buffer index `end`, past
  /// ``maximumReplyBytes``; `typeIndex` is the first byte of the value that would take it there.
  private func checkReplySize(upTo end: Int, at typeIndex: Int) throws(RESPDecodingError) {
    guard offset(end) - replyStart > maximumReplyBytes else { return }
    throw .replyTooLarge(limit: maximumReplyBytes, offset: offset(typeIndex))
  }

  private func offset(_ index: Int) -> Int {
    baseOffset + index
  }

  private mutating func consume(upTo index: Int) {
    readIndex = index
    lineScanIndex = index
  }

  /// Drops the consumed bytes once they are at least half of the buffer (and at least 4 KiB, or
  /// all of it): each byte is moved a bounded number of times, so compaction is linear overall.
  private mutating func compactIfWorthwhile() {
    guard readIndex > 0 else { return }
    if readIndex == buffer.count {
      baseOffset += readIndex
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
    } else if readIndex >= 4096 && readIndex * 2 >= buffer.count {
      baseOffset += readIndex
      buffer.removeSubrange(0..<readIndex)
    } else {
      return
    }
    lineScanIndex -= readIndex
    readIndex = 0
  }
}

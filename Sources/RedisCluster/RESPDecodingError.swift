/// Why a byte stream is not valid RESP2, and the stream offset of the byte at fault.
///
/// Offsets count from the first byte the decoder was given: on a connection, from the first
/// byte the node sent.
enum RESPDecodingError: Error, Hashable {
  /// The byte that starts a value is not one of `+ - : $ *`.
  case unknownType(UInt8, offset: Int)
  /// A number line holds something other than an optional `-` and digits; the offset is the byte.
  case invalidInteger(offset: Int)
  /// A number line has more than ``RESPDecoder/maximumIntegerDigits`` digits; the offset is its
  /// first byte after the type byte.
  case integerTooLong(offset: Int)
  /// A number does not fit in 64 bits; the offset is its first byte after the type byte.
  case integerOverflow(offset: Int)
  /// A bulk string or array length is negative and not -1; the offset is the type byte.
  case invalidLength(Int64, offset: Int)
  /// A bulk string is longer than ``RESPDecoder/maximumBulkLength``; the offset is the `$`.
  case bulkTooLong(Int64, offset: Int)
  /// An array has more than ``RESPDecoder/maximumArrayCount`` elements; the offset is the `*`.
  case arrayTooLong(Int64, offset: Int)
  /// Arrays are nested deeper than ``RESPDecoder/maximumDepth``; the offset is the inner `*`.
  case nestingTooDeep(offset: Int)
  /// A simple string or error line is longer than ``RESPDecoder/maximumLineLength``; the offset
  /// is its type byte.
  case lineTooLong(offset: Int)
  /// A carriage return is not followed by a line feed; the offset is the byte after it.
  case expectedLineFeed(offset: Int)
  /// A line feed appears in a line without a carriage return before it.
  case unexpectedLineFeed(offset: Int)
  /// The two bytes after a bulk string's content are not `\r\n`; the offset is the first.
  case missingBulkTerminator(offset: Int)
  /// The reply would take more than `limit` bytes (``RESPDecoder/maximumReplyBytes``); the
  /// offset is the first byte of the value that would pass it.
  case replyTooLarge(limit: Int, offset: Int)

  /// The stream offset of the byte at fault.
  var offset: Int {
    switch self {
    case .unknownType(_, let offset), .invalidInteger(let offset), .integerTooLong(let offset),
      .integerOverflow(let offset), .invalidLength(_, let offset), .bulkTooLong(_, let offset),
      .arrayTooLong(_, let offset), .nestingTooDeep(let offset), .lineTooLong(let offset),
      .expectedLineFeed(let offset), .unexpectedLineFeed(let offset), .missingBulkTerminator(let offset),
      .replyTooLarge(_, let offset):
      return offset
    }
  }

  /// What is wrong, in words, without the offset.
  var detail: String {
    switch self {
    case .unknownType(let byte, _):
      return "unknown value type byte \(byte) (expected one of + - : $ *)"
    case .invalidInteger:
      return "invalid number (expected an optional '-' and digits)"
    case .integerTooLong:
      return "number longer than \(RESPDecoder.maximumIntegerDigits) digits"
    case .integerOverflow:
      return "number does not fit in 64 bits"
    case .invalidLength(let length, _):
      return "invalid length \(length) (expected -1 or more)"
    case .bulkTooLong(let length, _):
      return "bulk string of \(length) bytes (at most \(RESPDecoder.maximumBulkLength))"
    case .arrayTooLong(let count, _):
      return "array of \(count) elements (at most \(RESPDecoder.maximumArrayCount))"
    case .nestingTooDeep:
      return "arrays nested deeper than \(RESPDecoder.maximumDepth)"
    case .lineTooLong:
      return "line longer than \(RESPDecoder.maximumLineLength) bytes"
    case .expectedLineFeed:
      return "carriage return not followed by a line feed"
    case .unexpectedLineFeed:
      return "line feed without a carriage return"
    case .missingBulkTerminator:
      return "bulk string not followed by \\r\\n"
    case .replyTooLarge(let limit, _):
      return "a reply of more than \(limit) bytes (the client's limit per reply)"
    }
  }
}

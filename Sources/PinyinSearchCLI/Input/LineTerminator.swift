/// How a line ended: the bytes `LineReader` removed from it.
enum LineTerminator: Equatable, Sendable {
  /// `\n`.
  case lineFeed
  /// `\r\n`.
  case carriageReturnLineFeed
  /// A lone `\r`, which ends a line of a data file (but not a batch query).
  case carriageReturn
  /// Nothing: the last line of an input that does not end with a terminator.
  case none

  /// The terminator's bytes.
  var bytes: [UInt8] {
    switch self {
    case .lineFeed: [0x0A]
    case .carriageReturnLineFeed: [0x0D, 0x0A]
    case .carriageReturn: [0x0D]
    case .none: []
    }
  }
}

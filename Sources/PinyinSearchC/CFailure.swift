/// An error of a C call: the status the header defines for it and the message for the caller.
struct CFailure: Error {
  /// `PINYINSEARCH_NULL_ARGUMENT` and the others, as the header numbers them.
  enum Status: Int32 {
    case nullArgument = 1
    case invalidUTF8 = 2
    case invalidArgument = 3
    case invalidOptions = 4
    case optionNotBuilt = 5
    case invalidHandle = 6
    case snapshot = 7

    /// The name `pinyinsearch_status_name` returns for the code.
    var name: StaticString {
      switch self {
      case .nullArgument: "null argument"
      case .invalidUTF8: "invalid UTF-8"
      case .invalidArgument: "invalid argument"
      case .invalidOptions: "invalid options"
      case .optionNotBuilt: "option not built"
      case .invalidHandle: "invalid handle"
      case .snapshot: "snapshot error"
      }
    }
  }

  /// What kind of error.
  var status: Status
  /// What is wrong and where, for the caller to show.
  var message: String

  /// A NULL pointer where `function` needs `argument`.
  static func null(_ argument: String, in function: String) -> CFailure {
    CFailure(status: .nullArgument, message: "\(function): \(argument) is NULL")
  }

  /// Runs `body`, the work of the C function; returns 0 when it succeeds, else the error's status
  /// after writing it and its message to `error` (a `pinyinsearch_error`) when that is not NULL.
  static func reporting(into buffer: UnsafeMutableRawPointer?, _ body: () throws(CFailure) -> Void) -> Int32 {
    do {
      try body()
      return 0
    } catch {
      if let buffer { write(error, to: buffer) }
      return error.status.rawValue
    }
  }

  /// Writes `failure` into the `pinyinsearch_error` at `buffer`: the status, then the message cut
  /// at a UTF-8 boundary to fit the capacity with its NUL.
  private static func write(_ failure: CFailure, to buffer: UnsafeMutableRawPointer) {
    buffer.storeBytes(of: failure.status.rawValue, toByteOffset: 0, as: Int32.self)
    let message = buffer + CStructLayout.error.offsets[0] + MemoryLayout<Int32>.size
    var bytes = Array(failure.message.utf8.prefix(messageCapacity - 1))
    // Drop a sequence cut short: continuation bytes at the end, then the lead byte before them
    // if the sequence it announces is longer than what is left.
    if bytes.count == messageCapacity - 1 {
      var continuation = 0
      while let last = bytes.last, last & 0xC0 == 0x80, continuation < 3 {
        bytes.removeLast()
        continuation += 1
      }
      if let lead = bytes.last, lead >= 0xC0 {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        if length == continuation + 1 {
          bytes.append(contentsOf: Array(failure.message.utf8.dropFirst(bytes.count).prefix(continuation)))
        } else {
          bytes.removeLast()
        }
      }
    }
    bytes.append(0)
    bytes.withUnsafeBytes { message.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
  }

  /// `PINYINSEARCH_MESSAGE_CAPACITY`: the bytes of a message, its NUL included.
  static let messageCapacity = 500
}

extension RESPValue {
  /// Appends a command, an array of bulk strings, to `buffer` in RESP2.
  ///
  /// Arguments are bytes, so keys and values may hold any byte, `\r\n` included.
  static func appendCommand(_ arguments: [[UInt8]], to buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "*"))
    appendDecimal(arguments.count, to: &buffer)
    for argument in arguments {
      buffer.append(UInt8(ascii: "$"))
      appendDecimal(argument.count, to: &buffer)
      buffer.append(contentsOf: argument)
      appendLineEnd(to: &buffer)
    }
  }

  /// Appends this value to `buffer` in RESP2, as a server would send it.
  ///
  /// Simple strings and errors must not hold `\r` or `\n`; the tests use this to build replies.
  func append(to buffer: inout [UInt8]) {
    switch self {
    case .simpleString(let text):
      buffer.append(UInt8(ascii: "+"))
      buffer.append(contentsOf: text.utf8)
      appendLineEnd(to: &buffer)
    case .error(let text):
      buffer.append(UInt8(ascii: "-"))
      buffer.append(contentsOf: text.utf8)
      appendLineEnd(to: &buffer)
    case .integer(let value):
      buffer.append(UInt8(ascii: ":"))
      appendDigits(of: value, to: &buffer)
      appendLineEnd(to: &buffer)
    case .bulkString(nil):
      buffer.append(contentsOf: "$-1\r\n".utf8)
    case .bulkString(let bytes?):
      buffer.append(UInt8(ascii: "$"))
      appendDecimal(bytes.count, to: &buffer)
      buffer.append(contentsOf: bytes)
      appendLineEnd(to: &buffer)
    case .array(nil):
      buffer.append(contentsOf: "*-1\r\n".utf8)
    case .array(let elements?):
      buffer.append(UInt8(ascii: "*"))
      appendDecimal(elements.count, to: &buffer)
      for element in elements {
        element.append(to: &buffer)
      }
    }
  }

  /// The value in RESP2.
  var encoded: [UInt8] {
    var buffer: [UInt8] = []
    append(to: &buffer)
    return buffer
  }
}

/// Appends a non-negative count and the line end, as RESP headers write it.
private func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
  appendDigits(of: Int64(value), to: &buffer)
  appendLineEnd(to: &buffer)
}

/// Appends the decimal digits of `value` (a `-` first when it is negative), without making a
/// `String`: a load writes two of them per argument, millions in all.
private func appendDigits(of value: Int64, to buffer: inout [UInt8]) {
  if value < 0 { buffer.append(UInt8(ascii: "-")) }
  var magnitude = value.magnitude
  guard magnitude >= 10 else {
    buffer.append(UInt8(ascii: "0") + UInt8(magnitude))
    return
  }
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
    var start = digits.count
    repeat {
      start -= 1
      digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
  }
}

private func appendLineEnd(to buffer: inout [UInt8]) {
  buffer.append(UInt8(ascii: "\r"))
  buffer.append(UInt8(ascii: "\n"))
}

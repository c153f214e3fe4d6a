extension RESPValue {
  /// Appends a command, an array of bulk strings, to `buffer` in RESP2.
  ///
  /// Arguments are bytes, so keys and values may hold any byte, `\r\n` included.
  static func appendCommand(_ arguments: [[UInt8]], to buffer: inout [UInt8]) {
    // Room for the whole command at once, growing geometrically: a load appends millions.
    var size = 24
    for argument in arguments { size += argument.count + 24 }
    if buffer.capacity - buffer.count < size { buffer.reserveCapacity(max(buffer.count + size, 2 * buffer.capacity)) }
    appendHeader(UInt8(ascii: "*"), Int64(arguments.count), to: &buffer)
    for argument in arguments {
      appendHeader(UInt8(ascii: "$"), Int64(argument.count), to: &buffer)
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
      appendHeader(UInt8(ascii: ":"), value, to: &buffer)
    case .bulkString(nil):
      buffer.append(contentsOf: "$-1\r\n".utf8)
    case .bulkString(let bytes?):
      appendHeader(UInt8(ascii: "$"), Int64(bytes.count), to: &buffer)
      buffer.append(contentsOf: bytes)
      appendLineEnd(to: &buffer)
    case .array(nil):
      buffer.append(contentsOf: "*-1\r\n".utf8)
    case .array(let elements?):
      appendHeader(UInt8(ascii: "*"), Int64(elements.count), to: &buffer)
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

/// Appends a RESP header — `marker`, the decimal digits of `value` (a `-` first when it is
/// negative) and the line end — in one append, without making a `String`: a load writes two
/// per argument, millions in all.
private func appendHeader(_ marker: UInt8, _ value: Int64, to buffer: inout [UInt8]) {
  // At most a marker, a sign, 19 digits and the line end.
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 23) { header in
    header[21] = UInt8(ascii: "\r")
    header[22] = UInt8(ascii: "\n")
    var start = 21
    var magnitude = value.magnitude
    repeat {
      start -= 1
      header[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    if value < 0 {
      start -= 1
      header[start] = UInt8(ascii: "-")
    }
    start -= 1
    header[start] = marker
    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: header[start..<23]))
  }
}

private func appendLineEnd(to buffer: inout [UInt8]) {
  buffer.append(UInt8(ascii: "\r"))
  buffer.append(UInt8(ascii: "\n"))
}

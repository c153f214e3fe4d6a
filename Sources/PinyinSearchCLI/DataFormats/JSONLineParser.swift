/// A strict parser of one line of JSON (RFC 8259) that keeps only the top-level fields asked for.
///
/// Every value is checked — objects, arrays, strings with all escapes (`\uD83D\uDE00` pairs
/// included; an unpaired surrogate is an error), numbers by the RFC's grammar, `true`, `false`,
/// `null` — but only the wanted fields of the top-level object are kept (objects in them whole); arrays are
/// skipped. A name repeated in one object, at any depth, is an error (the RFC leaves its
/// meaning open; Docs/Semantics.md's data files refuse it), compared after unescaping. The input must be valid UTF-8 (the caller checks), and nothing but white space may
/// follow the value. Nesting deeper than `maximumDepth` is an error rather than a stack overflow.
///
///     let parser = JSONLineParser(wanted: ["id", "text"])
///     try parser.fields(of: Array(#"{"id": 7, "text": "刘\u4EA6菲", "x": [1, {}]}"#.utf8)[...])
///     // .object(["id": .number("7"), "text": .string("刘亦菲")])
struct JSONLineParser {
  /// The top-level field names to keep; nil keeps every field.
  let wanted: Set<String>?
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 256

  /// What a line holds.
  enum Line: Equatable {
    /// An object, with the wanted fields it has.
    case object([String: Value])
    /// A value that is not an object, named for messages: `an array`, `a string`, ….
    case other(String)
  }

  /// A kept field's value.
  enum Value: Equatable {
    /// A string, unescaped.
    case string(String)
    /// A number, spelled as in the line.
    case number(String)
    /// An object (nested in the line's object), with all its fields.
    case object([String: Value])
    /// Anything else, named for messages: `an object`, `an array`, `true`, `false`, `null`.
    case other(String)
  }

  /// A syntax error: what is wrong, and the 1-based character (Unicode scalar) where.
  struct SyntaxError: Error, Equatable {
    /// What is wrong.
    var reason: String
    /// The 1-based character where.
    var column: Int
  }

  /// The value of `line`.
  ///
  /// - Throws: `SyntaxError` when `line` is not one JSON value.
  /// - Complexity: O(n) in the length of `line`.
  func parse(_ line: ArraySlice<UInt8>) throws(SyntaxError) -> Line {
    var scanner = Scanner(bytes: line, position: line.startIndex)
    let result: Line
    do throws(Scanner.Failure) {
      scanner.skipWhiteSpace()
      if scanner.peek == UInt8(ascii: "{") {
        result = .object(try scanner.object(depth: 1, keeping: wanted))
      } else {
        result = .other(try scanner.value(depth: 0).name)
      }
      scanner.skipWhiteSpace()
      if scanner.peek != nil { throw Scanner.Failure(reason: "unexpected text after the value") }
    } catch {
      throw SyntaxError(reason: error.reason, column: scanner.column)
    }
    return result
  }
}

/// The cursor of `JSONLineParser` over a line's bytes.
private struct Scanner {
  /// The line.
  let bytes: ArraySlice<UInt8>
  /// The cursor: the index in `bytes` of the next byte to read.
  var position: Int

  /// What went wrong at the cursor.
  struct Failure: Error {
    /// The reason, for the message.
    var reason: String
  }

  /// The byte at the cursor, or nil at the end.
  var peek: UInt8? { position < bytes.endIndex ? bytes[position] : nil }

  /// The 1-based character (Unicode scalar) of the cursor.
  var column: Int {
    bytes[..<min(position, bytes.endIndex)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
  }

  /// Moves past JSON white space: space, tab, line feed, carriage return.
  mutating func skipWhiteSpace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
  }

  /// Consumes `byte` or fails saying what was expected.
  mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    guard peek == byte else {
      throw Failure(reason: peek == nil ? "the line ends; expected \(what)" : "expected \(what)")
    }
    position += 1
  }

  /// Parses any value; keeps strings and numbers, names the rest.
  mutating func value(depth: Int) throws(Failure) -> JSONLineParser.Value {
    guard let byte = peek else { throw Failure(reason: "the line ends; expected a value") }
    switch byte {
    case UInt8(ascii: "{"):
      return .object(try object(depth: depth + 1, keeping: nil))
    case UInt8(ascii: "["):
      try array(depth: depth + 1)
      return .other("an array")
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    case UInt8(ascii: "t"):
      try literal("true")
      return .other("true")
    case UInt8(ascii: "f"):
      try literal("false")
      return .other("false")
    case UInt8(ascii: "n"):
      try literal("null")
      return .other("null")
    default:
      throw Failure(reason: "expected a value")
    }
  }

  /// Parses an object at the cursor; returns the fields named in `keeping` (nil: every field).
  mutating func object(depth: Int, keeping wanted: Set<String>?) throws(Failure) -> [String: JSONLineParser.Value] {
    guard depth <= JSONLineParser.maximumDepth else { throw Failure(reason: "nested too deeply") }
    try expect(UInt8(ascii: "{"), "{")
    var fields: [String: JSONLineParser.Value] = [:]
    var names: Set<String> = []
    skipWhiteSpace()
    if peek == UInt8(ascii: "}") {
      position += 1
      return fields
    }
    while true {
      skipWhiteSpace()
      guard peek == UInt8(ascii: "\"") else {
        throw Failure(reason: peek == nil ? "the line ends; expected a field name" : "expected a field name in quotes")
      }
      let nameStart = position
      let name = try string()
      guard names.insert(name).inserted else {
        position = nameStart
        throw Failure(reason: "the field name \(JSON.quoted(name)) is repeated")
      }
      skipWhiteSpace()
      try expect(UInt8(ascii: ":"), "':' after the field name")
      skipWhiteSpace()
      let value = try value(depth: depth)
      if wanted?.contains(name) ?? true { fields[name] = value }
      skipWhiteSpace()
      if peek == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}'")
      return fields
    }
  }

  /// Parses an array at the cursor, checking and dropping its elements.
  mutating func array(depth: Int) throws(Failure) {
    guard depth <= JSONLineParser.maximumDepth else { throw Failure(reason: "nested too deeply") }
    try expect(UInt8(ascii: "["), "[")
    skipWhiteSpace()
    if peek == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipWhiteSpace()
      _ = try value(depth: depth)
      skipWhiteSpace()
      if peek == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']'")
      return
    }
  }

  /// Parses a string at the cursor and returns it unescaped.
  mutating func string() throws(Failure) -> String {
    try expect(UInt8(ascii: "\""), "a string")
    var text: [UInt8] = []
    while true {
      guard let byte = peek else { throw Failure(reason: "the line ends inside a string") }
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        try escape(into: &text)
      case 0x00..<0x20:
        throw Failure(reason: "a control character inside a string (write it as an escape such as \\n)")
      default:
        text.append(byte)
        position += 1
      }
    }
  }

  /// Parses the escape after a backslash and appends what it stands for.
  mutating func escape(into text: inout [UInt8]) throws(Failure) {
    guard let byte = peek else { throw Failure(reason: "the line ends inside a string") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try hexQuad()
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        guard peek == UInt8(ascii: "\\"), bytes.index(after: position) < bytes.endIndex,
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw Failure(reason: "a high surrogate \\u\(hex(unit)) without the low surrogate after it") }
        position += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw Failure(reason: "a high surrogate \\u\(hex(unit)) followed by \\u\(hex(low)), not a low surrogate")
        }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw Failure(reason: "a low surrogate \\u\(hex(unit)) without a high surrogate before it")
      }
      // Every value left is a scalar: surrogates were paired above.
      text.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
    default:
      position -= 1
      throw Failure(reason: "an unknown escape \\\(String(decoding: [byte], as: UTF8.self))")
    }
  }

  /// Parses the 4 hex digits of a `\u` escape.
  mutating func hexQuad() throws(Failure) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = Self.hexValue(byte) else {
        throw Failure(reason: "\\u needs 4 hex digits")
      }
      value = value << 4 | UInt16(digit)
      position += 1
    }
    return value
  }

  /// The value of the hex digit `byte`, or nil.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `unit` as 4 uppercase hex digits, for messages.
  private func hex(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// Parses a number by the RFC's grammar; returns it as spelled.
  mutating func number() throws(Failure) -> String {
    let start = position
    if peek == UInt8(ascii: "-") { position += 1 }
    if peek == UInt8(ascii: "0") {
      position += 1
      if let byte = peek, Self.isDigit(byte) { throw Failure(reason: "a number with a leading zero") }
    } else {
      guard try digits() else { throw Failure(reason: "expected a digit") }
    }
    if peek == UInt8(ascii: ".") {
      position += 1
      guard try digits() else { throw Failure(reason: "expected a digit after the decimal point") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      position += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
      guard try digits() else { throw Failure(reason: "expected a digit in the exponent") }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// Consumes digits; returns whether there was at least one.
  private mutating func digits() throws(Failure) -> Bool {
    let start = position
    while let byte = peek, Self.isDigit(byte) { position += 1 }
    return position > start
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Consumes `word` exactly.
  mutating func literal(_ word: StaticString) throws(Failure) {
    let start = position
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard peek == expected else {
        position = start
        throw Failure(reason: "expected a value (true, false and null are lowercase)")
      }
      position += 1
    }
  }
}

/// Names of values, for messages.
extension JSONLineParser.Value {
  /// The value's kind for messages: `a string`, `a number`, or the name kept in `.other`.
  var name: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .object: "an object"
    case .other(let name): name
    }
  }
}

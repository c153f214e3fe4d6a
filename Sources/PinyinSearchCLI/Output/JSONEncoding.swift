import PinyinSearch

/// The JSON the tool prints: string literals per RFC 8259, and the batch protocol's objects.
///
/// Output matches Python's `json.dumps(value, ensure_ascii=False)`: `", "` and `": "` as
/// separators; `"` and `\` escaped; the control characters U+0000–U+001F written `\b`, `\t`,
/// `\n`, `\f`, `\r` or `\u00XX` (lowercase hex); everything else, non-ASCII included, as UTF-8.
///
///     JSON.quoted("刘\"亦\"\n")  // "\"刘\\\"亦\\\"\\n\""
///
/// The encoding works on UTF-8 bytes: the `append…(to:)` functions write through a `ByteWriter`
/// (into the batch command's output buffer, reused from one answer to the next), copying the
/// runs of bytes that need no escape whole, and `maximumAnswerByteCount(query:results:)` says
/// how much room they need; the functions that return a `String` wrap them.
enum JSON {
  /// `string` as a JSON string literal, quotes included.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `string`.
  static func quoted(_ string: String) -> String {
    encoded(atMost: maximumQuotedByteCount(string)) { appendQuoted(string, to: &$0) }
  }

  /// The batch protocol's object for one query: the query exactly as given, and its results.
  ///
  ///     {"query": "lyf", "results": [{"id": "c7", "text": "刘亦菲", "kind": "initials",
  ///     "fuzzy": false, "start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}]}
  ///
  /// on one line, without a line terminator.
  static func answer(query: String, results: [SearchResult]) -> String {
    encoded(atMost: maximumAnswerByteCount(query: query, results: results)) {
      appendAnswer(query: query, results: results, to: &$0)
    }
  }

  /// The text `encode` writes, given room for `maximumByteCount` bytes.
  private static func encoded(atMost maximumByteCount: Int, _ encode: (inout ByteWriter) -> Void) -> String {
    let bytes = [UInt8](unsafeUninitializedCapacity: maximumByteCount) { buffer, initializedCount in
      var writer = ByteWriter(into: buffer)
      encode(&writer)
      initializedCount = writer.count
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The most bytes `appendAnswer(query:results:to:)` writes for `query` and `results`.
  ///
  /// - Complexity: O(`results.count`).
  static func maximumAnswerByteCount(query: String, results: [SearchResult]) -> Int {
    // `{"query": `, `, "results": [` and `]}`.
    var count = 26 + maximumQuotedByteCount(query)
    results.withUnsafeBufferPointer { results in
      for index in results.indices {
        count += maximumObjectByteCount + maximumQuotedByteCount(results[index].id)
        count += maximumQuotedByteCount(results[index].text)
      }
    }
    return count
  }

  /// The most bytes of one result's object and the `, ` before it, but for its id and text: 96
  /// bytes of keys and separators (`{"id": `, `, "fuzzy": false, "start": `, …), the kind's name
  /// in quotes and four numbers.
  private static let maximumObjectByteCount =
    96 + 2 + (MatchKind.allCases.map(\.rawValue.utf8.count).max() ?? 0) + 4 * ByteWriter.maximumDecimalByteCount

  /// The most bytes `appendQuoted(_:to:)` writes for `string`: each byte may take the six of
  /// `\u00XX`, and the quotes.
  private static func maximumQuotedByteCount(_ string: String) -> Int {
    2 + 6 * string.utf8.count
  }

  /// Appends the batch protocol's object for `query` and its `results` (see
  /// `answer(query:results:)`), without a line terminator; `writer` has room for
  /// `maximumAnswerByteCount(query:results:)` bytes.
  ///
  /// - Complexity: O(n) in the UTF-8 length of the query and of the results' ids and texts.
  static func appendAnswer(query: String, results: [SearchResult], to writer: inout ByteWriter) {
    writer.append("{\"query\": ")
    appendQuoted(query, to: &writer)
    writer.append(", \"results\": [")
    // Borrowed from the array's storage: a `for` loop, or the array's subscript, would copy each
    // result, retaining and releasing its strings.
    results.withUnsafeBufferPointer { results in
      for index in results.indices {
        if index > 0 { writer.append(", ") }
        appendObject(for: results[index], to: &writer)
      }
    }
    writer.append("]}")
  }

  /// Appends one result as a JSON object, its keys in the protocol's order.
  private static func appendObject(for result: borrowing SearchResult, to writer: inout ByteWriter) {
    writer.append("{\"id\": ")
    appendQuoted(result.id, to: &writer)
    writer.append(", \"text\": ")
    appendQuoted(result.text, to: &writer)
    // A kind's name is an identifier (`fullPinyin`): nothing in it needs an escape.
    writer.append(", \"kind\": \"")
    writer.append(contentsOf: result.kind.rawValue)
    writer.append(result.isFuzzy ? "\", \"fuzzy\": true, \"start\": " : "\", \"fuzzy\": false, \"start\": ")
    writer.appendDecimal(result.range.lowerBound)
    writer.append(", \"end\": ")
    writer.appendDecimal(result.range.upperBound)
    writer.append(", \"utf16Start\": ")
    writer.appendDecimal(result.utf16Range.lowerBound)
    writer.append(", \"utf16End\": ")
    writer.appendDecimal(result.utf16Range.upperBound)
    writer.append(UInt8(ascii: "}"))
  }

  /// Appends `string` as a JSON string literal, quotes included.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `string`.
  private static func appendQuoted(_ string: String, to writer: inout ByteWriter) {
    writer.append(UInt8(ascii: "\""))
    // Native strings, small ones included, are contiguous UTF-8; only a bridged one is not.
    let isAppended = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &writer) } != nil
    if !isAppended {
      for byte in string.utf8 { appendEscaped(byte, to: &writer) }
    }
    writer.append(UInt8(ascii: "\""))
  }

  /// Appends `utf8`, escaped as inside a JSON string literal: each run of bytes that needs no
  /// escape is copied whole, and found eight bytes at a time.
  private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to writer: inout ByteWriter) {
    guard let base = utf8.baseAddress else { return }
    let count = utf8.count
    var runStart = 0
    var index = 0
    while index < count {
      if count - index >= 8 && !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
        index += 8
        continue
      }
      // A byte of these eight (or of the last few) needs an escape: look at each.
      let end = min(index + 8, count)
      while index < end {
        if needsEscape(base[index]) {
          writer.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
          appendEscaped(base[index], to: &writer)
          runStart = index + 1
        }
        index += 1
      }
    }
    writer.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
  }

  /// Whether any of the eight bytes of `word` may need an escape: false only when none is below
  /// 0x20, `"` or `\` (the bit tricks of "Bit Twiddling Hacks": a byte below n sets its high bit
  /// in `(x - n·0x01…01) & ~x & 0x80…80`, for n up to 128, and a byte equal to c is a zero byte
  /// of `x ^ c·0x01…01`).
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let belowSpace = word &- ones &* 0x20
    let zeroQuote = quotes &- ones
    let zeroBackslash = backslashes &- ones
    return (belowSpace & ~word | zeroQuote & ~quotes | zeroBackslash & ~backslashes) & highBits != 0
  }

  /// Whether `byte` is written as an escape in a JSON string: `"`, `\` and the control
  /// characters U+0000–U+001F.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends `byte`, escaped if it needs to be.
  private static func appendEscaped(_ byte: UInt8, to writer: inout ByteWriter) {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      writer.append(UInt8(ascii: "\\"))
      writer.append(byte)
    case 0x08: writer.append("\\b")
    case 0x09: writer.append("\\t")
    case 0x0A: writer.append("\\n")
    case 0x0C: writer.append("\\f")
    case 0x0D: writer.append("\\r")
    case 0x00..<0x20:
      writer.append("\\u00")
      writer.append(hexDigit(byte >> 4))
      writer.append(hexDigit(byte & 0x0F))
    default:
      writer.append(byte)
    }
  }

  /// The lowercase hexadecimal digit of `value`, which is below 16.
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}

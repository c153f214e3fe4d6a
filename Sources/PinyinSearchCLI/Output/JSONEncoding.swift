import PinyinSearch

/// The JSON the tool prints: string literals per RFC 8259, and the batch protocol's objects.
///
/// Output matches Python's `json.dumps(value, ensure_ascii=False)`: `", "` and `": "` as
/// separators; `"` and `\` escaped; the control characters U+0000–U+001F written `\b`, `\t`,
/// `\n`, `\f`, `\r` or `\u00XX` (lowercase hex); everything else, non-ASCII included, as UTF-8.
///
///     JSON.quoted("刘\"亦\"\n")  // "\"刘\\\"亦\\\"\\n\""
enum JSON {
  /// `string` as a JSON string literal, quotes included.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `string`.
  static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(string.utf8.count + 2)
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x00..<0x20:
        bytes.append(contentsOf: Array("\\u00".utf8))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The batch protocol's object for one query: the query exactly as given, and its results.
  ///
  ///     {"query": "lyf", "results": [{"id": "c7", "text": "刘亦菲", "kind": "initials",
  ///     "fuzzy": false, "start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}]}
  ///
  /// on one line, without a line terminator.
  static func answer(query: String, results: [SearchResult]) -> String {
    "{\"query\": \(quoted(query)), \"results\": [\(results.map(object(for:)).joined(separator: ", "))]}"
  }

  /// One result as a JSON object, its keys in the protocol's order.
  static func object(for result: SearchResult) -> String {
    "{\"id\": \(quoted(result.id)), \"text\": \(quoted(result.text)), \"kind\": \(quoted(result.kind.rawValue)), "
      + "\"fuzzy\": \(result.isFuzzy), \"start\": \(result.range.lowerBound), \"end\": \(result.range.upperBound), "
      + "\"utf16Start\": \(result.utf16Range.lowerBound), \"utf16End\": \(result.utf16Range.upperBound)}"
  }
}

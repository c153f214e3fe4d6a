import PinyinSearch

/// The batch protocol's JSON as the tool wrote it before it encoded answers into its output
/// buffer as bytes (up to commit 5b46f23): built from `String`s by interpolation, each byte of
/// a string looked at on its own. The oracle of the tests that pin the byte encoder's output.
///
///     ReferenceJSON.answer(query: "lyf", results: [])  // {"query": "lyf", "results": []}
enum ReferenceJSON {
  /// `string` as a JSON string literal: `"` and `\` escaped, U+0000–U+001F as `\b`, `\t`, `\n`,
  /// `\f`, `\r` or `\u00xx`, everything else as it is.
  static func quoted(_ string: String) -> String {
    var literal = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\u{8}": literal += "\\b"
      case "\t": literal += "\\t"
      case "\n": literal += "\\n"
      case "\u{C}": literal += "\\f"
      case "\r": literal += "\\r"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// The object answering `query` with `results`, on one line without a terminator.
  static func answer(query: String, results: [SearchResult]) -> String {
    "{\"query\": \(quoted(query)), \"results\": [\(results.map(object(for:)).joined(separator: ", "))]}"
  }

  /// One result, its keys in the protocol's order.
  static func object(for result: SearchResult) -> String {
    "{\"id\": \(quoted(result.id)), \"text\": \(quoted(result.text)), \"kind\": \(quoted(result.kind.rawValue)), "
      + "\"fuzzy\": \(result.isFuzzy), \"start\": \(result.range.lowerBound), \"end\": \(result.range.upperBound), "
      + "\"utf16Start\": \(result.utf16Range.lowerBound), \"utf16End\": \(result.utf16Range.upperBound)}"
  }
}

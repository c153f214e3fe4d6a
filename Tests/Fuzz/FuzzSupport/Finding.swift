import PinyinSearch

/// A fuzz finding: a broken rule, reported as a crash so that libFuzzer saves the input.
///
/// The message names the rule and lists what the input came to (records, query, both
/// answers), each text quoted with its escapes, so that the finding can be understood without
/// decoding the input by hand.
public enum Finding {
  /// Ends the process with `rule` and the `details`, each a name and a value.
  public static func report(_ rule: String, _ details: [(name: String, value: String)]) -> Never {
    var message = "fuzz finding: \(rule)\n"
    for (name, value) in details {
      message += value.contains("\n") ? "\(name):\n\(value)\n" : "\(name): \(value)\n"
    }
    FuzzFiles.printError(message)
    fatalError("fuzz finding: \(rule)")
  }

  /// `records`, one a line: id and text, quoted.
  public static func describe(_ records: [Record]) -> String {
    records.isEmpty ? "  (none)" : records.map { "  \(quoted($0.id)) \(quoted($0.text))" }.joined(separator: "\n")
  }

  /// `results`, one a line: kind (`~` after it when fuzzy), ranges, id and text.
  public static func describe(_ results: [SearchResult]) -> String {
    guard !results.isEmpty else { return "  (none)" }
    return results.map { result in
      let kind = "\(result.kind)\(result.isFuzzy ? "~" : "")"
      return "  \(kind) \(result.range) utf16 \(result.utf16Range) \(quoted(result.id)) \(quoted(result.text))"
    }.joined(separator: "\n")
  }

  /// `text` in quotes, printable ASCII and ideographs as they are and every other scalar
  /// escaped (`"e\u{301}"`), so that texts that look alike are told apart.
  public static func quoted(_ text: String) -> String {
    "\"" + text.unicodeScalars.map(escaped).joined() + "\""
  }

  /// `bytes` quoted as `quoted(_:)` quotes text, with each byte that is not part of valid UTF-8
  /// written `\xFF`.
  public static func quoted(bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var quoted = "\""
    var index = 0
    while index < bytes.count {
      let scalar = (1...min(4, bytes.count - index)).lazy.compactMap { length in
        String(validUTF8: bytes[index..<(index + length)])
      }.first
      if let scalar {
        quoted += escaped(scalar.unicodeScalars.first!)
        index += scalar.utf8.count
      } else {
        let hex = String(bytes[index], radix: 16, uppercase: true)
        quoted += "\\x" + (hex.count == 1 ? "0" : "") + hex
        index += 1
      }
    }
    return quoted + "\""
  }

  /// `scalar` as `quoted(_:)` writes it.
  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    let isPlain = (0x20...0x7E).contains(scalar.value) && scalar != "\"" && scalar != "\\"
    return isPlain || scalar.properties.isIdeographic ? String(scalar) : scalar.escaped(asASCII: true)
  }
}

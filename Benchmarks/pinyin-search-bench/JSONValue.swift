/// A JSON value, written by hand so that numbers come out exactly as intended (integers for
/// nanoseconds and bytes, ratios to 3 decimals) and keys in a fixed order.
enum JSONValue {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Keys in the order given.
  case object([(String, JSONValue)])

  /// The value as indented JSON text.
  func text(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value): return value.isFinite ? Format.fixed(value, decimals: 3) : "null"
    case .string(let value): return Self.quoted(value)
    case .array(let values):
      guard !values.isEmpty else { return "[]" }
      return "[\n" + values.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      return "{\n"
        + members.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
        + "\n\(indent)}"
    }
  }

  /// `string` as a JSON string literal.
  private static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}

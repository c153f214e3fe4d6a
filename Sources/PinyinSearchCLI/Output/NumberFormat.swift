/// Numbers written for people.
enum NumberFormat {
  /// `number` with commas between groups of three digits: `100,000`.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = number < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  /// A byte count in the unit that suits it: `512 B`, `12.3 KB`, `4.5 MB`, `1.2 GB` (powers of 1000).
  static func byteCount(_ count: Int) -> String {
    switch count {
    case ..<1_000: return "\(count) B"
    case ..<1_000_000: return oneDecimal(Double(count) / 1e3) + " KB"
    case ..<1_000_000_000: return oneDecimal(Double(count) / 1e6) + " MB"
    default: return oneDecimal(Double(count) / 1e9) + " GB"
    }
  }

  /// `value` with one decimal.
  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

/// How the report writes numbers: three significant digits in a unit that suits the value.
enum Format {
  /// `duration` as `850 ns`, `1.23 µs`, `45.6 ms`, `2.10 s`.
  static func duration(_ duration: Duration) -> String {
    let nanoseconds = duration.nanoseconds
    switch nanoseconds {
    case ..<1000: return "\(Int(nanoseconds.rounded())) ns"
    case ..<1_000_000: return "\(significant(nanoseconds / 1000)) µs"
    case ..<1_000_000_000: return "\(significant(nanoseconds / 1_000_000)) ms"
    default: return "\(significant(nanoseconds / 1_000_000_000)) s"
    }
  }

  /// `bytes` as `512 B`, `1.50 KiB`, `23.4 MiB`, `1.20 GiB`.
  static func bytes(_ bytes: Int) -> String {
    let value = Double(bytes)
    switch abs(value) {
    case ..<1024: return "\(bytes) B"
    case ..<(1024 * 1024): return "\(significant(value / 1024)) KiB"
    case ..<(1024 * 1024 * 1024): return "\(significant(value / 1024 / 1024)) MiB"
    default: return "\(significant(value / 1024 / 1024 / 1024)) GiB"
    }
  }

  /// `count` with thousands separators: `1,000,000`.
  static func count(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (count < 0 ? "-" : "") + text
  }

  /// A ratio as `12.3×`.
  static func ratio(_ ratio: Double) -> String {
    "\(significant(ratio))×"
  }

  /// `value` with three significant digits (more for values of 1,000 and above), without
  /// exponent: `1.23`, `12.3`, `123`, `4560`.
  static func significant(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let magnitude = abs(value)
    let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
    return fixed(value, decimals: decimals)
  }

  /// `value` rounded to `decimals` decimals.
  static func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(scaled) }
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    return sign + "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
}

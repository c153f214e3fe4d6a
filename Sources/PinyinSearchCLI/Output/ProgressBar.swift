/// Progress bars drawn with ASCII only: `#`, `-` and brackets are one column wide in every
/// terminal, where block characters (U+2588…) are two in East Asian terminal settings.
enum ProgressBar {
  /// `fraction` (clamped to 0…1) as a bar `width` columns wide inside brackets.
  ///
  ///     ProgressBar.bar(fraction: 0.5, width: 10)  // "[#####-----]"
  static func bar(fraction: Double, width: Int) -> String {
    let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
  }

  /// `fraction` as a whole percentage right-aligned in 4 columns: `"  7%"`, `"100%"`.
  static func percentage(_ fraction: Double) -> String {
    let percent = String(Int((min(max(fraction, 0), 1) * 100).rounded(.down)))
    return String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
  }
}

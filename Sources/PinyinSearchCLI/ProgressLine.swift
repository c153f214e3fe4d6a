/// The progress line `search` and `batch` draw on standard error (a terminal) while a large
/// data file loads, erased once it has loaded:
///
///     loading people.csv [########------------]  41%  41,305 records
///
/// Nothing is drawn for a load that ends within `delay` (200 ms), and the line is redrawn at
/// most every `interval`, so a small file shows nothing and a large one costs a few writes a second.
struct ProgressLine {
  /// What is loading, as named in the line.
  let name: String
  /// Whether to draw at all: standard error is a terminal.
  let isEnabled: Bool
  /// How long a load runs before the line appears.
  let delay: Duration
  /// The clock timing the load.
  private let clock = ContinuousClock()
  /// When the load started.
  private let start: ContinuousClock.Instant
  /// When the line was drawn last; nil while it is not on screen.
  private var lastDrawn: ContinuousClock.Instant?

  /// The least time between two redraws.
  static let interval = Duration.milliseconds(100)

  /// A line for loading `name`, drawn only when `isEnabled` and once `delay` has passed.
  init(name: String, isEnabled: Bool, delay: Duration = .milliseconds(200)) {
    self.name = name
    self.isEnabled = isEnabled
    self.delay = delay
    start = clock.now
  }

  /// Redraws the line for `state` on `output` and flushes it, when it is time to.
  mutating func update(_ state: LoadState, to output: inout OutputStream) {
    guard isEnabled else { return }
    let now = clock.now
    guard now - start >= delay, lastDrawn.map({ now - $0 >= Self.interval }) ?? true else { return }
    lastDrawn = now
    output.write("\r" + Self.text(for: state) + "\u{1B}[K")
    try? output.flush()
  }

  /// Erases the line, if it was drawn.
  mutating func erase(from output: inout OutputStream) {
    guard lastDrawn != nil else { return }
    lastDrawn = nil
    output.write("\r\u{1B}[K")
    try? output.flush()
  }

  /// The line's text for `state`: a bar and a percentage when the size is known, else the bytes
  /// read; then the records.
  ///
  ///     ProgressLine.text(for: state)  // "loading a.csv [##########----------]  50%  5,000 records"
  static func text(for state: LoadState) -> String {
    let amount =
      state.fraction.map { ProgressBar.bar(fraction: $0, width: 20) + " " + ProgressBar.percentage($0) }
      ?? NumberFormat.byteCount(state.consumedByteCount)
    return "loading \(state.name) \(amount)  \(NumberFormat.grouped(state.recordCount)) records"
  }
}

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

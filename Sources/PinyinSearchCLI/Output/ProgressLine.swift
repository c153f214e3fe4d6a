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

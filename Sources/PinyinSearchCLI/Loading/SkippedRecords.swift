/// The bad records `--skip-bad` skipped: how many, and the first few, for the report.
struct SkippedRecords: Equatable, Sendable {
  /// How many were skipped.
  private(set) var count = 0
  /// The first `listedLimit` of them.
  private(set) var listed: [RecordError] = []
  /// How many are listed in the report.
  static let listedLimit = 10

  /// Counts `error`.
  mutating func add(_ error: RecordError) {
    count += 1
    if listed.count < Self.listedLimit { listed.append(error) }
  }

  /// Counts `count` errors, of which `errors` are the first, in order.
  mutating func add(_ errors: [RecordError], count: Int) {
    precondition(errors.count <= count, "more errors listed than counted")
    self.count += count
    listed += errors.prefix(Self.listedLimit - listed.count)
  }

  /// Writes the report on the skipped records of `path` to `output` (nothing when none were):
  /// the first ten, then the count.
  ///
  ///     pinyin-search: people.csv:7: empty id (skipped)
  ///     pinyin-search: people.csv: skipped 1 bad record
  func report(path: String, to output: inout OutputStream) {
    guard count > 0 else { return }
    for error in listed {
      output.write("pinyin-search: \(path):\(error.line): \(error.problem) (skipped)\n")
    }
    let more = count > listed.count ? " (the first \(listed.count) listed above)" : ""
    output.write("pinyin-search: \(path): skipped \(count) bad record\(count == 1 ? "" : "s")\(more)\n")
  }
}

/// A bad record: where, and what is wrong with it.
struct RecordError: Error, Equatable, Sendable {
  /// The 1-based line number.
  var line: Int
  /// What is wrong.
  var problem: DataProblem
  /// Whether the problem concerns the whole file — the CSV header, which every record depends
  /// on — so that `--skip-bad` cannot skip it.
  var isFatal = false
}

/// How far the loading of a data file is: what `ProgressLine` and the interactive status line show.
struct LoadState: Equatable, Sendable {
  /// What is loaded: the file's path, `standard input`, or the built-in data.
  var name: String
  /// The bytes read and decoded so far.
  var consumedByteCount = 0
  /// The size of the input, when known (a regular file).
  var totalByteCount: Int?
  /// The records read so far, repeated ids included.
  var recordCount = 0
  /// The bad records skipped (`--skip-bad`).
  var skipped = SkippedRecords()
  /// The warnings about the file.
  var warnings: [DataWarning] = []
  /// The kind of engine being built from the records, once every one is read (the scan and hash
  /// engines, which take no records while they are searched); nil while reading, and for the
  /// hybrid engine, which takes them as they come.
  var building: EngineKind?
  /// Whether the load has ended: every record read and the engine built, or an error.
  var isFinished = false
  /// The error that ended the load early.
  var error: CommandLineError?
  /// Whether the loader was asked to stop.
  var isCancelled = false

  /// The part of the input read, from 0 to 1; nil when the size is not known.
  var fraction: Double? {
    if isFinished { return 1 }
    guard let total = totalByteCount, total > 0 else { return nil }
    return min(1, Double(consumedByteCount) / Double(total))
  }
}

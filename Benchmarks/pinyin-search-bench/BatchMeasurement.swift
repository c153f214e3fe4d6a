/// `pinyin-search batch --engine hash` on one data set, timed from outside as an embedder in
/// another language talks to it (`BatchProtocolBenchmark`).
struct BatchMeasurement {
  /// The queries piped, after the warm-up query.
  var queryCount: Int
  /// From the first query written to the last answer line read; loading excluded.
  var elapsed: Duration
  /// The tool's peak resident memory (`VmHWM`), read before its input was closed; nil when
  /// unknown.
  var peakResident: Int?
  /// `pinyin-search index`'s run, which built the snapshot, from start to exit.
  var indexing: Duration
  /// The snapshot's size.
  var snapshotBytes: Int
  /// From starting the tool with `--snapshot` to reading its first answer, median of three.
  var firstAnswer: Duration

  /// Answers per second.
  var answersPerSecond: Double { Double(queryCount) / max(elapsed.seconds, 1e-9) }
}

import PinyinSearch

/// The hash index built with one set of search options, and a workload run on it.
struct OptionMeasurement {
  /// The options, as the command line names them (`default`, `mixed`).
  var optionsName: String
  /// The workload, by what it types (`keystrokes`, `mixed`).
  var workloadName: String
  /// Building the index.
  var build: Duration
  /// The index's statistics.
  var statistics: IndexStatistics
  /// Every query's search time.
  var latencies: LatencySummary?
  /// The queries whose answers were compared with the scan's (same options), and how many differed.
  var comparedQueries: Int
  var differingQueries: Int
  /// The share of queries with at least one result.
  var answeredShare: Double
  /// The slowest queries, slowest first.
  var slowest: [(query: String, latency: Duration)]
}

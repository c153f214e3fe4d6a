import PinyinSearch

/// The hash index built with one set of search options, and a workload run on it.
struct OptionMeasurement {
  /// The options, as `MeasuredOptions` names them (`default`, `mixed`, …, `all`).
  var optionsName: String
  /// The options.
  var options: SearchOptions
  /// The workload.
  var workload: OptionWorkload
  /// Building the index.
  var build: Duration
  /// The index's statistics.
  var statistics: IndexStatistics
  /// Every query's search time.
  var latencies: LatencySummary?
  /// The queries whose answers were compared with the scan's (same options).
  var comparedQueries: Int
  /// The compared queries whose answers differed.
  var differingQueries: Int
  /// The share of queries with at least one result.
  var answeredShare: Double
  /// The slowest queries, slowest first.
  var slowest: [(query: String, latency: Duration)]

  /// The index's tables, per record.
  var indexBytesPerRecord: Double {
    Double(statistics.indexByteCount) / Double(max(statistics.recordCount, 1))
  }

  /// The index's tables and records, per record.
  var bytesPerRecord: Double {
    Double(statistics.indexByteCount + statistics.recordByteCount) / Double(max(statistics.recordCount, 1))
  }
}

extension OptionMeasurement {
  /// How many times `baseline`'s build time, index bytes per record (the tables) and bytes per
  /// record (tables and records) this row's are.
  func ratios(to baseline: OptionMeasurement) -> (build: Double, indexBytes: Double, bytes: Double) {
    (
      build / baseline.build, indexBytesPerRecord / baseline.indexBytesPerRecord,
      bytesPerRecord / baseline.bytesPerRecord
    )
  }
}

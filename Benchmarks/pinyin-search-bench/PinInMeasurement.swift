/// PinIn4Cpp's TreeSearcher (CONTAIN logic) on one data set's records and keystroke workload,
/// as its driver measured them in its own process.
struct PinInMeasurement {
  /// Creating the searcher (which reads the dictionary), adding every record, and a first search.
  var build: Duration
  /// Resident memory the build added to the driver's process.
  var residentGrowth: Int
  /// The build's peak resident memory over the resident memory before it; nil where the peak
  /// cannot be reset.
  var buildPeakGrowth: Int?
  /// Each query's latency, in the workload's order: one call of PinIn4Cpp's C search function.
  var latencies: [Duration]
  /// Each query's number of hits: every record found (CONTAIN has no top-K).
  var hits: [Int]

  /// The latencies' median, p99 and maximum.
  var summary: LatencySummary? { LatencySummary(latencies) }

  /// The share of queries with at least one hit.
  var answeredShare: Double {
    Double(hits.count { $0 > 0 }) / Double(max(hits.count, 1))
  }

  /// The mean number of hits per query.
  var meanHits: Double {
    Double(hits.reduce(0, +)) / Double(max(hits.count, 1))
  }
}

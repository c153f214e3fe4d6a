/// What one engine did on one data set.
struct EngineMeasurement {
  /// The engine measured.
  var engine: EngineKind
  /// Until the engine answers its first query: precomputing the records, or building the index.
  var preparation: Duration
  /// The hybrid engine only: from its creation until its index answered, as seen between queries.
  var readyAfter: Duration?
  /// Whether the index was still building after the last query (then `readyAfter` is when
  /// waiting for it ended).
  var isReadyAfterLastQuery = false
  /// Resident memory added by the preparation, once the memory it freed was returned to the
  /// system (the hybrid's: by the time its index is ready).
  var residentGrowth: Int
  /// The preparation's peak resident memory over the resident memory before it, where the
  /// kernel lets the peak be reset (`ProcessMemory.resetPeak()`); nil otherwise, and for the hybrid.
  var preparationPeakGrowth: Int? = nil
  /// The process's peak resident memory after this engine's queries: since the preparation
  /// began where the peak can be reset, else cumulative over the run.
  var peakResident: Int
  /// The engine's own count of its bytes, where it has one.
  var engineBytes: Int?
  /// Each workload query's latency; nil for queries not run (see `stride`).
  var latencies: [Duration?]
  /// Every `stride`-th query was run: 1 unless the engine's queries would exceed the budget.
  var stride: Int
  /// Queries whose results were compared with the scan's.
  var comparedQueries: Int
  /// Compared queries whose results differ from the scan's.
  var differingQueries: Int
  /// A few of the differing queries, described.
  var differenceExamples: [String]
  /// The hybrid engine only: queries answered before its index was ready.
  var queriesBeforeReady: Int?

  /// The number of queries run.
  var queryCount: Int { latencies.count { $0 != nil } }

  /// The `count` slowest queries run, slowest first.
  func slowest(_ count: Int, of queries: [Query]) -> [(query: String, latency: Duration)] {
    var run: [(query: String, latency: Duration)] = []
    for (query, latency) in zip(queries, latencies) {
      if let latency { run.append((query.text, latency)) }
    }
    return Array(run.sorted { $0.latency > $1.latency }.prefix(count))
  }

  /// The latencies of the queries in `bucket` (every query when nil) that were run.
  func summary(of queries: [Query], in bucket: LengthBucket?) -> LatencySummary? {
    LatencySummary(
      zip(queries, latencies).lazy.filter { bucket == nil || $0.0.bucket == bucket }.compactMap(\.1))
  }
}

/// How much faster one engine is than another, over the queries both ran in the same run.
struct Speedup {
  /// The faster engine, named first: `hash` in "hash vs scan".
  var engine: EngineKind
  /// The engine it is compared with.
  var baseline: EngineKind
  /// The baseline's median over this engine's median, on the common queries.
  var median: Double
  /// The same for the 99th percentiles.
  var p99: Double
  /// The number of queries both engines ran.
  var queryCount: Int

  /// The pairs compared: hash vs scan, hash vs original, scan vs original.
  static let pairs: [(EngineKind, EngineKind)] = [(.hash, .scan), (.hash, .original), (.scan, .original)]

  /// `engine` against `baseline` on `measurement`'s data set; nil when they share no query.
  init?(_ engine: EngineKind, versus baseline: EngineKind, in measurement: DataSetMeasurement) {
    guard let fast = measurement.engine(engine), let slow = measurement.engine(baseline) else { return nil }
    let common = zip(fast.latencies, slow.latencies).compactMap { pair -> (Duration, Duration)? in
      guard let fast = pair.0, let slow = pair.1 else { return nil }
      return (fast, slow)
    }
    guard let fastSummary = LatencySummary(common.map(\.0)), let slowSummary = LatencySummary(common.map(\.1)) else {
      return nil
    }
    self.engine = engine
    self.baseline = baseline
    median = slowSummary.median / fastSummary.median
    p99 = slowSummary.p99 / fastSummary.p99
    queryCount = common.count
  }
}

/// How an engine's median latency grows with the number of records, over the generated sizes.
struct ScalingRow {
  /// The engine of the row.
  var engine: EngineKind
  /// Per generated size, ascending: the record count, the median, and the preparation time.
  var points: [(records: Int, median: Duration?, preparation: Duration)]

  /// One row per engine over the generated data sets of `measurements`, by increasing size.
  static func rows(of measurements: [DataSetMeasurement]) -> [ScalingRow] {
    let generated = measurements.filter {
      if case .generated = $0.dataSet { true } else { false }
    }.sorted { $0.recordCount < $1.recordCount }
    return EngineKind.allCases.map { kind in
      ScalingRow(
        engine: kind,
        points: generated.compactMap { measurement in
          measurement.engine(kind).map {
            (measurement.recordCount, $0.summary(of: measurement.workload.queries, in: nil)?.median, $0.preparation)
          }
        })
    }
  }
}

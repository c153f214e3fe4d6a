/// The measurements of one data set: its records, its workload, and every engine.
struct DataSetMeasurement {
  /// Where the records came from.
  var dataSet: DataSet
  /// The number of records read or generated, repeated ids included.
  var recordCount: Int
  /// Generating or reading the records.
  var loading: Duration
  /// The queries run on every engine.
  var workload: Workload
  /// In `EngineKind.allCases` order.
  var engines: [EngineMeasurement]
  /// Saving and opening the index.
  var snapshot: SnapshotMeasurement
  /// The hash index with each set of search options.
  var options: [OptionMeasurement]

  /// The measurement of `kind`.
  func engine(_ kind: EngineKind) -> EngineMeasurement? {
    engines.first { $0.engine == kind }
  }
}

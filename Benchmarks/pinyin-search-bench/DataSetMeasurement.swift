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
  /// Saving and opening the index built with options whose snapshots do more than map the file
  /// when they open (`OptionsBenchmark.snapshotOptionNames`), by the options' name.
  var optionSnapshots: [(optionsName: String, snapshot: SnapshotMeasurement)] = []
  /// The hash index with each set of search options, one row per option set and workload.
  var options: [OptionMeasurement]
  /// The worst queries found so far, on the index of every option (`HostileQueries`).
  var hostileQueries: [HostileQueryMeasurement] = []
  /// The workloads of the search-options table.
  var optionWorkloads: [OptionWorkload: Workload]
  /// PinIn4Cpp on the same records and keystrokes, in its own process.
  var pinIn: PeerOutcome<PinInMeasurement>
  /// The allocations of the hash engine's queries, counted in a child process.
  var allocations: PeerOutcome<AllocationMeasurement>
  /// `pinyin-search batch --engine hash` on the same records and keystrokes.
  var batch: PeerOutcome<BatchMeasurement>
  /// Workload queries that the other processes did not run, for holding a line break.
  var omittedPeerQueries = 0

  /// The measurement of `kind`.
  func engine(_ kind: EngineKind) -> EngineMeasurement? {
    engines.first { $0.engine == kind }
  }

  /// The rows of the options named `name` (`MeasuredOptions.name`), in workload order.
  func optionRows(_ name: String) -> [OptionMeasurement] {
    options.filter { $0.optionsName == name }
  }

  /// The ratios of `row`'s build time and bytes to the baseline options' (`default`), nil
  /// without a baseline row.
  func ratios(of row: OptionMeasurement) -> (build: Double, indexBytes: Double, bytes: Double)? {
    optionRows(MeasuredOptions.baselineName).first.map { row.ratios(to: $0) }
  }
}

import PinyinSearch

/// Builds the hash index of one data set with each set of search options (`MeasuredOptions.all`),
/// runs the workloads of the set on it, and compares a sample of the answers with the linear
/// scan's under the same options.
///
/// One index is alive at a time: each is freed, and freed memory returned to the system, before
/// the next is built.
struct OptionsBenchmark {
  /// The records.
  let records: [Record]
  /// The workloads of the data set.
  let workloads: [OptionWorkload: Workload]
  /// Results per query.
  let limit: Int
  /// The longest the scan may spend on one comparison (one option set and workload) before the
  /// queries are sampled.
  let budget: Duration
  /// Receives progress lines.
  let log: (String) -> Void
  /// Where every result ends up, so that no search is optimised away.
  var blackHole = BlackHole()
  /// The snapshots of the option sets of `snapshotOptionNames`, saved and opened, by name.
  var snapshots: [(optionsName: String, snapshot: SnapshotMeasurement)] = []
  /// The worst queries found so far (`HostileQueries`), timed on the index of every option.
  var hostileQueries: [HostileQueryMeasurement] = []

  /// The option sets whose index is also saved and opened as a snapshot: those with mixed input
  /// or the keypad, whose snapshots derive the sieves of the search among candidates from every
  /// record when they open, where a snapshot of the default options only maps the file.
  static let snapshotOptionNames: Set<String> = ["mixed", "keypad", "all"]

  /// Measures every option set on each of its workloads.
  mutating func run() -> [OptionMeasurement] {
    var rows: [OptionMeasurement] = []
    for set in MeasuredOptions.all {
      rows += measure(set)
    }
    return rows
  }

  /// Builds the index of `set`, runs its workloads, and frees the index.
  private mutating func measure(_ set: MeasuredOptions) -> [OptionMeasurement] {
    ProcessMemory.releaseFreedMemory()
    let (engine, build) = timed { HashIndexEngine(records, options: set.options) }
    let scan = LinearScanEngine(records, options: set.options)
    log("options \(set.name): index built in \(Format.duration(build))")
    var rows = measureWorkloads(set.workloads, on: engine, searchedWith: set, build: build, scan: scan)
    if set.name == MeasuredOptions.allName {
      // After the workloads, which built the tables made on first use.
      hostileQueries = HostileQueries.measure(on: engine, limit: limit, blackHole: &blackHole)
      let slowest = hostileQueries.max { $0.slowest < $1.slowest }
      log(
        "options \(set.name): slowest hostile query: \(slowest.map { "\($0.label), \(Format.duration($0.slowest))" } ?? "none")"
      )
    }
    for subset in set.searchedSubsets {
      // The same index, each search naming fewer options (options per search), compared with
      // the scan built for those options.
      let subsetScan = LinearScanEngine(records, options: subset.options)
      rows += measureWorkloads(subset.workloads, on: engine, searchedWith: subset, build: build, scan: subsetScan)
    }
    if Self.snapshotOptionNames.contains(set.name) {
      // Compared on the first queries of each of the set's workloads.
      let perWorkload = 1_000 / max(set.workloads.count, 1)
      let queries = set.workloads.flatMap { workloads[$0]?.queries.prefix(perWorkload).map(\.text) ?? [] }
      let snapshot = SnapshotMeasurement.measure(engine, build: build, queries: queries, limit: limit)
      log(
        "options \(set.name): snapshot of \(Format.bytes(snapshot.byteCount)) opened in "
          + "\(Format.duration(snapshot.open)) (structure only \(Format.duration(snapshot.openStructure))), "
          + "\(snapshot.differingQueries) answers differ")
      snapshots.append((set.name, snapshot))
    }
    return rows
  }

  /// Runs each of `kinds`' workloads on `engine`, every search with `set`'s options, and compares
  /// a sample of the answers with `scan`'s (built for those options).
  private mutating func measureWorkloads(
    _ kinds: [OptionWorkload], on engine: HashIndexEngine, searchedWith set: MeasuredOptions, build: Duration,
    scan: LinearScanEngine
  ) -> [OptionMeasurement] {
    var rows: [OptionMeasurement] = []
    for workloadKind in kinds {
      guard let workload = workloads[workloadKind] else { continue }
      let limit = self.limit
      let ownOptions = set.options == engine.options
      let search = { (query: String) in
        // A subset names its options; the index's own are searched as any caller would, with none
        // named. The options are a subset of the index's by construction (`MeasuredOptions.all`).
        ownOptions
          ? engine.search(query, limit: limit, offset: 0)
          : (try? engine.search(query, limit: limit, offset: 0, options: set.options)) ?? []
      }
      // Up to 8 queries spread over the workload warm the engine up (tables built on first use).
      for index in Swift.stride(from: 0, to: workload.queries.count, by: max(1, workload.queries.count / 8)) {
        blackHole.consume(search(workload.queries[index].text))
      }
      var latencies: [Duration] = []
      var answered = 0
      var answers: [[SearchResult]] = []
      for query in workload.queries {
        let start = benchmarkClock.now
        let results = search(query.text)
        latencies.append(benchmarkClock.now - start)
        if !results.isEmpty { answered += 1 }
        answers.append(results)
      }
      for results in answers { blackHole.consume(results) }
      let (compared, differing) = compare(answers, of: workload, with: scan)
      rows.append(
        OptionMeasurement(
          optionsName: set.name, options: set.options, workload: workloadKind, build: build,
          statistics: engine.statistics, latencies: LatencySummary(latencies), comparedQueries: compared,
          differingQueries: differing, answeredShare: Double(answered) / Double(max(workload.queries.count, 1)),
          slowest: zip(workload.queries.map(\.text), latencies).sorted { $0.1 > $1.1 }.prefix(5).map { ($0, $1) }))
      log(
        "options \(set.name), \(workloadKind.rawValue): \(differing) of \(compared) compared answers "
          + "differ from the scan")
    }
    return rows
  }

  /// Runs every k-th query of `workload` on `scan` (k so that they fit the budget) and counts
  /// those whose answers differ from `answers`.
  private mutating func compare(
    _ answers: [[SearchResult]], of workload: Workload, with scan: LinearScanEngine
  ) -> (compared: Int, differing: Int) {
    guard !workload.queries.isEmpty else { return (0, 0) }
    let (probe, duration) = timed { scan.search(workload.queries[0].text, limit: limit, offset: 0) }
    blackHole.consume(probe)
    let stride = max(1, Int((duration * workload.queries.count / budget).rounded(.up)))
    var compared = 0
    var differing = 0
    for index in Swift.stride(from: 0, to: workload.queries.count, by: stride) {
      compared += 1
      let expected = scan.search(workload.queries[index].text, limit: limit, offset: 0)
      if expected != answers[index] {
        differing += 1
        if differing <= 3 {
          log(
            "  differs: \"\(workload.queries[index].text)\": scan \(expected.map(\.id)), hash \(answers[index].map(\.id))"
          )
        }
      }
    }
    return (compared, differing)
  }
}

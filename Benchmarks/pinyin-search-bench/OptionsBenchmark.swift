import PinyinSearch

/// Builds the hash index of one data set with each set of search options, runs the keystroke
/// workload and the mixed-input workload on it, and compares a sample of the answers with the
/// linear scan's under the same options.
struct OptionsBenchmark {
  /// The records.
  let records: [Record]
  /// The keystroke workload of the data set.
  let keystrokes: Workload
  /// The mixed-input workload of the data set.
  let mixed: Workload
  /// Results per query.
  let limit: Int
  /// The longest the scan may spend on one comparison before the queries are sampled.
  let budget: Duration
  /// Receives progress lines.
  let log: (String) -> Void
  /// Where every result ends up, so that no search is optimised away.
  var blackHole = BlackHole()

  /// The option sets measured, with their names.
  static let optionSets: [(String, SearchOptions)] = [("default", .default), ("mixed", SearchOptions(mixed: true))]

  /// Measures every option set on both workloads.
  mutating func run() -> [OptionMeasurement] {
    var rows: [OptionMeasurement] = []
    for (name, options) in Self.optionSets {
      ProcessMemory.releaseFreedMemory()
      let (engine, build) = timed { HashIndexEngine(records, options: options) }
      let scan = LinearScanEngine(records, options: options)
      log("options \(name): index built in \(Format.duration(build))")
      for (workloadName, workload) in [("keystrokes", keystrokes), ("mixed", mixed)] {
        var latencies: [Duration] = []
        var answered = 0
        var answers: [[SearchResult]] = []
        for query in workload.queries {
          let start = benchmarkClock.now
          let results = engine.search(query.text, limit: limit, offset: 0)
          latencies.append(benchmarkClock.now - start)
          if !results.isEmpty { answered += 1 }
          answers.append(results)
        }
        for results in answers { blackHole.consume(results) }
        let (compared, differing) = compare(answers, of: workload, with: scan)
        rows.append(
          OptionMeasurement(
            optionsName: name, workloadName: workloadName, build: build, statistics: engine.statistics,
            latencies: LatencySummary(latencies), comparedQueries: compared, differingQueries: differing,
            answeredShare: Double(answered) / Double(max(workload.queries.count, 1)),
            slowest: zip(workload.queries.map(\.text), latencies).sorted { $0.1 > $1.1 }.prefix(5).map { ($0, $1) }))
        log("options \(name), \(workloadName): \(differing) of \(compared) compared answers differ from the scan")
      }
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
      if scan.search(workload.queries[index].text, limit: limit, offset: 0) != answers[index] { differing += 1 }
    }
    return (compared, differing)
  }
}

import PinyinSearch

/// Runs every engine on one data set's workload, one engine at a time, and checks each engine's
/// answers against the linear scan's.
///
/// The scan runs first, since its answers are the reference; then the original algorithm, the
/// hash index after its build (saved and opened as a snapshot before it is freed), and the
/// hybrid engine queried from its creation on. Each engine is freed before the next is prepared. The original and the scan, whose cost grows with the
/// data, run every k-th query only when all of them would take longer than the budget; k comes
/// from timing 8 queries spread over the workload, which also warm the engine up.
struct DataSetBenchmark {
  /// The records every engine is prepared with.
  let records: [Record]
  /// The queries, in the order they run.
  let workload: Workload
  /// Results per query.
  let limit: Int
  /// The longest a scanning engine's queries may take before they are sampled.
  let budget: Duration
  /// Receives progress lines (the report goes to standard output, progress elsewhere).
  let log: (String) -> Void
  /// Where every result ends up, so that no search is optimised away.
  var blackHole = BlackHole()

  /// Measures every engine, in `EngineKind.allCases` order (the hybrid only when
  /// `includesHybrid`), and saves and opens the hash engine's index as a snapshot before it is
  /// freed.
  mutating func run(includesHybrid: Bool = true) -> (engines: [EngineMeasurement], snapshot: SnapshotMeasurement) {
    let records = records
    let (scan, reference) = measure(.scan, sampling: 1, reference: nil) { LinearScanEngine(records) }
    // The original's queries are a subset of the scan's, so that every one of them is compared.
    let (original, _) = measure(.original, sampling: scan.stride, reference: reference) { OriginalEngine(records) }
    var snapshot: SnapshotMeasurement?
    let (hash, _) = measure(.hash, sampling: nil, reference: reference) {
      HashIndexEngine(records)
    } inspect: { [workload, limit] engine, build in
      snapshot = SnapshotMeasurement.measure(
        engine, build: build, queries: workload.queries.map(\.text), limit: limit)
    }
    guard includesHybrid else { return ([original, scan, hash], snapshot!) }
    let hybrid = measureHybrid(reference: reference)
    return ([original, scan, hash, hybrid], snapshot!)
  }

  /// Prepares an engine with `prepare`, runs the workload on it, and compares its answers with
  /// `reference`. With a `sampling` granule g, when every query would exceed the budget, it runs
  /// every k-th query only, k the smallest multiple of g that fits; with nil, every query.
  /// `inspect` gets the engine and its preparation time after the queries, before it is freed.
  ///
  /// - Returns: The measurement and the answers, nil for queries not run.
  private mutating func measure<Engine: MeasuredEngine>(
    _ kind: EngineKind, sampling granule: Int?, reference: [[SearchResult]?]?, prepare: () -> Engine,
    inspect: (Engine, Duration) -> Void = { _, _ in }
  ) -> (EngineMeasurement, [[SearchResult]?]) {
    ProcessMemory.releaseFreedMemory()
    let residentBefore = ProcessMemory.residentBytes
    let isPeakReset = ProcessMemory.resetPeak()
    let (engine, preparation) = timed(prepare)
    let preparationPeak = ProcessMemory.peakResidentBytes
    ProcessMemory.releaseFreedMemory()
    let residentGrowth = ProcessMemory.residentBytes - residentBefore
    log("\(kind.rawValue): prepared in \(Format.duration(preparation))")
    let stride = sampleStride(for: engine, granule: granule)
    var latencies = [Duration?](repeating: nil, count: workload.queries.count)
    var answers = [[SearchResult]?](repeating: nil, count: workload.queries.count)
    for index in Swift.stride(from: 0, to: workload.queries.count, by: stride) {
      let query = workload.queries[index].text
      let start = benchmarkClock.now
      let results = engine.search(query, limit: limit, offset: 0)
      latencies[index] = benchmarkClock.now - start
      answers[index] = results
    }
    for case let results? in answers { blackHole.consume(results) }
    var measurement = EngineMeasurement(
      engine: kind, preparation: preparation, residentGrowth: residentGrowth,
      preparationPeakGrowth: isPeakReset ? preparationPeak - residentBefore : nil,
      peakResident: ProcessMemory.peakResidentBytes, engineBytes: engine.ownByteCount, latencies: latencies,
      stride: stride, comparedQueries: 0, differingQueries: 0, differenceExamples: [])
    if let reference { compare(answers, with: reference, into: &measurement) }
    inspect(engine, preparation)
    log(
      "\(kind.rawValue): \(Format.count(measurement.queryCount)) queries"
        + (stride > 1 ? " (1 in \(stride), to fit the budget)" : "")
        + (reference != nil ? ", \(measurement.differingQueries) differ from the scan" : ""))
    return (measurement, answers)
  }

  /// Creates a hybrid engine and runs the whole workload on it at once, while it builds its
  /// index; counts the queries answered before the index was ready.
  private mutating func measureHybrid(reference: [[SearchResult]?]) -> EngineMeasurement {
    ProcessMemory.releaseFreedMemory()
    let residentBefore = ProcessMemory.residentBytes
    ProcessMemory.resetPeak()
    let created = benchmarkClock.now
    let engine = HybridEngine(records)
    let preparation = benchmarkClock.now - created
    var readyAfter: Duration?
    var queriesBeforeReady = 0
    var latencies = [Duration?](repeating: nil, count: workload.queries.count)
    var answers = [[SearchResult]?](repeating: nil, count: workload.queries.count)
    for (index, query) in workload.queries.enumerated() {
      if readyAfter == nil {
        if engine.status.isHashPathReady {
          readyAfter = benchmarkClock.now - created
        } else {
          queriesBeforeReady += 1
        }
      }
      let start = benchmarkClock.now
      let results = engine.search(query.text, limit: limit, offset: 0)
      latencies[index] = benchmarkClock.now - start
      answers[index] = results
    }
    let isReadyAfterLastQuery = readyAfter == nil
    if readyAfter == nil {
      engine.waitUntilIndexed()
      readyAfter = benchmarkClock.now - created
    }
    for case let results? in answers { blackHole.consume(results) }
    let statistics = engine.status.statistics
    var measurement = EngineMeasurement(
      engine: .hybrid, preparation: preparation, readyAfter: readyAfter,
      isReadyAfterLastQuery: isReadyAfterLastQuery, residentGrowth: ProcessMemory.residentBytes - residentBefore,
      peakResident: ProcessMemory.peakResidentBytes,
      engineBytes: statistics.map { $0.indexByteCount + $0.recordByteCount }, latencies: latencies, stride: 1,
      comparedQueries: 0, differingQueries: 0, differenceExamples: [], queriesBeforeReady: queriesBeforeReady)
    compare(answers, with: reference, into: &measurement)
    log(
      "\(EngineKind.hybrid.rawValue): searchable after \(Format.duration(preparation)), index ready after "
        + "\(Format.duration(readyAfter!)), \(queriesBeforeReady) queries answered before; "
        + "\(measurement.differingQueries) differ from the scan")
    return measurement
  }

  /// 1 when the engine can run every query within the budget (or `granule` is nil), else the
  /// smallest multiple k of `granule` such that every k-th query fits; times 8 queries spread
  /// over the workload, which also warm the engine up.
  private mutating func sampleStride<Engine: SearchEngine>(for engine: Engine, granule: Int?) -> Int {
    let count = workload.queries.count
    guard count > 0 else { return 1 }
    let probes = Set((0..<8).map { $0 * count / 8 }).sorted()
    var total = Duration.zero
    for index in probes {
      let (results, duration) = timed {
        engine.search(workload.queries[index].text, limit: limit, offset: 0)
      }
      blackHole.consume(results)
      total += duration
    }
    guard let granule else { return 1 }
    let estimate = total / probes.count * count
    let needed = max(1, Int((estimate / budget).rounded(.up)))
    return needed == 1 ? 1 : (needed + granule - 1) / granule * granule
  }

  /// Counts the queries whose `answers` differ from `reference`, among those both ran, and
  /// describes the first few distinct ones.
  private func compare(
    _ answers: [[SearchResult]?], with reference: [[SearchResult]?], into measurement: inout EngineMeasurement
  ) {
    var described: Set<String> = []
    for (index, pair) in zip(answers, reference).enumerated() {
      guard let answer = pair.0, let expected = pair.1 else { continue }
      measurement.comparedQueries += 1
      if answer != expected {
        measurement.differingQueries += 1
        if described.count < 5 && described.insert(workload.queries[index].text).inserted {
          measurement.differenceExamples.append(
            Self.difference(query: workload.queries[index].text, answer: answer, expected: expected))
        }
      }
    }
  }

  /// The first difference between `answer` and the scan's `expected` results, described.
  private static func difference(query: String, answer: [SearchResult], expected: [SearchResult]) -> String {
    let common = min(answer.count, expected.count)
    let position = (0..<common).first { answer[$0] != expected[$0] } ?? common
    func describe(_ results: [SearchResult]) -> String {
      guard position < results.count else { return "nothing (\(results.count) results)" }
      let result = results[position]
      return "\(result.id) \(result.text.debugDescription) \(result.kind.rawValue) "
        + "\(result.range.lowerBound)..<\(result.range.upperBound)"
    }
    return "\(query.debugDescription), result \(position + 1): scan \(describe(expected)), got \(describe(answer))"
  }
}

/// One speed target of the project, checked against this run's figures.
struct Target {
  /// What is asked, e.g. "hash median at 100,000 records < 5 µs".
  var name: String
  /// What was measured, formatted.
  var measured: String
  /// Whether it is met.
  var isMet: Bool
  /// By how much it is met or missed, e.g. "4.2× under the limit".
  var margin: String

  /// The targets that this run's data sets allow checking: those at 100,000 and 1,000,000
  /// generated records, and agreement with the scan everywhere.
  static func evaluate(_ measurements: [DataSetMeasurement], physicalMemory: Int) -> [Target] {
    func generated(_ count: Int) -> DataSetMeasurement? {
      measurements.first {
        if case .generated(count, _) = $0.dataSet { true } else { false }
      }
    }
    var targets: [Target] = []
    if let large = generated(100_000) {
      if let hash = large.engine(.hash), let summary = hash.summary(of: large.workload.queries, in: nil) {
        targets.append(below("hash median at 100,000 records", summary.median, limit: .microseconds(5)))
        targets.append(below("hash p99 at 100,000 records", summary.p99, limit: .microseconds(50)))
        targets.append(below("hash index build at 100,000 records", hash.preparation, limit: .seconds(2)))
      }
      targets += optionTargets(large)
      if let speedup = Speedup(.scan, versus: .original, in: large) {
        targets.append(
          Target(
            name: "scan ≥ 10× faster than the original at 100,000 records (medians)",
            measured: Format.ratio(speedup.median), isMet: speedup.median >= 10,
            margin: speedup.median >= 10
              ? "\(Format.ratio(speedup.median / 10)) beyond the target"
              : "short by \(Format.ratio(10 / speedup.median))"))
      }
    }
    for count in [100_000, 1_000_000] {
      if let measurement = generated(count), let target = hostileQueryTarget(measurement) { targets.append(target) }
    }
    if let huge = generated(1_000_000), let target = slowestAllOptionsP99(huge, limit: .milliseconds(1)) {
      targets.append(target)
    }
    if let huge = generated(1_000_000), let hash = huge.engine(.hash) {
      if let summary = hash.summary(of: huge.workload.queries, in: nil) {
        targets.append(below("hash median at 1,000,000 records", summary.median, limit: .microseconds(20)))
      }
      let share = Double(hash.peakResident) / Double(max(physicalMemory, 1))
      targets.append(
        Target(
          name: "build at 1,000,000 records fits in memory with room to spare (peak RSS < ½ of RAM)",
          measured: "\(Format.bytes(hash.peakResident)) peak of \(Format.bytes(physicalMemory))",
          isMet: share < 0.5, margin: "\(Format.fixed(share * 100, decimals: 1)) % of RAM"))
    }
    for measurement in measurements where measurement.recordCount == 100_000 {
      targets += peerComparison(at100k: measurement)
    }
    if let huge = generated(1_000_000) { targets += peerComparison(at1m: huge) }
    let optionRows = measurements.flatMap(\.options)
    let optionsDiffering = optionRows.reduce(0) { $0 + $1.differingQueries }
    if !optionRows.isEmpty {
      targets.append(
        Target(
          name: "hash with every set of search options answers exactly as the scan with the same options",
          measured: "\(optionsDiffering) of \(Format.count(optionRows.reduce(0) { $0 + $1.comparedQueries })) differ",
          isMet: optionsDiffering == 0,
          margin: optionsDiffering == 0 ? "every compared query" : "\(optionsDiffering) queries differ"))
    }
    for kind in [EngineKind.hash, .hybrid] {
      let compared = measurements.compactMap { $0.engine(kind) }
      let differing = compared.reduce(0) { $0 + $1.differingQueries }
      let total = compared.reduce(0) { $0 + $1.comparedQueries }
      targets.append(
        Target(
          name: "\(kind.rawValue) answers exactly as the scan",
          measured: "\(differing) of \(Format.count(total)) differ",
          isMet: differing == 0, margin: differing == 0 ? "every compared query" : "\(differing) queries differ"))
    }
    return targets
  }

  /// The targets of the hash index with search options at 100,000 records: with all
  /// options on, every workload's median ≤ 5 µs and p99 ≤ 50 µs, the build ≤ 3× and the index
  /// (its tables per record) ≤ 3× the default options'; with keypad alone, the index ≤ 1.6×.
  private static func optionTargets(_ measurement: DataSetMeasurement) -> [Target] {
    var targets: [Target] = []
    let all = measurement.optionRows("all")
    let summaries = all.compactMap { row in row.latencies.map { (row.workload.rawValue, $0) } }
    if let slowest = summaries.max(by: { $0.1.median < $1.1.median }) {
      targets.append(
        notAbove(
          "hash median with all options on at 100,000 records, every workload", slowest.1.median,
          limit: .microseconds(5), worst: slowest.0))
    }
    if let slowest = summaries.max(by: { $0.1.p99 < $1.1.p99 }) {
      targets.append(
        notAbove(
          "hash p99 with all options on at 100,000 records, every workload", slowest.1.p99, limit: .microseconds(50),
          worst: slowest.0))
    }
    if let row = all.first, let ratios = measurement.ratios(of: row) {
      targets.append(
        notAbove(
          "hash index build with all options on at 100,000 records, over the default options'", ratios.build,
          limit: 3, detail: "\(Format.duration(row.build))"))
      targets.append(
        notAbove(
          "hash index bytes per record with all options on at 100,000 records, over the default options'",
          ratios.indexBytes, limit: 3,
          detail: "\(Int(row.indexBytesPerRecord.rounded())) B; with records \(Format.ratio(ratios.bytes))"))
    }
    if let row = measurement.optionRows("keypad").first, let ratios = measurement.ratios(of: row) {
      targets.append(
        notAbove(
          "hash index bytes per record with keypad on at 100,000 records, over the default options'",
          ratios.indexBytes, limit: 1.6,
          detail: "\(Int(row.indexBytesPerRecord.rounded())) B; with records \(Format.ratio(ratios.bytes))"))
    }
    return targets
  }

  /// The target that with all options on every workload's p99 on `measurement` is at most
  /// `limit`; nil when the options were not measured.
  private static func slowestAllOptionsP99(_ measurement: DataSetMeasurement, limit: Duration) -> Target? {
    let summaries = measurement.optionRows("all").compactMap { row in row.latencies.map { (row.workload.rawValue, $0) }
    }
    guard let slowest = summaries.max(by: { $0.1.p99 < $1.1.p99 }) else { return nil }
    return notAbove(
      "hash p99 with all options on at \(Format.count(measurement.recordCount)) records, every workload",
      slowest.1.p99, limit: limit, worst: slowest.0)
  }

  /// The target that no hostile query of at most 64 bytes (`HostileQueries`) takes over 10 ms
  /// on the index of every option; nil when they were not timed.
  private static func hostileQueryTarget(_ measurement: DataSetMeasurement) -> Target? {
    let short = measurement.hostileQueries.filter { $0.byteCount <= 64 }
    guard let slowest = short.max(by: { $0.slowest < $1.slowest }) else { return nil }
    return notAbove(
      "slowest hostile query of at most 64 bytes with all options on at \(Format.count(measurement.recordCount)) "
        + "records", slowest.slowest, limit: .milliseconds(10), worst: slowest.label)
  }

  /// The target that `measured`, a latency of the workload named `worst`, is at most `limit`.
  private static func notAbove(_ what: String, _ measured: Duration, limit: Duration, worst: String) -> Target {
    let ratio = limit / measured
    return Target(
      name: "\(what) ≤ \(Format.duration(limit))", measured: "\(Format.duration(measured)) (\(worst))",
      isMet: measured <= limit,
      margin: measured <= limit ? "\(Format.ratio(ratio)) under the limit" : "over by \(Format.ratio(1 / ratio))")
  }

  /// The target that the ratio `measured` is at most `limit`.
  private static func notAbove(_ what: String, _ measured: Double, limit: Double, detail: String) -> Target {
    Target(
      name: "\(what) ≤ \(Format.ratio(limit))", measured: "\(Format.ratio(measured)) (\(detail))",
      isMet: measured <= limit,
      margin: measured <= limit
        ? "\(Format.ratio(limit / measured)) under the limit" : "over by \(Format.ratio(measured / limit))")
  }

  /// The target that `measured` stays under `limit`.
  private static func below(_ what: String, _ measured: Duration, limit: Duration) -> Target {
    let ratio = limit / measured
    return Target(
      name: "\(what) < \(Format.duration(limit))", measured: Format.duration(measured), isMet: measured < limit,
      margin: measured < limit ? "\(Format.ratio(ratio)) under the limit" : "over by \(Format.ratio(1 / ratio))")
  }
}

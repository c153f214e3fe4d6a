/// The targets of the peer comparison: an index that costs less than PinIn4Cpp's in every
/// dimension (the build no slower, its peak bounded, the median and p99 of a keystroke low).
extension Target {
  /// The targets at 100,000 records, default options, on `measurement` (generated contacts or a
  /// file such as the Faker contacts): build, memory, latency, allocations, snapshot and batch.
  static func peerComparison(at100k measurement: DataSetMeasurement) -> [Target] {
    guard let hash = measurement.engine(.hash) else { return [] }
    let label = measurement.dataSet.label
    var targets = [below("\(label): hash build ≤ 0.5 s", hash.preparation, atMost: .milliseconds(500))]
    if let pinIn = measurement.pinIn.value {
      let ratio = pinIn.build / hash.preparation
      targets.append(
        Target(
          name: "\(label): hash build no slower than PinIn4Cpp's (PinIn's time over ours ≥ 1.0×)",
          measured: "\(Format.ratio(ratio))", isMet: ratio >= 1,
          margin: ratio >= 1 ? "\(Format.ratio(ratio)) beyond the target" : "short by \(Format.ratio(1 / ratio))"))
    }
    let mebibyte = 1024 * 1024
    targets.append(bytes("\(label): RSS added by the hash engine ≤ 40 MiB", hash.residentGrowth, limit: 40 * mebibyte))
    if let peak = hash.preparationPeakGrowth {
      targets.append(bytes("\(label): the hash build's peak ≤ 80 MiB above the start", peak, limit: 80 * mebibyte))
      if let engineBytes = hash.engineBytes {
        targets.append(
          bytes("\(label): the hash build's peak ≤ 3× the engine's bytes", peak, limit: 3 * engineBytes))
      }
    }
    if let bytes = hash.engineBytes {
      let perRecord = bytes / max(measurement.recordCount, 1)
      targets.append(
        Target(
          name: "\(label): engine bytes ≤ 250 per record", measured: "\(perRecord) B", isMet: perRecord <= 250,
          margin: perRecord <= 250
            ? "\(Format.ratio(250 / Double(max(perRecord, 1)))) under the limit"
            : "over by \(Format.ratio(Double(perRecord) / 250))"))
    }
    if let summary = hash.summary(of: measurement.workload.queries, in: nil) {
      targets.append(below("\(label): hash median ≤ 2.5 µs", summary.median, atMost: .microseconds(2.5)))
      targets.append(below("\(label): hash p99 ≤ 12 µs", summary.p99, atMost: .microseconds(12)))
    }
    if let allocations = measurement.allocations.value {
      let beyond = allocations.beyondResultsPerQuery
      targets.append(
        Target(
          name: "\(label): no allocation per hash query beyond the results (array and long strings)",
          measured: "\(Format.significant(beyond)) per query", isMet: beyond <= 0,
          margin: beyond <= 0
            ? "none"
            : "\(Format.count(allocations.allocations - allocations.resultArrays - allocations.resultStrings)) in all"))
    }
    targets.append(
      below("\(label): snapshot open (full checksum) ≤ 20 ms", measurement.snapshot.open, atMost: .milliseconds(20)))
    targets.append(
      below(
        "\(label): snapshot open (structure only) ≤ 2 ms", measurement.snapshot.openStructure,
        atMost: .milliseconds(2)))
    if let batch = measurement.batch.value {
      let rate = batch.answersPerSecond
      targets.append(
        Target(
          name: "\(label): batch --engine hash ≥ 150,000 answers/s",
          measured: Format.count(Int(rate.rounded())), isMet: rate >= 150_000,
          margin: rate >= 150_000
            ? "\(Format.ratio(rate / 150_000)) beyond the target" : "short by \(Format.ratio(150_000 / rate))"))
      targets.append(
        below("\(label): first batch answer with --snapshot ≤ 50 ms", batch.firstAnswer, atMost: .milliseconds(50)))
    }
    return targets
  }

  /// The targets at 1,000,000 generated records: build ≤ 6 s, resident ≤ 400 MiB, median ≤ 4 µs.
  static func peerComparison(at1m measurement: DataSetMeasurement) -> [Target] {
    guard let hash = measurement.engine(.hash) else { return [] }
    var targets = [
      below("1,000,000 records: hash build ≤ 6 s", hash.preparation, atMost: .seconds(6)),
      bytes("1,000,000 records: RSS added by the hash engine ≤ 400 MiB", hash.residentGrowth, limit: 400 * 1024 * 1024),
    ]
    if let summary = hash.summary(of: measurement.workload.queries, in: nil) {
      targets.append(below("1,000,000 records: hash median ≤ 4 µs", summary.median, atMost: .microseconds(4)))
    }
    return targets
  }

  /// The target that `measured` is at most `limit`.
  private static func below(_ what: String, _ measured: Duration, atMost limit: Duration) -> Target {
    let ratio = limit / measured
    return Target(
      name: what, measured: Format.duration(measured), isMet: measured <= limit,
      margin: measured <= limit ? "\(Format.ratio(ratio)) under the limit" : "over by \(Format.ratio(1 / ratio))")
  }

  /// The target that `measured` bytes are at most `limit`.
  private static func bytes(_ what: String, _ measured: Int, limit: Int) -> Target {
    // Resident memory can shrink during a build when an earlier data set's memory is returned
    // to the system meanwhile: such a figure measures nothing.
    guard measured >= 0 else {
      return Target(
        name: what, measured: Format.bytes(measured), isMet: false,
        margin: "not measured: memory of an earlier data set was returned during the build (run this data set alone)")
    }
    return Target(
      name: what, measured: Format.bytes(measured), isMet: measured <= limit,
      margin: measured <= limit
        ? "\(Format.ratio(Double(limit) / Double(max(measured, 1)))) under the limit"
        : "over by \(Format.ratio(Double(measured) / Double(limit)))")
  }
}

import PinyinSearch

/// The measurements of one data set made in other processes — the allocations of the hash
/// engine's queries, PinIn4Cpp, and pinyin-search's batch protocol — on files of the same
/// records and keystrokes (`PeerInput`), written once for all three.
struct PeerBenchmark {
  /// PinIn's python, or why PinIn is skipped.
  let python: PeerOutcome<String>
  /// The pinyin-search executable, or why the batch protocol is not timed.
  let commandLineTool: PeerOutcome<String>
  /// The seed of generated data sets, which the allocation count regenerates.
  let seed: UInt64
  /// Results per query.
  let limit: Int

  /// The three measurements of `dataSet`, its `records` and `workload`; `log` receives
  /// progress lines.
  func run(
    _ dataSet: DataSet, records: [Record], workload: Workload, log: (String) -> Void
  ) -> (
    allocations: PeerOutcome<AllocationMeasurement>, pinIn: PeerOutcome<PinInMeasurement>,
    batch: PeerOutcome<BatchMeasurement>, omittedQueries: Int
  ) {
    let input: PeerInput
    do {
      input = try PeerInput(records: records, queries: workload.queries.map(\.text))
    } catch {
      let note = "Not measured: \(error)."
      return (.skipped(note), .skipped(note), .skipped(note), 0)
    }
    defer { input.remove() }
    log("counting the hash engine's allocations in a child process")
    let allocations = AllocationCount.measure(dataSet, seed: seed, input: input, limit: limit)
    log(allocations.value.map { "allocations: \(Format.significant($0.perQuery)) per query" } ?? allocations.note!)
    let pinIn: PeerOutcome<PinInMeasurement>
    switch python {
    case .measured(let python):
      log("PinIn4Cpp: building its TreeSearcher and running the workload")
      pinIn = PinInPeer.measure(input, python: python)
      log(pinIn.value.map { "PinIn4Cpp: built in \(Format.duration($0.build))" } ?? pinIn.note!)
    case .skipped(let note): pinIn = .skipped(note)
    }
    let batch: PeerOutcome<BatchMeasurement>
    switch commandLineTool {
    case .measured(let executable):
      log("batch protocol: piping the workload through pinyin-search batch --engine hash")
      batch = BatchProtocolBenchmark.measure(input, executable: executable, limit: limit)
      log(batch.value.map { "batch: \(Int($0.answersPerSecond)) answers/s" } ?? batch.note!)
    case .skipped(let note): batch = .skipped(note)
    }
    return (allocations, pinIn, batch, input.omittedQueryCount)
  }
}

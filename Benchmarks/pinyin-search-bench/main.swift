// The benchmark: the original algorithm, the linear scan, the hash index and the
// hybrid engine during its build, on the same keystroke workload, in one process and one run;
// then the hash index with each set of search options on the workloads typed for them.
//
// Beside them, in other processes: the allocations of the hash engine's queries, PinIn4Cpp
// (when Benchmarks/pinin/setup.sh has set it up) and pinyin-search's batch protocol.
//
//     swift run --package-path Benchmarks -c release pinyin-search-bench \
//       [--quick] [--sizes 4k,100k,1m] [--data FILE] [--json FILE]
//
// The report goes to standard output, progress to standard error, charts to --charts DIR. Exit
// status 1 when the hash or hybrid engine (or the hash engine with search options) answers any
// query differently from the linear scan.

import Foundation
import PinyinSearch

/// Writes `line` to standard error.
func progress(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

#if DEBUG
  progress(
    "warning: debug build; the figures are meaningless. "
      + "Run: swift run --package-path Benchmarks -c release pinyin-search-bench")
#endif

let options: BenchmarkOptions
do {
  options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  progress("pinyin-search-bench: \(error)\n\n\(BenchmarkOptions.usage)")
  exit(2)
}
if options.showsHelp {
  print(BenchmarkOptions.usage)
  exit(0)
}
// A peer that exits early must not end the benchmark while it writes to the peer's pipe.
signal(SIGPIPE, SIG_IGN)

if let workloadPath = options.allocationWorkloadPath {
  do {
    try AllocationCount.runChild(
      records: try options.dataSets[0].records(), workloadPath: workloadPath, limit: options.limit)
  } catch {
    progress("pinyin-search-bench: \(error)")
    exit(1)
  }
  exit(0)
}

if let addresses = options.redisAddresses {
  do {
    if let namespace = options.redisWorkerNamespace, let queryFile = options.workloadPath {
      try RedisBenchmark.runWorker(
        addresses: addresses, namespace: namespace, queryFile: queryFile, limit: options.limit,
        configuration: options.redisConnection.configuration())
      exit(0)
    }
    exit(try RedisBenchmark(addresses: addresses, options: options).run() == 0 ? 0 : 1)
  } catch {
    progress("pinyin-search-bench: \(error)")
    exit(1)
  }
}

if let replay = options.replay {
  for dataSet in options.dataSets {
    do {
      let records = try dataSet.records()
      let listed = try options.workloadPath.map { try Workload.listed(inFile: $0).queries.map(\.text) }
      let (run, building) = timed {
        HashIndexEngineReplay(
          records: records, workload: replay, allOptions: options.replaysWithAllOptions,
          maxMixedKeyLength: options.replayMaxMixedKeyLength, sampledRecords: options.sampledRecords,
          randomQueries: options.randomQueries, seed: options.seed,
          listed: listed)
      }
      let statistics = run.engine.statistics
      print(
        "\(dataSet.label): index built in \(Format.duration(building)) (workload included), "
          + "\(statistics.indexByteCount / max(statistics.recordCount, 1)) index bytes a record")
      let (results, elapsed) = timed { run.searchAll() }
      print(
        "\(dataSet.label): \(replay.rawValue), \(Format.count(run.queries.count)) queries, "
          + "\(Format.count(results)) results in \(Format.duration(elapsed))")
      if options.slowestCount > 0 {
        let times = run.timedQueries()
        if let summary = LatencySummary(times.map(\.time)) {
          print("  median \(Format.duration(summary.median)), p99 \(Format.duration(summary.p99)) (one more run)")
        }
        for (query, time) in times.sorted(by: { $0.time > $1.time }).prefix(options.slowestCount) {
          print("  \(Format.duration(time))  \(query)")
        }
      }
    } catch {
      progress("pinyin-search-bench: \(error)")
      exit(1)
    }
  }
  exit(0)
}

let runStart = benchmarkClock.now
var measurements: [DataSetMeasurement] = []
var checksum: UInt64 = 0
let peers = PeerBenchmark(
  python: PinInPeer.python(for: options.pinIn),
  commandLineTool: BatchProtocolBenchmark.executable(for: options.commandLineTool),
  seed: options.seed, limit: options.limit)
if let note = peers.python.note { progress(note) }
if let note = peers.commandLineTool.note { progress(note) }
for dataSet in options.dataSets {
  progress("[\(dataSet.label)] loading")
  let records: [Record]
  let loading: Duration
  do {
    (records, loading) = try timed { try dataSet.records() }
  } catch {
    progress("pinyin-search-bench: \(error)")
    exit(1)
  }
  let workload: Workload
  do {
    if case .file = dataSet, let path = options.workloadPath {
      workload = try Workload.listed(inFile: path)
    } else {
      workload = Workload(
        records: records, sampledRecords: options.sampledRecords, randomQueries: options.randomQueries,
        seed: options.seed)
    }
  } catch {
    progress("pinyin-search-bench: \(error)")
    exit(1)
  }
  let log: (String) -> Void = { progress("[\(dataSet.label)] \($0)") }
  let isFullyMeasured = records.count <= BenchmarkOptions.largestFullyMeasured
  log("\(Format.count(records.count)) records, \(Format.count(workload.queries.count)) queries")
  var benchmark = DataSetBenchmark(
    records: records, workload: workload, limit: options.limit, budget: options.queryBudget, log: log)
  let (engines, snapshot) = benchmark.run(includesHybrid: isFullyMeasured)
  checksum = checksum &* 31 &+ benchmark.blackHole.checksum
  progress(
    "[\(dataSet.label)] snapshot: \(Format.bytes(snapshot.byteCount)), saved in \(Format.duration(snapshot.save)), "
      + "opened in \(Format.duration(snapshot.open)) (structure only \(Format.duration(snapshot.openStructure))), \(snapshot.differingQueries) answers differ"
  )
  var optionWorkloads: [OptionWorkload: Workload] = [:]
  var optionRows: [OptionMeasurement] = []
  var optionSnapshots: [(optionsName: String, snapshot: SnapshotMeasurement)] = []
  var hostileQueries: [HostileQueryMeasurement] = []
  if isFullyMeasured {
    optionWorkloads = OptionWorkload.workloads(
      records: records, keystrokes: workload, sampledRecords: options.sampledRecords, seed: options.seed)
    var optionsBenchmark = OptionsBenchmark(
      records: records, workloads: optionWorkloads, limit: options.limit, budget: options.queryBudget / 8, log: log)
    optionRows = optionsBenchmark.run()
    optionSnapshots = optionsBenchmark.snapshots
    hostileQueries = optionsBenchmark.hostileQueries
    checksum = checksum &* 31 &+ optionsBenchmark.blackHole.checksum
  }
  let tooLarge = "Not measured above \(Format.count(BenchmarkOptions.largestFullyMeasured)) records."
  let peerRun =
    isFullyMeasured
    ? peers.run(dataSet, records: records, workload: workload, log: log)
    : (.skipped(tooLarge), .skipped(tooLarge), .skipped(tooLarge), 0)
  measurements.append(
    DataSetMeasurement(
      dataSet: dataSet, recordCount: records.count,
      loading: loading, workload: workload, engines: engines, snapshot: snapshot,
      optionSnapshots: optionSnapshots, options: optionRows, hostileQueries: hostileQueries,
      optionWorkloads: optionWorkloads, pinIn: peerRun.pinIn,
      allocations: peerRun.allocations, batch: peerRun.batch, omittedPeerQueries: peerRun.omittedQueries))
}

let report = Report(
  options: options, measurements: measurements, wallTime: benchmarkClock.now - runStart, checksum: checksum)
print(report.markdown, terminator: "")
if let directory = options.chartsDirectory {
  do {
    for path in try BenchmarkCharts(measurements: measurements).write(toDirectory: directory) {
      progress("wrote \(path)")
    }
  } catch {
    progress("pinyin-search-bench: \(error)")
    exit(1)
  }
}
if let path = options.jsonPath {
  do {
    try (report.json.text() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    progress("pinyin-search-bench: \(BenchmarkError.cannotWrite(path: path)): \(error)")
    exit(1)
  }
}
if report.hasDisagreements {
  progress("pinyin-search-bench: the hash or hybrid engine answered differently from the linear scan")
  exit(1)
}

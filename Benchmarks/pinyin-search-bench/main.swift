// The benchmark: the original algorithm, the linear scan, the hash index and the
// hybrid engine during its build, on the same keystroke workload, in one process and one run;
// then the hash index with each set of search options on the workloads typed for them.
//
//     swift run -c release pinyin-search-bench [--quick] [--sizes 4k,100k,1m] [--data FILE] [--json FILE]
//
// The report goes to standard output, progress to standard error. Exit status 1 when the hash
// or hybrid engine (or the hash engine with search options) answers any query differently from
// the linear scan.

import Foundation
import PinyinSearch

/// Writes `line` to standard error.
func progress(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

#if DEBUG
  progress("warning: debug build; the figures are meaningless. Run: swift run -c release pinyin-search-bench")
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

if let replay = options.replay {
  for dataSet in options.dataSets {
    do {
      let run = HashIndexEngineReplay(
        records: try dataSet.records(), workload: replay, sampledRecords: options.sampledRecords,
        randomQueries: options.randomQueries, seed: options.seed)
      let (results, elapsed) = timed { run.searchAll() }
      print(
        "\(dataSet.label): \(replay.rawValue), \(Format.count(run.queries.count)) queries, "
          + "\(Format.count(results)) results in \(Format.duration(elapsed))")
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
  let workload = Workload(
    records: records, sampledRecords: options.sampledRecords, randomQueries: options.randomQueries,
    seed: options.seed)
  progress("[\(dataSet.label)] \(Format.count(records.count)) records, \(Format.count(workload.queries.count)) queries")
  var benchmark = DataSetBenchmark(
    records: records, workload: workload, limit: options.limit, budget: options.queryBudget,
    log: { progress("[\(dataSet.label)] \($0)") })
  let engines = benchmark.run()
  checksum = checksum &* 31 &+ benchmark.blackHole.checksum
  let snapshot = SnapshotMeasurement.measure(
    records: records, queries: workload.queries.map(\.text), limit: options.limit)
  progress(
    "[\(dataSet.label)] snapshot: \(Format.bytes(snapshot.byteCount)), saved in \(Format.duration(snapshot.save)), "
      + "opened in \(Format.duration(snapshot.open)), \(snapshot.differingQueries) answers differ")
  let optionWorkloads = OptionWorkload.workloads(
    records: records, keystrokes: workload, sampledRecords: options.sampledRecords, seed: options.seed)
  var optionsBenchmark = OptionsBenchmark(
    records: records, workloads: optionWorkloads, limit: options.limit, budget: options.queryBudget / 8,
    log: { progress("[\(dataSet.label)] \($0)") })
  let optionRows = optionsBenchmark.run()
  checksum = checksum &* 31 &+ optionsBenchmark.blackHole.checksum
  measurements.append(
    DataSetMeasurement(
      dataSet: dataSet, recordCount: records.count,
      loading: loading, workload: workload, engines: engines, snapshot: snapshot, options: optionRows,
      optionWorkloads: optionWorkloads))
}

let report = Report(
  options: options, measurements: measurements, wallTime: benchmarkClock.now - runStart, checksum: checksum)
print(report.markdown, terminator: "")
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

import Foundation
import PinyinSearch

/// Counts the allocations of the hash engine's queries: the benchmark runs itself again with the
/// hidden `--count-allocations QUERIES` and glibc's allocation trace preloaded (`MallocTrace`);
/// that child builds the index of the same data set, runs the workload once to warm it up (the
/// arrays a search reuses grow to what the workload needs, once per process), and runs it again
/// with the trace on: what is counted is what every search allocates. In another process, the
/// trace costs the report's timings nothing.
enum AllocationCount {
  /// Runs the child for `dataSet` (generated with `seed`, or a file) on `input`'s queries.
  static func measure(_ dataSet: DataSet, seed: UInt64, input: PeerInput, limit: Int) -> PeerOutcome<
    AllocationMeasurement
  > {
    let dataArguments: [String]
    switch dataSet {
    case .generated(let count, let seed): dataArguments = ["--sizes", String(count), "--seed", String(seed)]
    case .file(let path): dataArguments = ["--data", path]
    case .builtIn: return .skipped("Allocations are counted on generated and file data sets only.")
    }
    let child = ChildProcess(
      executable: PackageLocation.executable,
      arguments: ["--count-allocations", input.queriesPath] + dataArguments,
      environment: [
        MallocTrace.preload.0: MallocTrace.preload.1, "MALLOC_TRACE": input.directory + "/malloc-trace.txt",
      ])
    let outcome: ChildProcess.Outcome
    do {
      outcome = try child.run(errorPath: input.directory + "/allocation-errors.txt")
    } catch {
      return .skipped("Allocations not counted: the benchmark could not run itself (\(error)).")
    }
    guard outcome.status == 0,
      let object = try? JSONSerialization.jsonObject(with: outcome.output) as? [String: Int],
      let queries = object["queries"], let allocations = object["allocations"],
      let resultArrays = object["resultArrays"], let resultStrings = object["resultStrings"]
    else {
      return .skipped("Allocations not counted: \(outcome.lastErrorLine)")
    }
    return .measured(
      AllocationMeasurement(
        queryCount: queries, allocations: allocations, resultArrays: resultArrays, resultStrings: resultStrings))
  }

  /// The child's work: prints `{"queries": N, "allocations": A, "resultArrays": R,
  /// "resultStrings": S}` for the
  /// hash engine of `records` running the queries of `workloadPath`, top `limit`.
  ///
  /// - Throws: `BenchmarkError` when the workload cannot be read, or the trace is not there.
  static func runChild(records: [Record], workloadPath: String, limit: Int) throws(BenchmarkError) {
    guard let trace = MallocTrace() else {
      throw .usage("--count-allocations needs \(MallocTrace.preload.1) preloaded and MALLOC_TRACE set")
    }
    let queries = try Workload.listed(inFile: workloadPath).queries.map(\.text)
    let engine = HashIndexEngine(records)
    var blackHole = 0
    for query in queries { blackHole &+= engine.search(query, limit: limit).count }
    let baseline = trace.allocations {}
    var resultArrays = 0
    var resultStrings = 0
    let traced = trace.allocations {
      for query in queries {
        let results = engine.search(query, limit: limit)
        if !results.isEmpty { resultArrays += 1 }
        for result in results {
          // A string of more than 15 UTF-8 bytes is stored out of line, in an allocation of its own.
          resultStrings += (result.id.utf8.count > 15 ? 1 : 0) + (result.text.utf8.count > 15 ? 1 : 0)
        }
        blackHole &+= results.count
      }
    }
    print(
      "{\"queries\": \(queries.count), \"allocations\": \(max(0, traced - baseline)), "
        + "\"resultArrays\": \(resultArrays), \"resultStrings\": \(resultStrings), \"checksum\": \(blackHole)}")
  }
}

import Foundation

/// Runs PinIn4Cpp, the optional peer, on a data set: finds the python of the environment that
/// `Benchmarks/pinin/setup.sh` prepares, runs `Benchmarks/pinin/pinin_driver.py` with it on the
/// records, workload and dictionary of a `PeerInput`, and reads the driver's JSON.
enum PinInPeer {
  /// The environment variable naming the python when `--pinin` does not.
  static let environmentVariable = "PINYIN_SEARCH_BENCH_PYTHON"
  /// Where `setup.sh` puts the environment by default, inside the package.
  static let defaultEnvironment = ".build/pinin-venv"

  /// The python that `setting` asks for, or the note saying why PinIn is skipped.
  static func python(for setting: PeerSetting) -> PeerOutcome<String> {
    let candidate: String
    switch setting {
    case .disabled: return .skipped("PinIn4Cpp not measured (--no-pinin).")
    case .path(let path): candidate = path
    case .automatic:
      candidate =
        ProcessInfo.processInfo.environment[environmentVariable]
        ?? PackageLocation.path(defaultEnvironment + "/bin/python")
    }
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      return .skipped(
        "PinIn4Cpp skipped: no python at \(candidate) (set it up with Benchmarks/pinin/setup.sh, "
          + "or give --pinin PYTHON).")
    }
    guard FileManager.default.fileExists(atPath: driverPath) else {
      return .skipped("PinIn4Cpp skipped: its driver \(driverPath) is missing.")
    }
    return .measured(candidate)
  }

  /// The driver script.
  static var driverPath: String { PackageLocation.path("Benchmarks/pinin/pinin_driver.py") }

  /// Builds PinIn's TreeSearcher on `input`'s records with `python` and times `input`'s
  /// queries; the note of what failed when the driver does.
  static func measure(_ input: PeerInput, python: String) -> PeerOutcome<PinInMeasurement> {
    let driver = ChildProcess(
      executable: python,
      arguments: [
        driverPath, "--dictionary", input.dictionaryPath, "--records", input.recordsPath, "--queries",
        input.queriesPath,
      ])
    let outcome: ChildProcess.Outcome
    do {
      outcome = try driver.run(errorPath: input.directory + "/pinin-errors.txt")
    } catch {
      return .skipped("PinIn4Cpp skipped: \(python) could not be started (\(error)).")
    }
    guard outcome.status == 0 else {
      return .skipped("PinIn4Cpp failed (status \(outcome.status)): \(outcome.lastErrorLine)")
    }
    guard
      let object = try? JSONSerialization.jsonObject(with: outcome.output) as? [String: Any],
      let build = object["buildNanoseconds"] as? Int, let growth = object["residentGrowthBytes"] as? Int,
      let latencies = object["latenciesNanoseconds"] as? [Int], let hits = object["hits"] as? [Int],
      latencies.count == input.queries.count
    else {
      return .skipped("PinIn4Cpp failed: its driver printed no measurement the benchmark can read.")
    }
    return .measured(
      PinInMeasurement(
        build: .nanoseconds(build), residentGrowth: growth, buildPeakGrowth: object["buildPeakGrowthBytes"] as? Int,
        latencies: latencies.map { .nanoseconds($0) }, hits: hits))
  }
}

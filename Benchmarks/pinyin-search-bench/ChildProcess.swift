import Foundation

/// A program the benchmark runs to its end and reads the output of: PinIn's driver, the
/// allocation count, `pinyin-search index`.
struct ChildProcess {
  /// The program.
  var executable: String
  /// Its arguments.
  var arguments: [String]
  /// Variables added to the benchmark's environment.
  var environment: [String: String] = [:]

  /// What a run printed and how it ended.
  struct Outcome {
    /// Standard output.
    var output: Data
    /// The last line of standard error, for a message when the run failed.
    var lastErrorLine: String
    /// The exit status; nonzero also when a signal ended it.
    var status: Int32
    /// From the start to the end of the process.
    var elapsed: Duration
  }

  /// Runs the program with standard error in `errorPath` and waits for its end.
  ///
  /// - Throws: When the program cannot be started.
  func run(errorPath: String) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let errors = FileHandle(forWritingAtPath: errorPath)
    process.standardError = errors ?? FileHandle.nullDevice
    let start = benchmarkClock.now
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = benchmarkClock.now - start
    try? errors?.close()
    let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    let lastLine = errorText.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    return Outcome(output: data, lastErrorLine: lastLine, status: status, elapsed: elapsed)
  }
}

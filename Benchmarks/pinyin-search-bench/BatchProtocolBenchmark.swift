import Foundation

/// Times `pinyin-search batch --engine hash`, top 20, on a data set's records: answers per second
/// for the keystroke workload piped at once, loading excluded, and the time from start to the
/// first answer when the tool opens a snapshot that `pinyin-search index` built.
enum BatchProtocolBenchmark {
  /// The `pinyin-search` that `setting` asks for, or the note saying why the batch is not timed.
  static func executable(for setting: PeerSetting) -> PeerOutcome<String> {
    let candidate: String
    switch setting {
    case .disabled: return .skipped("Batch protocol not timed (--no-batch).")
    case .path(let path): candidate = path
    case .automatic: candidate = PackageLocation.executableDirectory + "/pinyin-search"
    }
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      return .skipped(
        "Batch protocol not timed: no pinyin-search at \(candidate) "
          + "(swift build --package-path Benchmarks -c release --product pinyin-search, or give --cli EXECUTABLE).")
    }
    return .measured(candidate)
  }

  /// Runs the tool at `executable` on `input`: the piped workload, then the snapshot's first
  /// answer; the note of what failed when the tool does.
  static func measure(_ input: PeerInput, executable: String, limit: Int) -> PeerOutcome<BatchMeasurement> {
    let common = ["batch", "--engine", "hash", "--limit", String(limit)]
    let queries = Array(input.queries.map { $0 + "\n" }.joined().utf8)
    do {
      let conversation = try BatchConversation(
        executable: executable, arguments: common + ["--data", input.recordsPath])
      // The first answer comes once the records are loaded and indexed: the clock starts after it.
      guard conversation.send(Array("a\n".utf8)), conversation.readLines(1) else {
        conversation.finish()
        return .skipped("Batch protocol: \(executable) batch gave no answer to its first query.")
      }
      let group = DispatchGroup()
      let start = benchmarkClock.now
      conversation.sendInBackground(queries, group: group)
      let isComplete = conversation.readLines(input.queries.count)
      let elapsed = benchmarkClock.now - start
      group.wait()
      let peak = conversation.peakResident
      conversation.finish()
      guard isComplete else {
        return .skipped("Batch protocol: \(executable) batch stopped before answering every query.")
      }
      let snapshot = input.directory + "/records.snapshot"
      let indexing = try ChildProcess(
        executable: executable, arguments: ["index", "--data", input.recordsPath, "--out", snapshot]
      ).run(errorPath: input.directory + "/index-errors.txt")
      guard indexing.status == 0 else {
        return .skipped("Batch protocol: pinyin-search index failed: \(indexing.lastErrorLine)")
      }
      var firstAnswers: [Duration] = []
      for _ in 0..<3 {
        let start = benchmarkClock.now
        let opened = try BatchConversation(executable: executable, arguments: common + ["--snapshot", snapshot])
        let isAnswered = opened.send(Array("lyf\n".utf8)) && opened.readLines(1)
        firstAnswers.append(benchmarkClock.now - start)
        opened.finish()
        guard isAnswered else { return .skipped("Batch protocol: batch --snapshot gave no answer.") }
      }
      let size = (try? FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int) ?? 0
      return .measured(
        BatchMeasurement(
          queryCount: input.queries.count, elapsed: elapsed, peakResident: peak, indexing: indexing.elapsed,
          snapshotBytes: size, firstAnswer: firstAnswers.sorted()[1]))
    } catch {
      return .skipped("Batch protocol: \(executable) could not be started (\(error)).")
    }
  }
}

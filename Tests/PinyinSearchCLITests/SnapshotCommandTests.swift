import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch
@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `index`, `--snapshot` and `--update`: the same answers as from the data, incremental updates,
/// clear errors for bad snapshots, and no torn snapshot when the writer is killed.
@Suite struct SnapshotCommandTests {
  /// A TSV file of `records`.
  func tsv(_ records: [Record]) -> String {
    records.map { "\($0.id)\t\($0.text)\n" }.joined()
  }

  @Test func answersFromASnapshotLikeFromTheData() throws {
    let directory = try TemporaryDirectory()
    let data = try directory.write(tsv(SampleContacts.records(count: 500, seed: 21)), to: "contacts.tsv")
    let snapshot = directory.adopt("contacts.snapshot")
    let indexed = runTool(["index", "--data", data, "--out", snapshot])
    #expect(indexed.status == 0 && indexed.standardError.isEmpty)
    #expect(indexed.standardOutput.hasPrefix("indexed 500 records in "))
    #expect(indexed.standardOutput.contains("\nwrote \(snapshot): "))
    for query in ["lyf", "wang", "138", "+86 1", "zhang s", "xian", "群"] {
      let expected = runTool(["search", "--data", data, "--limit", "50", query])
      for engine in ["hash", "hybrid"] {
        #expect(
          runTool(["search", "--snapshot", snapshot, "--engine", engine, "--limit", "50", query]) == expected,
          "\(query) with \(engine)")
      }
    }
    let batch = runTool(["batch", "--snapshot", snapshot], input: "lyf\nwang\n")
    #expect(batch == runTool(["batch", "--data", data], input: "lyf\nwang\n"))
  }

  @Test func updatesASnapshotWithTheDataChanges() throws {
    let directory = try TemporaryDirectory()
    let old = try directory.write("c1\t刘亦菲\nc2\t西安\nc3\t曾小贤\n", to: "old.tsv")
    let new = try directory.write("c1\t刘亦菲\nc3\t曾经\nc4\t老友记\n", to: "new.tsv")
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", old, "--out", snapshot]).status == 0)
    // Without --update the snapshot is read, not written.
    let peek = runTool(["search", "--snapshot", snapshot, "--data", new, "ly"])
    #expect(peek.standardOutput == "initials    c1  [刘亦]菲\ninitials    c4  [老友]记\n")
    #expect(peek.standardError == "pinyin-search: \(snapshot): 1 records added, 1 changed, 1 removed\n")
    #expect(
      runTool(["search", "--snapshot", snapshot, "xian"]).standardOutput
        == "fullPinyin  c2  [西安]\nfullPinyin  c3  曾小[贤]\n")
    let update = runTool(["search", "--snapshot", snapshot, "--data", new, "--update", "ly"])
    #expect(update.standardError == "pinyin-search: \(snapshot): 1 records added, 1 changed, 1 removed; saved\n")
    #expect(runTool(["search", "--snapshot", snapshot, "xian"]).standardOutput == "")
    #expect(runTool(["search", "--snapshot", snapshot, "zengj"]).standardOutput == "fullPinyin  c3  [曾经]\n")
    // Nothing changed: nothing is said.
    #expect(runTool(["search", "--snapshot", snapshot, "--data", new, "--update", "ly"]).standardError == "")
  }

  @Test func updatingKeepsTheModeAndWritesThroughASymbolicLink() throws {
    let directory = try TemporaryDirectory()
    let old = try directory.write("c1\t刘亦菲\n", to: "old.tsv")
    let new = try directory.write("c1\t刘亦菲\nc2\t西安\n", to: "new.tsv")
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", old, "--out", snapshot]).status == 0)
    try FileInspection.setMode(0o600, of: snapshot)
    let update = runTool(["search", "--snapshot", snapshot, "--data", new, "--update", "xian"])
    #expect(
      update
        == ToolOutput(
          status: 0, standardOutput: "fullPinyin  c2  [西安]\n",
          standardError: "pinyin-search: \(snapshot): 1 records added, 0 changed, 0 removed; saved\n"))
    #expect(try FileInspection.mode(of: snapshot) == 0o600, "the snapshot is still private")
    // Through a link, the link's target is replaced.
    let link = directory.adopt("link.snapshot")
    try FileInspection.makeSymbolicLink(at: link, to: "people.snapshot")
    let removed = runTool(["search", "--snapshot", link, "--data", old, "--update", "xian"])
    #expect(removed.status == 0 && removed.standardOutput == "")
    #expect(FileInspection.linkTarget(of: link) == "people.snapshot", "the link is still a link")
    #expect(runTool(["search", "--snapshot", snapshot, "xian"]).standardOutput == "", "the target is up to date")
    #expect(runTool(["index", "--data", new, "--out", link]).status == 0)
    #expect(FileInspection.linkTarget(of: link) == "people.snapshot")
    #expect(runTool(["search", "--snapshot", snapshot, "xian"]).standardOutput == "fullPinyin  c2  [西安]\n")
    #expect(try FileInspection.mode(of: snapshot) == 0o600)
    #expect(try FileInspection.names(in: directory.path) == ["link.snapshot", "new.tsv", "old.tsv", "people.snapshot"])
  }

  /// A user who may not give a file away (not root) replaces another user's snapshot in a shared
  /// folder: the permissions stay, the owner becomes that user (fchown fails, saving goes on).
  @Test(.enabled(if: FileInspection.isRoot && FileInspection.exists("/usr/bin/setpriv")))
  func anotherUserKeepsTheModeAndBecomesTheOwner() throws {
    let directory = try TemporaryDirectory()
    try FileInspection.setMode(0o777, of: directory.path)
    let data = try directory.write("c1\t刘亦菲\n", to: "people.tsv")
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", data, "--out", snapshot]).status == 0)
    try FileInspection.setOwner(user: 4321, group: 4321, of: snapshot)
    try FileInspection.setMode(0o604, of: snapshot)
    let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    let run = try ToolProcess.run(["index", "--data", data, "--out", snapshot], launcher: nobody)
    #expect(run.status == 0 && run.standardError == "", "\(run)")
    #expect(try FileInspection.mode(of: snapshot) == 0o604)
    #expect(try FileInspection.owner(of: snapshot) == (65534, 65534))
    #expect(try FileInspection.names(in: directory.path) == ["people.snapshot", "people.tsv"])
  }

  @Test func createsOrRebuildsASnapshotWhenUpdating() throws {
    let directory = try TemporaryDirectory()
    let data = try directory.write("c1\t刘亦菲\n", to: "people.tsv")
    let snapshot = directory.adopt("people.snapshot")
    let created = runTool(["search", "--snapshot", snapshot, "--data", data, "--update", "lyf"])
    #expect(created == ToolOutput(status: 0, standardOutput: "initials    c1  [刘亦菲]\n", standardError: ""))
    var bytes = try TemporaryDirectory.contents(of: snapshot)
    #expect(bytes.count > 80)
    // A future format version is rebuilt from the data when updating, and refused otherwise.
    bytes[8] = 9
    let future = try directory.write(bytes, to: "future.snapshot")
    let refused = runTool(["search", "--snapshot", future, "lyf"])
    #expect(refused.status == 1)
    #expect(
      refused.standardError == "pinyin-search: \(future): snapshot format version 9, this program reads version 6\n")
    let rebuilt = runTool(["search", "--snapshot", future, "--data", data, "--update", "lyf"])
    #expect(rebuilt.status == 0 && rebuilt.standardOutput == "initials    c1  [刘亦菲]\n")
    #expect(rebuilt.standardError.hasSuffix("; rebuilding it from the source\n"))
    #expect(runTool(["search", "--snapshot", future, "lyf"]).status == 0)
  }

  @Test func reportsBadSnapshotsAndOptionsWithTheirStatus() throws {
    let directory = try TemporaryDirectory()
    let data = try directory.write("c1\t刘亦菲\n", to: "people.tsv")
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", data, "--out", snapshot]).status == 0)
    let bytes = try TemporaryDirectory.contents(of: snapshot)
    let cases: [([UInt8], String)] = [
      ([], "empty file, not a snapshot"),
      (Array(bytes[..<100]), "truncated snapshot: 100 bytes, the header says \(bytes.count)"),
      (Array("c1\t刘亦菲\n".utf8), "not a PinyinSearch snapshot (wrong magic)"),
    ]
    for (content, problem) in cases {
      let path = try directory.write(content, to: "bad.snapshot")
      #expect(
        runTool(["search", "--snapshot", path, "lyf"])
          == ToolOutput(status: 1, standardOutput: "", standardError: "pinyin-search: \(path): \(problem)\n"))
    }
    var flipped = bytes
    flipped[bytes.count - 3] ^= 0x40
    let damaged = try directory.write(flipped, to: "flipped.snapshot")
    let checksum = runTool(["search", "--snapshot", damaged, "lyf"])
    #expect(
      checksum.status == 1 && checksum.standardError.hasPrefix("pinyin-search: \(damaged): damaged snapshot: checksum ")
    )
    #expect(
      runTool(["search", "--snapshot", directory.path, "lyf"]).standardError
        == "pinyin-search: \(directory.path): is a directory, not a snapshot\n")
    #expect(runTool(["search", "--update", "lyf"]).status == 2)
    #expect(runTool(["search", "--snapshot", snapshot, "--update", "lyf"]).status == 2)
    #expect(runTool(["search", "--snapshot", snapshot, "--engine", "scan", "lyf"]).status == 2)
    #expect(runTool(["index", "--data", data]).status == 2)
    #expect(runTool(["index", "--out", snapshot]).status == 2)
    let unwritable = runTool(["index", "--data", data, "--out", data + "/inside.snapshot"])
    #expect(unwritable.status == 1 && unwritable.standardError.contains("cannot create"))
  }

  @Test func verifiesASnapshotAtEachLevel() throws {
    let directory = try TemporaryDirectory()
    let records = [Record(id: "c1", text: "刘亦菲"), Record(id: "c2", text: "西安"), Record(id: "c3", text: "曾小贤")]
    let data = try directory.write(tsv(records), to: "people.tsv")
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", data, "--out", snapshot]).status == 0)
    let statistics = HashIndexEngine(records).statistics
    for arguments in [
      ["verify", snapshot], ["verify", "--level", "structure", snapshot],
      [
        "verify", snapshot, "--level=checksum",
      ],
    ] {
      let level = arguments.count == 2 ? "complete" : arguments.contains("structure") ? "structure" : "checksum"
      let verified = runTool(arguments)
      let summary = "verified \(snapshot) (\(level)): 3 records, \(statistics.keyCount) keys, "
      #expect(verified.status == 0 && verified.standardError == "", "\(arguments)")
      #expect(verified.standardOutput.hasPrefix(summary + "\(statistics.postingCount) postings in "), "\(arguments)")
      #expect(verified.standardOutput.filter { $0 == "\n" }.count == 1 && verified.standardOutput.hasSuffix("\n"))
    }

    // 刘亦菲 edited to 刘亦非 (its text, which is also its folded text) with the checksum computed
    // again: only the complete level sees it, as keys the index lacks.
    var bytes = try TemporaryDirectory.contents(of: snapshot)
    let text = try #require(bytes.firstRange(of: Array("菲".utf8)))
    bytes.replaceSubrange(text, with: Array("非".utf8))
    let checksum = bytes.withUnsafeBytes { SnapshotChecksum.of(snapshot: $0, headerSize: Snapshot.headerSize) }
    bytes.replaceSubrange(24..<32, with: withUnsafeBytes(of: checksum.littleEndian) { Array($0) })
    let crafted = try directory.write(bytes, to: "crafted.snapshot")
    #expect(
      runTool(["verify", crafted])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError:
            "pinyin-search: \(crafted): inconsistent snapshot: the index lacks key \"非\", which its records have\n"))
    #expect(runTool(["verify", crafted, "--level", "checksum"]).status == 0)

    bytes[bytes.count - 3] ^= 0x40
    let damaged = try directory.write(bytes, to: "damaged.snapshot")
    let refused = runTool(["verify", damaged, "--level", "checksum"])
    #expect(
      refused.status == 1 && refused.standardError.hasPrefix("pinyin-search: \(damaged): damaged snapshot: checksum "))
    #expect(
      runTool(["verify", directory.adopt("missing")])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(directory.adopt("missing")): cannot open: No such file or directory\n"))
    #expect(runTool(["verify"]).standardError.hasPrefix("pinyin-search: missing argument SNAPSHOT\nUSAGE: "))
    #expect(runTool(["verify"]).status == 2)
    #expect(
      runTool(["verify", snapshot, "--level", "all"]).standardError.hasPrefix(
        "pinyin-search: invalid value 'all' for '--level': expected one of structure, checksum, complete\n"))
    #expect(runTool(["verify", snapshot, snapshot]).status == 2)
    #expect(
      runTool(["verify", "--help"]) == ToolOutput(status: 0, standardOutput: VerifyCommand.help, standardError: ""))
    #expect(runTool(["help", "verify"]).standardOutput == VerifyCommand.help)
    #expect(CommandLineTool.help.contains("\n  verify SNAPSHOT  Check a snapshot"))
  }

  /// Kills `index` at moments around the replacement of a snapshot: what is left must always be
  /// the whole old snapshot or the whole new one. The moment adapts to this machine's speed:
  /// after a kill that left the old file the next comes later, after one that left the new file
  /// it comes sooner, so that kills close in on the write and the rename from both sides.
  @Test func aKilledWriterLeavesTheOldOrTheNewSnapshot() throws {
    let directory = try TemporaryDirectory()
    let first = try directory.write(tsv(SampleContacts.records(count: 1_500, seed: 1)), to: "first.tsv")
    let second = try directory.write(tsv(SampleContacts.records(count: 1_000, seed: 2)), to: "second.tsv")
    let snapshot = directory.adopt("contacts.snapshot")
    #expect(try ToolProcess.run(["index", "--data", first, "--out", snapshot]).status == 0)
    let firstBytes = try TemporaryDirectory.contents(of: snapshot)
    let reference = directory.adopt("second.snapshot")
    let clock = ContinuousClock()
    let start = clock.now
    #expect(try ToolProcess.run(["index", "--data", second, "--out", reference]).status == 0)
    let elapsed = (clock.now - start).components
    let runMicroseconds = Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12
    let secondBytes = try TemporaryDirectory.contents(of: reference)

    var random = SplitMix64(seed: 99)
    var delay = runMicroseconds / 2
    var current = firstBytes
    var outcomes = (old: 0, new: 0)
    // At least `rounds` kills, and more (up to 24 in all) until kills fell on both sides: on a
    // loaded machine a run can take much longer than the timed one, and the delay catches up.
    let rounds = TestScale.rounds(quick: 4, full: 16)
    var roundsRun = 0
    for round in 0..<max(rounds, 24) where roundsRun < rounds || outcomes.old == 0 || outcomes.new == 0 {
      roundsRun += 1
      let (source, target) = current == firstBytes ? (second, secondBytes) : (first, firstBytes)
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      let process = try ToolProcess.spawn(["index", "--data", source, "--out", snapshot], actions: &actions)
      usleep(UInt32(min(delay * Double.random(in: 0.9...1.1, using: &random), 60e6)))
      kill(process, SIGKILL)
      _ = try? ToolProcess.wait(for: process)
      let left = try TemporaryDirectory.contents(of: snapshot)
      #expect(left == current || left == target, "round \(round): the snapshot is whole, old or new")
      if left == current {
        outcomes.old += 1
        delay *= 1.6
      } else if left == target {
        outcomes.new += 1
        delay *= 0.6
      }
      #expect(runTool(["search", "--snapshot", snapshot, "lyf"]).status == 0, "round \(round) opens")
      current = left
    }
    #expect(outcomes.old + outcomes.new == roundsRun)
    #expect(outcomes.old > 0 && outcomes.new > 0, "kills fell both before and after the rename: \(outcomes)")
    // The next save removes the temporary files the killed writers left.
    #expect(try ToolProcess.run(["index", "--data", first, "--out", snapshot]).status == 0)
    #expect(
      try FileInspection.names(in: directory.path) == [
        "contacts.snapshot", "first.tsv", "second.snapshot", "second.tsv",
      ])
  }
}

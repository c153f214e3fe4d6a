import Foundation
import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// What an app or a service reaches for first: waiting for the index in async code, a stream of
/// status, snapshots that say what they hold, records looked up by id, results that highlight
/// and encode.
@Suite struct AdoptionAPITests {
  static let records = SampleContacts.records(count: 1_500, seed: 12) + [Record(id: "star", text: "刘亦菲", rank: 9)]

  @Test func indexedResumesOnceTheBackgroundBuildIsDone() async {
    let engine = HybridEngine(Self.records)
    await engine.indexed()
    #expect(engine.status.isHashPathReady && !engine.status.isBuilding)
    // Records that start another build: every waiter resumes after it.
    engine.add(contentsOf: (0..<1_200).map { Record(id: "n\($0)", text: "新同事\($0)") })
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          await engine.indexed()
          return !engine.status.isBuilding
        }
      }
      for await isDone in group { #expect(isDone) }
    }
    #expect(engine.status.unindexedRecordCount == 0)
  }

  @Test func aCancelledWaitReturnsWithoutTheBuild() async {
    let engine = HybridEngine(SampleContacts.records(count: 8_000, seed: 3))
    let waiter = Task { await engine.indexed() }
    waiter.cancel()
    await waiter.value  // returns: a hang here would time the test out
    await engine.indexed()
  }

  @Test func theStatusStreamShowsTheBuildEnding() async {
    let engine = HybridEngine(Self.records)
    var sawReady = false
    for await status in engine.statusUpdates {
      if status.isHashPathReady && !status.isBuilding {
        sawReady = true
        break
      }
    }
    #expect(sawReady)
    // An engine without a background build gives its status once.
    var statuses: [IndexStatus] = []
    for await status in HashIndexEngine(Self.records.prefix(10)).statusUpdates { statuses.append(status) }
    #expect(statuses.count == 1 && statuses[0].isHashPathReady)
  }

  @Test func snapshotsOpenAndSaveOffTheCallersThreadAndTellWhatTheyHold() async throws {
    let directory = try TemporaryDirectory()
    do {
      let path = directory.adopt("contacts.snapshot")
      let options = SearchOptions(mixed: true, fuzzy: [.zZh], keypad: true)
      let configuration = IndexConfiguration(maxKeyLength: 12)
      let built = await HashIndexEngine.build(Self.records, options: options, configuration: configuration)
      try await built.save(toSnapshot: path)
      let info = try SnapshotInfo(contentsOfSnapshot: path)
      #expect(info.options == options && info.configuration == configuration)
      #expect(info.recordCount == Self.records.count && info.formatVersion == 6)
      #expect(info.byteCount > 0)
      // Opened without naming the options: those it was built for.
      let hash = try await HashIndexEngine.open(contentsOfSnapshot: path)
      let hybrid = try await HybridEngine.open(contentsOfSnapshot: path)
      let scan = try LinearScanEngine(contentsOfSnapshot: path)
      #expect(hash.options == options && hybrid.options == options && scan.options == options)
      for query in ["lyf", "liuyf", "548", "zangsan"] {
        #expect(hash.search(query) == built.search(query) && hybrid.search(query) == built.search(query))
        #expect(scan.search(query) == built.search(query))
      }
      // Naming other options is still refused.
      #expect(throws: SnapshotError.self) { try HashIndexEngine(contentsOfSnapshot: path, options: .default) }
      // A hybrid engine's changes are indexed and saved off the caller's thread too.
      hybrid.add(Record(id: "new", text: "王五"))
      try await hybrid.save(toSnapshot: path)
      #expect(try SnapshotInfo(contentsOfSnapshot: path).recordCount == Self.records.count + 1)
    }
  }

  @Test func aFileThatIsNoSnapshotHasNoInfo() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("PYSEARCH but not really", to: "not.snapshot")
    #expect(throws: SnapshotError.self) { try SnapshotInfo(contentsOfSnapshot: path) }
    #expect(throws: SnapshotError.self) { try SnapshotInfo(contentsOfSnapshot: directory.adopt("missing")) }
  }

  @Test func everyEngineLooksRecordsUpByID() {
    let records = [Record(id: "a", text: "刘亦菲", rank: 3), Record(id: "b", text: "张三")]
    var scan = LinearScanEngine(records)
    let hash = HashIndexEngine(records)
    let hybrid = HybridEngine(records)
    hybrid.waitUntilIndexed()
    hybrid.remove(id: "b")
    scan.remove(id: "b")
    hybrid.add(Record(id: "c", text: "李四"))
    #expect(scan.record(forID: "a") == records[0] && hash.record(forID: "a") == records[0])
    #expect(hybrid.record(forID: "a") == records[0])
    #expect(!scan.contains(id: "b") && hash.contains(id: "b") && !hybrid.contains(id: "b"))
    #expect(hybrid.text(forID: "c") == "李四" && hash.text(forID: "z") == nil)
  }

  @Test func resultsHighlightThroughTheirTextRangeAndCarryTheRank() {
    let engine = LinearScanEngine([
      Record(id: "1", text: "👨‍👩‍👧 刘亦菲 (演员)", rank: 7), Record(id: "2", text: "e\u{301}李小龙"),
    ])
    let result = engine.search("lyf")[0]
    #expect(result.text[result.textRange] == "刘亦菲" && result.rank == 7)
    let other = engine.search("xl")[0]
    #expect(other.text[other.textRange] == "小龙" && other.rank == 0)
  }

  @Test func recordsResultsAndKindsEncodeAndDecode() throws {
    let result = HashIndexEngine(Self.records).search("lyf")[0]
    let decoded = try JSONDecoder().decode(SearchResult.self, from: JSONEncoder().encode(result))
    #expect(decoded == result)
    let record = Record(id: "c1", text: "张三", rank: -2)
    #expect(try JSONDecoder().decode(Record.self, from: JSONEncoder().encode(record)) == record)
    #expect(String(decoding: try JSONEncoder().encode(MatchKind.fullPinyin), as: UTF8.self) == "\"fullPinyin\"")
  }
}

import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct DataFileReaderTests {
  @Test func readsInBatchesAndReportsProgress() throws {
    let directory = try TemporaryDirectory()
    let text = (1...2500).map { "{\"id\": \($0), \"text\": \"刘亦菲\($0)\"}\n" }.joined()
    let path = try directory.write(text, to: "big.jsonl")
    var reader = try DataFileReader(options: DataFileOptions(path: path, format: .jsonl))
    defer { reader.close() }
    #expect(reader.totalByteCount == text.utf8.count)
    var sizes: [Int] = []
    while let batch = try reader.nextBatch(minimumCount: 1000) {
      sizes.append(batch.count)
      #expect(reader.consumedByteCount <= text.utf8.count)
    }
    #expect(sizes == [1000, 1000, 500])
    #expect(reader.consumedByteCount == text.utf8.count)
  }

  @Test func fillsAnEngineInTheBackground() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(
      "id,text\n" + (1...3000).map { "c\($0),\"刘亦菲 \($0)\"\n" }.joined() + "bad\n", to: "people.csv")
    let load = try DataSource.file(DataFileOptions(path: path, format: .csv, skipsBadRecords: true))
      .makeEngineLoadingInBackground()
    while !load.state.isFinished { usleep(1000) }
    #expect(load.state.recordCount == 3000)
    #expect(load.state.skipped.count == 1)
    #expect(load.state.fraction == 1)
    #expect(load.state.error == nil)
    #expect(load.engine.count == 3000)
    #expect(load.engine.search("lyf 2999", limit: 1).first?.id == "c2999")
  }

  /// The scan and hash engines are built once every record is read, with the search options
  /// given; until then an empty engine of that kind answers.
  @Test(arguments: [EngineKind.scan, .hash, .hybrid])
  func buildsTheEngineChosenInTheBackground(kind: EngineKind) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(
      "id,text\n" + (1...3000).map { "c\($0),\"刘亦菲 \($0)\"\n" }.joined() + "bad\n", to: "people.csv")
    let load = try DataSource.file(DataFileOptions(path: path, format: .csv, skipsBadRecords: true))
      .makeEngineLoadingInBackground(kind, options: SearchOptions(mixed: true))
    while !load.state.isFinished { usleep(1000) }
    #expect(load.state.recordCount == 3000)
    #expect(load.state.skipped.count == 1)
    #expect(load.state.building == (kind == .hybrid ? nil : kind))
    #expect(load.state.error == nil)
    #expect(load.engine.count == 3000)
    load.engine.waitUntilIndexed()
    #expect(load.engine.status.isHashPathReady == (kind != .scan))
    let found = load.engine.search("liuyf 2999", limit: 2)
    #expect(found.map(\.id) == ["c2999"] && found.first?.kind == .mixed, "built with the options given")
  }

  @Test func answersAsItsPlaceholderUntilReplaced() {
    let pending = PendingEngine(HashIndexEngine([]))
    #expect(pending.count == 0 && pending.status.isHashPathReady && pending.search("lyf").isEmpty)
    pending.replace(with: LinearScanEngine([Record(id: "c17", text: "刘亦菲")]))
    #expect(pending.count == 1 && !pending.status.isHashPathReady)
    #expect(pending.search("lyf", limit: 5, offset: 0).map(\.id) == ["c17"])
  }

  @Test func keepsTheErrorThatEndsABackgroundLoad() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("{\"id\": 1, \"text\": \"a\"}\n[]\n", to: "bad.jsonl")
    for kind in EngineKind.allCases {
      let load = try DataSource.file(DataFileOptions(path: path, format: .jsonl)).makeEngineLoadingInBackground(kind)
      while !load.state.isFinished { usleep(1000) }
      #expect(load.state.error == .badRecord(path: path, line: 2, .notAnObject), "\(kind)")
      #expect(load.state.building == nil, "no engine is built after an error")
    }
    #expect(throws: CommandLineError.cannotOpen(path: directory.path + "/none", .noSuchFile)) {
      try DataSource.file(DataFileOptions(path: directory.path + "/none", format: .tsv)).makeEngineLoadingInBackground()
    }
  }

  @Test func formatsTheProgressLine() {
    var state = LoadState(name: "a.csv", consumedByteCount: 500, totalByteCount: 1000, recordCount: 12_345)
    #expect(ProgressLine.text(for: state) == "loading a.csv [##########----------]  50%  12,345 records")
    state.totalByteCount = nil
    state.consumedByteCount = 12_345_678
    #expect(ProgressLine.text(for: state) == "loading a.csv 12.3 MB  12,345 records")
    #expect(ProgressBar.bar(fraction: 1.5, width: 4) == "[####]")
    #expect(ProgressBar.percentage(0.071) == "  7%")
    #expect(NumberFormat.grouped(1_234_567) == "1,234,567" && NumberFormat.grouped(999) == "999")
  }
}

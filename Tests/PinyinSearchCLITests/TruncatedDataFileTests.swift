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

/// A data file cut short while it is read — truncated, or rewritten in place by a program that
/// truncates first — is said to be so, rather than its first records passing for all of them.
@Suite struct TruncatedDataFileTests {
  let directory: TemporaryDirectory
  let path: String
  let text = "c17\t刘亦菲\nc20\t刘德华\nc2\t张三\n"

  init() throws {
    directory = try TemporaryDirectory()
    path = try directory.write(text, to: "people.tsv")
  }

  /// Cuts the file to its first `size` bytes.
  func truncateFile(to size: Int) throws {
    guard truncate(path, off_t(size)) == 0 else { throw HarnessError("truncate \(path)", errno: errno) }
  }

  @Test func theReaderWarnsOfAFileThatEndsBeforeItsSizeWhenOpened() throws {
    var reader = try DataFileReader(options: DataFileOptions(path: path, format: .tsv))
    defer { reader.close() }
    let cut = "c17\t刘亦菲\nc20\t".utf8.count
    try truncateFile(to: cut)
    var records: [Record] = []
    while let batch = try reader.nextBatch(minimumCount: 1) { records += batch }
    #expect(records.map(\.id) == ["c17", "c20"], "what was there is read, the cut line too")
    #expect(reader.warnings == [.truncated(read: cut, expected: text.utf8.count)])
    #expect(
      reader.warnings.map(\.description) == [
        "the file was truncated while it was read: it ended after \(cut) of its \(text.utf8.count) bytes, and the "
          + "records after those are missing"
      ])
  }

  @Test func aWholeFileHasNoWarning() throws {
    var reader = try DataFileReader(options: DataFileOptions(path: path, format: .tsv))
    defer { reader.close() }
    while try reader.nextBatch(minimumCount: 1) != nil {}
    #expect(reader.warnings == [])
  }

  /// The interactive search's status line says so in yellow, and the warning follows on
  /// standard error once the screen is gone (`InteractiveEndToEndTests` has it in a terminal).
  @Test func theStatusLineOfTheInteractiveSearchSaysSo() throws {
    var reader = try DataFileReader(options: DataFileOptions(path: path, format: .tsv))
    defer { reader.close() }
    try truncateFile(to: 13)
    let engine = LinearScanEngine()
    let pending = PendingEngine(engine)
    let load = BackgroundLoad(
      engine: pending, state: LoadState(name: path, totalByteCount: reader.totalByteCount))
    load.build(.scan, options: .default, into: pending, from: &reader)
    var harness = SessionHarness(engine: pending, size: TerminalSize(rows: 4, columns: 60), load: load.state)
    harness.session.update(load: load.state)
    let status = harness.screen.rows[1]
    #expect(status.text == "  1 records  truncated: 13 B of 38 B read")
    #expect(status.text(in: .yellow) == "truncated: 13 B of 38 B read")
  }
}

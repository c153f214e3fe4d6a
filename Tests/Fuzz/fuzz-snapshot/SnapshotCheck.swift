import FuzzSupport
import PinyinSearch

/// The rules `fuzz-snapshot` checks on one input, opened as a snapshot file as is and, when
/// that changes it, with its checksum repaired (`ChecksumRepair`), so that mutations reach the
/// checks behind the checksum:
///
/// - opening fails with a `SnapshotError` naming the file, or succeeds for `HashIndexEngine`
///   and `HybridEngine` alike, both ready to answer through the index at once; a snapshot built
///   for other search options than the default is refused (`SnapshotError.options`) and then
///   opened with the options it names;
/// - an opened snapshot answers searches without crashing or hanging, both engines alike (they
///   answer through the same decoded index), and tells its statistics; the hybrid engine then
///   takes an added record, a removal and a synchronization, and still answers;
/// - a snapshot that also opens at `SnapshotValidation.complete` answers every query exactly
///   as `LinearScanEngine` over its records does (in debug and fuzz builds, which can list
///   them: `SnapshotRecords`).
///
/// Answers at the default level are not compared with a scan: keys and postings are not
/// decoded on opening, so a snapshot whose structure is sound may still hold an index of other
/// records, and reading only promises not to go out of bounds or loop (Docs/SnapshotFormat.md).
/// A broken rule ends the process with the input described (`Finding`).
struct SnapshotCheck {
  /// The snapshot's bytes.
  let bytes: [UInt8]

  /// The file each input is written to: one per process, in `$TMPDIR` or /tmp.
  static let path = FuzzFiles.scratchPath("fuzz-snapshot") + ".snapshot"

  /// Queries that most snapshots of contact-like records answer: letters, digits, pinyin, Han,
  /// full-width, a combining mark, white space, a long spelling; and for the options, a mixed
  /// spelling, fuzzy spellings, keypad digits and a traditional character.
  static let fixedQueries = [
    "a", "l", "z", "x", "1", "lyf", "xian", "an", "zh", "138", "刘", "Ａ", "e\u{301}", " ",
    String(repeating: "zhang", count: 14), "liuyf", "zangsan", "nyf", "548", "5489433", "劉",
  ]

  /// Opens the input as is, then repaired.
  func run() {
    open(bytes, "as is")
    if let repaired = ChecksumRepair.repaired(bytes), repaired != bytes { open(repaired, "with its checksum repaired") }
  }

  /// Opens `snapshot` and, if it opens, searches it.
  private func open(_ snapshot: [UInt8], _ variant: String) {
    FuzzFiles.save(snapshot, to: Self.path)
    defer { FuzzFiles.remove(Self.path) }
    var options = SearchOptions.default
    let hash: HashIndexEngine
    do {
      hash = try HashIndexEngine(contentsOfSnapshot: Self.path, options: .default)
    } catch {
      if error.path != Self.path { report("an error names another file: \(error)", variant) }
      guard case .options(_, .default, let found) = error else { return }
      if found == .default { report("a snapshot for the default options is refused for them", variant) }
      do {
        hash = try HashIndexEngine(contentsOfSnapshot: Self.path, options: found)
        options = found
      } catch {
        report("a snapshot for \(found) is refused for them: \(error)", variant)
      }
    }
    let hybrid: HybridEngine
    do {
      hybrid = try HybridEngine(contentsOfSnapshot: Self.path, options: options)
    } catch {
      report("HybridEngine cannot open what HashIndexEngine opened: \(error)", variant)
    }
    // Named no options, an engine opens the file with those it was built for.
    if (try? HashIndexEngine(contentsOfSnapshot: Self.path))?.options != options {
      report("a snapshot opened without options does not take those it was built for", variant)
    }
    if hybrid.count != hash.count || !hash.status.isHashPathReady || !hybrid.status.isHashPathReady {
      report("the engines disagree on the count, or are not ready at once", variant)
    }
    /// The answer of both engines, which must be the same.
    func answer(_ query: String, limit: Int, offset: Int) -> [SearchResult] {
      let results = hash.search(query, limit: limit, offset: offset)
      let others = hybrid.search(query, limit: limit, offset: offset)
      if !results.isIdentical(to: others) {
        report(
          "the engines answer \(Finding.quoted(query)) otherwise", variant,
          [("HashIndexEngine", results), ("HybridEngine", others)])
      }
      return results
    }
    var queries = Self.fixedQueries
    let texts = Self.fixedQueries.flatMap { answer($0, limit: 4, offset: 0).map(\.text) }
    for text in texts.prefix(6) {
      queries += [Spelling.query(from: text, [0, 2, 0, 0]), Spelling.query(from: text, [1, 3, 1, 1])]
    }
    for query in queries.dropFirst(Self.fixedQueries.count) { _ = answer(query, limit: 20, offset: 1) }
    _ = hash.statistics
    checkComplete(options: options, queries: queries, variant)
    let found = hash.search("a", limit: 3) + hash.search("1", limit: 3)
    hybrid.add(Record(id: "fuzz-added", text: "刘亦菲 Xi'an 138 0013"))
    if let first = found.first { hybrid.remove(id: first.id) }
    for query in queries { _ = hybrid.search(query, limit: 5) }
    hybrid.synchronize(
      with: found.dropFirst().map { Record(id: $0.id, text: $0.text + "长") } + [Record(id: "n", text: "西安")])
    for query in queries.prefix(8) { _ = hybrid.search(query, limit: 5) }
    hybrid.waitUntilIndexed()
  }

  /// Opens the snapshot at `.complete` and, if it opens, compares its answers to `queries`
  /// with those of a scan of its records.
  private func checkComplete(options: SearchOptions, queries: [String], _ variant: String) {
    guard let complete = try? HashIndexEngine(contentsOfSnapshot: Self.path, options: options, validation: .complete),
      let records = SnapshotRecords.records(of: complete)
    else { return }
    let scan = LinearScanEngine(records, options: options)
    for query in queries {
      let results = complete.search(query, limit: 20)
      let scanned = scan.search(query, limit: 20)
      if !results.isIdentical(to: scanned) {
        report(
          "a snapshot that the complete level accepts answers \(Finding.quoted(query)) otherwise than a scan",
          variant, [("HashIndexEngine", results), ("LinearScanEngine", scanned)])
      }
    }
  }

  /// Reports that `rule` is broken for the snapshot opened `variant`.
  private func report(_ rule: String, _ variant: String, _ answers: [(String, [SearchResult])] = []) -> Never {
    var details: [(name: String, value: String)] = [("snapshot", "\(bytes.count) bytes, opened \(variant)")]
    for (name, results) in answers { details.append((name, Finding.describe(results))) }
    Finding.report(rule, details)
  }
}

import FuzzSupport
import PinyinSearch

/// The rule `fuzz-engines` checks: every engine answers every query exactly as
/// `LinearScanEngine` does, and those answers are well-formed (`ResultRules`).
///
/// The engines compared, over the input's records and configuration:
///
/// 1. `HybridEngine` at once, while its first index builds in the background (its answers
///    then come from scanning, or from the index if the build won the race), and one filled
///    by two `add(contentsOf:)` calls as the tool's background load fills it;
/// 2. `HashIndexEngine`, and both hybrid engines after `waitUntilIndexed()`;
/// 3. after the input's changes (made to the scan and the first hybrid engine): the hybrid
///    engine, which now also scans the changed records and skips the removed ones, and a
///    `HashIndexEngine` built from the changed records.
///
/// A difference ends the process with the input described (`Finding`).
struct EngineComparison {
  /// The input being checked.
  let input: EnginesInput

  /// Runs every comparison.
  func run() {
    let configuration = input.configuration
    var scan = LinearScanEngine(input.records, options: input.options)
    let hybrid = HybridEngine(input.records, options: input.options, configuration: configuration)
    let loaded = HybridEngine(options: input.options, configuration: configuration)
    let half = input.records.count / 2
    loaded.add(contentsOf: input.records[..<half])
    loaded.add(contentsOf: input.records[half...])
    var rules = ResultRules(records: input.records, options: input.options)
    compare(
      scan, rules,
      [
        ("HybridEngine, just created", hybrid),
        ("HybridEngine filled by add(contentsOf:), just filled", loaded),
      ])
    hybrid.waitUntilIndexed()
    loaded.waitUntilIndexed()
    compare(
      scan, rules,
      [
        ("HashIndexEngine", HashIndexEngine(input.records, options: input.options, configuration: configuration)),
        ("HybridEngine after waitUntilIndexed()", hybrid),
        ("HybridEngine filled by add(contentsOf:) after waitUntilIndexed()", loaded),
      ])
    guard !input.changes.isEmpty else { return }
    var records = input.records
    for change in input.changes {
      switch change {
      case .add(let record):
        scan.add(record)
        hybrid.add(record)
        records.append(record)
      case .remove(let id):
        scan.remove(id: id)
        hybrid.remove(id: id)
        records.removeAll { $0.id.utf8.elementsEqual(id.utf8) }
      }
    }
    rules = ResultRules(records: records, options: input.options)
    compare(
      scan, rules,
      [
        ("HybridEngine after the changes", hybrid),
        (
          "HashIndexEngine of the changed records",
          HashIndexEngine(records, options: input.options, configuration: configuration)
        ),
      ])
    // No build may outlive the input: the next one would run beside it.
    hybrid.waitUntilIndexed()
  }

  /// Checks the scan's answer to every query against `rules`, and each engine's against the
  /// scan's.
  private func compare(_ scan: LinearScanEngine, _ rules: ResultRules, _ engines: [(String, any SearchEngine)]) {
    for query in input.queries {
      let expected = scan.search(query.text, limit: query.limit, offset: query.offset)
      if let broken = rules.check(expected, of: query, in: scan) {
        let all = scan.search(query.text, limit: Int.max)
        report(broken, query, [("LinearScanEngine", expected), ("LinearScanEngine, every result", all)])
      }
      for (name, engine) in engines {
        let found = engine.search(query.text, limit: query.limit, offset: query.offset)
        if !found.isIdentical(to: expected) {
          report(
            "\(name) answers otherwise than LinearScanEngine", query, [("LinearScanEngine", expected), (name, found)])
        }
      }
    }
  }

  /// Reports that `rule` is broken for `query`, with the input and the `answers`.
  private func report(_ rule: String, _ query: EnginesInput.Query, _ answers: [(String, [SearchResult])]) -> Never {
    let configuration = input.configuration
    var details: [(name: String, value: String)] = [
      (
        "configuration",
        "maxKeyLength \(configuration.maxKeyLength), maxKeysPerRecord \(configuration.maxKeysPerRecord), "
          + "rareKeyLimit \(configuration.rareKeyLimit), maxMixedKeyLength \(configuration.maxMixedKeyLength), "
          + "maxFuzzyKeyLength \(configuration.maxFuzzyKeyLength), options \(input.options)"
      ),
      ("records (id, text)", Finding.describe(input.records)),
    ]
    if !input.changes.isEmpty {
      let changes = input.changes.map { change in
        switch change {
        case .add(let record): "  add \(Finding.quoted(record.id)) \(Finding.quoted(record.text))"
        case .remove(let id): "  remove \(Finding.quoted(id))"
        }
      }
      details.append(("changes", changes.joined(separator: "\n")))
    }
    details.append(("query", "\(Finding.quoted(query.text)), limit \(query.limit), offset \(query.offset)"))
    for (name, results) in answers { details.append((name, Finding.describe(results))) }
    Finding.report(rule, details)
  }
}

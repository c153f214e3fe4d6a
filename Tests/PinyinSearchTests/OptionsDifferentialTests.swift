import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// Every engine under every option set against `ReferenceSearch`, the brute-force reading of
/// Docs/Semantics.md: the sixteen combinations of `mixed`, `fuzzy` (every rule), `traditional`
/// and `keypad`, and random sets of fuzzy rules; random records with traditional and simplified
/// characters, and queries typed for the options (fuzzy spellings, keypad digits, characters of
/// the other script).
@Suite struct OptionsDifferentialTests {
  /// The results as short lines (`id kind[~] start..<end`), for messages that stay readable.
  static func summary(_ results: [SearchResult]) -> String {
    results.map { "\($0.id) \($0.kind)\($0.isFuzzy ? "~" : "") \($0.range)" }.joined(separator: ", ")
  }

  /// Checks that `actual` equals `expected`, naming the first difference.
  static func expectSame(
    _ actual: [SearchResult], _ expected: [SearchResult], _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard actual != expected else { return }
    let first =
      zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(actual.count, expected.count)
    let got = summary(Array(actual.dropFirst(first).prefix(4)))
    let wanted = summary(Array(expected.dropFirst(first).prefix(4)))
    let message =
      "\(context()): result \(first) differs; got [\(got)] of \(actual.count), expected [\(wanted)] of \(expected.count)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  /// The sixteen combinations of the four options, fuzzy pinyin with every rule.
  static let combinations: [SearchOptions] = (0..<16).map { bits in
    SearchOptions(
      mixed: bits & 1 != 0, fuzzy: bits & 2 != 0 ? .all : [], traditional: bits & 4 != 0, keypad: bits & 8 != 0)
  }

  /// Records of both scripts: random texts, half of them with many traditional characters.
  static func records(count: Int, using random: inout SplitMix64) -> [Record] {
    (0..<count).map { number in
      let text =
        number.isMultiple(of: 2) ? RandomText.text(using: &random) : RandomText.textWithTraditional(using: &random)
      return Record(id: RandomText.id(number, using: &random), text: text, rank: RandomText.rank(using: &random))
    }
  }

  /// A small index configuration, so that rare beginnings, long queries and the candidates of
  /// mixed, fuzzy and keypad queries are common among a few hundred records.
  static func smallConfiguration(using random: inout SplitMix64) -> IndexConfiguration {
    IndexConfiguration(
      maxKeyLength: Int.random(in: 4...16, using: &random), rareKeyLimit: Int.random(in: 0...6, using: &random),
      maxMixedKeyLength: Int.random(in: 1...5, using: &random), maxFuzzyKeyLength: Int.random(in: 1...9, using: &random)
    )
  }

  @Test(arguments: Array(combinations.indices))
  func theScanGivesTheReferenceResults(combination: Int) {
    // A quick run takes every other combination, CI every one.
    guard TestScale.includes(combination, ofEvery: 2) else { return }
    let options = Self.combinations[combination]
    var random = SplitMix64(seed: 500 + UInt64(combination))
    let records = Self.records(count: 120, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let reference = ReferenceSearch(records, options: options)
    for round in 0..<TestScale.rounds(15) {
      let query = RandomText.query(for: records.randomElement(using: &random)!.text, options: options, using: &random)
      let limit = round % 3 == 0 ? Int.max : 20
      Self.expectSame(
        scan.search(query, limit: limit), reference.search(query, limit: limit),
        "\(options), query \(query.debugDescription), round \(round): the scan differs from Docs/Semantics.md")
    }
  }

  @Test(arguments: [601, 602, 603, 604, 605, 606] as [UInt64])
  func theScanGivesTheReferenceResultsWithRandomRules(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<4 {
      let options = RandomText.options(using: &random)
      let records = Self.records(count: 60, using: &random)
      let scan = LinearScanEngine(records, options: options)
      let reference = ReferenceSearch(records, options: options)
      for round in 0..<TestScale.rounds(8) {
        let query = RandomText.query(for: records.randomElement(using: &random)!.text, options: options, using: &random)
        Self.expectSame(
          scan.search(query, limit: Int.max), reference.search(query, limit: Int.max),
          "\(options), query \(query.debugDescription), round \(round), seed \(seed)")
      }
    }
  }

  /// The index and the hybrid against the scan (itself checked against the reference above),
  /// with small index configurations, pages of three and every result. Building the indexes
  /// costs most of a debug run: a quick run builds them of 80 records (CI 120), with one of the
  /// two configurations, taking turns (CI with both), and checks the hybrid, which builds the
  /// same index again, for the combinations of an even number of options (CI for every
  /// combination, with one of the configurations).
  @Test(arguments: Array(combinations.indices))
  func theIndexGivesTheScansResults(combination: Int) {
    // A quick run takes two combinations in four (one with each configuration), CI every one.
    guard TestScale.includes(combination / 2, ofEvery: 2) else { return }
    let options = Self.combinations[combination]
    var random = SplitMix64(seed: 700 + UInt64(combination))
    let records = Self.records(count: TestScale.isFull ? 120 : 80, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let configurations = [IndexConfiguration(), Self.smallConfiguration(using: &random)]
    for (number, configuration) in configurations.enumerated()
    where TestScale.includes(number + combination, ofEvery: 2) {
      let hash = HashIndexEngine(records, options: options, configuration: configuration)
      let withHybrid =
        TestScale.isFull
        ? (number + combination).isMultiple(of: 2) : combination.nonzeroBitCount.isMultiple(of: 2)
      let hybrid = withHybrid ? HybridEngine(records, options: options, configuration: configuration) : nil
      hybrid?.waitUntilIndexed()
      for round in 0..<TestScale.rounds(quick: 30, full: 80) {
        let query = RandomText.query(for: records.randomElement(using: &random)!.text, options: options, using: &random)
        for (limit, offset) in [(20, 0), (3, 3), (Int.max, 0)] where round % 3 == 0 || offset == 0 {
          let expected = scan.search(query, limit: limit, offset: offset)
          let context =
            "\(options), \(configuration), query \(query.debugDescription), limit \(limit), offset \(offset)"
          Self.expectSame(hash.search(query, limit: limit, offset: offset), expected, "hash: \(context)")
          if let hybrid {
            Self.expectSame(hybrid.search(query, limit: limit, offset: offset), expected, "hybrid: \(context)")
          }
        }
      }
    }
  }

  @Test(arguments: [801, 802, 803, 804] as [UInt64])
  func theIndexGivesTheScansResultsWithRandomRules(seed: UInt64) {
    // A quick run takes every other seed, CI every one.
    guard TestScale.includes(Int(seed), ofEvery: 2) else { return }
    var random = SplitMix64(seed: seed)
    for _ in 0..<3 {
      let options = RandomText.options(using: &random)
      let records = Self.records(count: 100, using: &random)
      let scan = LinearScanEngine(records, options: options)
      let configuration = Self.smallConfiguration(using: &random)
      let hash = HashIndexEngine(records, options: options, configuration: configuration)
      for round in 0..<TestScale.rounds(20) {
        let query = RandomText.query(for: records.randomElement(using: &random)!.text, options: options, using: &random)
        Self.expectSame(
          hash.search(query, limit: 10), scan.search(query, limit: 10),
          "\(options), \(configuration), query \(query.debugDescription), round \(round), seed \(seed)")
      }
    }
  }

  /// Records added, replaced and removed while the hybrid engine answers under every option.
  @Test(arguments: [0, 5, 10, 15])
  func theHybridFollowsEditsUnderEveryOption(combination: Int) {
    let options = Self.combinations[combination]
    var random = SplitMix64(seed: 900 + UInt64(combination))
    var records = Self.records(count: 80, using: &random)
    var scan = LinearScanEngine(records, options: options)
    let hybrid = HybridEngine(records, options: options, configuration: IndexConfiguration(rareKeyLimit: 2))
    for step in 0..<TestScale.rounds(40) {
      let index = Int.random(in: 0..<records.count, using: &random)
      switch step % 3 {
      case 0 where records.count > 20:
        let removed = records.remove(at: index)
        scan.remove(id: removed.id)
        hybrid.remove(id: removed.id)
      case 1:
        let record = Record(id: "new\(step)", text: RandomText.textWithTraditional(using: &random))
        records.append(record)
        scan.add(record)
        hybrid.add(record)
      default:
        records[index].text = RandomText.textWithTraditional(using: &random)
        scan.add(records[index])
        hybrid.add(records[index])
      }
      if step.isMultiple(of: 10) { hybrid.waitUntilIndexed() }
      for _ in 0..<5 {
        let query = RandomText.query(for: records.randomElement(using: &random)!.text, options: options, using: &random)
        Self.expectSame(
          hybrid.search(query), scan.search(query), "\(options), step \(step), query \(query.debugDescription)")
      }
    }
  }

  /// A query without letters has no fuzzy match, whatever its length: the index skips looking
  /// for fuzzy full-pinyin matches of such a query longer than the fuzzy keys. Texts with units
  /// that are not Han yet hold a Han character (`王` with a combining mark), which a query types
  /// as themselves, and every substring of them as a query, against the scan.
  @Test func queriesWithoutLettersLongerThanTheFuzzyKeys() {
    let texts = [
      "王梓🌸", "王梓", "王\u{20DD}梓🌸", "王\u{20DD}梓", "wang梓🌸", "刘亦菲 王梓", "長沙王梓", "王\u{20DD}\u{20DD}", "🌸王梓🌸",
    ]
    let records = texts.enumerated().map { Record(id: "r\($0.offset)", text: $0.element) }
    let options = SearchOptions(mixed: true, fuzzy: .all, traditional: true)
    let scan = LinearScanEngine(records, options: options)
    for fuzzyLength in [1, 2, 3, 8] {
      let hash = HashIndexEngine(
        records, options: options, configuration: IndexConfiguration(rareKeyLimit: 0, maxFuzzyKeyLength: fuzzyLength))
      for text in texts {
        let units = Array(text)
        for start in units.indices {
          for end in (start + 1)...units.count {
            let query = String(units[start..<end])
            Self.expectSame(
              hash.search(query, limit: .max), scan.search(query, limit: .max),
              "fuzzy keys of \(fuzzyLength) bytes, query \(query.debugDescription)")
          }
        }
      }
    }
    // The case itself: the scan finds the literal matches and nothing fuzzy.
    #expect(scan.search("王梓🌸", limit: .max).map(\.id) == ["r0", "r8"])
    #expect(scan.search("王梓🌸", limit: .max).allSatisfy { $0.kind == .literal && !$0.isFuzzy })
  }
}

import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// Syllable separators at random (Docs/Semantics.md, "Syllable separators"): texts and queries
/// with apostrophes, under the sixteen combinations of options; the scan against the reference,
/// and the index (two configurations), the hybrid, an opened snapshot and the sorted-set index
/// against the scan.
@Suite struct SyllableSeparatorDifferentialTests {
  /// Records of random texts, many with apostrophes, some with traditional characters.
  static func records(count: Int, using random: inout SplitMix64) -> [Record] {
    (0..<count).map { number in
      let text =
        number % 4 == 3
        ? RandomText.withApostrophes(RandomText.textWithTraditional(using: &random), using: &random)
        : RandomText.textWithApostrophes(using: &random)
      return Record(id: RandomText.id(number, using: &random), text: text, rank: RandomText.rank(using: &random))
    }
  }

  @Test(arguments: Array(OptionsDifferentialTests.combinations.indices))
  func theScanGivesTheReferenceResults(combination: Int) {
    // A quick run takes every other combination, CI every one.
    guard TestScale.includes(combination, ofEvery: 2) else { return }
    let options = OptionsDifferentialTests.combinations[combination]
    var random = SplitMix64(seed: 3_300 + UInt64(combination))
    let records = Self.records(count: 100, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let reference = ReferenceSearch(records, options: options)
    for round in 0..<TestScale.rounds(quick: 15, full: 100) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.queryWithApostrophes(for: text, options: options, using: &random)
      OptionsDifferentialTests.expectSame(
        scan.search(query, limit: .max), reference.search(query, limit: .max),
        "\(options), query \(query.debugDescription), round \(round): the scan differs from Docs/Semantics.md")
    }
  }

  /// Every engine against the scan, over the sixteen combinations of options. Building the
  /// engines costs most of a debug run: 60 records in a quick run, 100 in CI, so that CI's work
  /// grows with its rounds, not with the square of its scale; a quick run checks the snapshot
  /// on even combinations and the hybrid on odd ones (CI both on all).
  @Test(arguments: Array(OptionsDifferentialTests.combinations.indices))
  func everyEngineGivesTheScansResults(combination: Int) throws {
    // A quick run takes every other combination, CI every one.
    guard TestScale.includes(combination, ofEvery: 2) else { return }
    let options = OptionsDifferentialTests.combinations[combination]
    var random = SplitMix64(seed: 3_400 + UInt64(combination))
    let records = Self.records(count: TestScale.isFull ? 100 : 60, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let small = OptionsDifferentialTests.smallConfiguration(using: &random)
    var engines: [(String, any SearchEngine)] = [("index", HashIndexEngine(records, options: options))]
    let directory = try TemporaryDirectory()
    if TestScale.includes(combination, ofEvery: 2) {
      let path = directory.adopt("index.snapshot")
      try HashIndexEngine(records, options: options, configuration: small).save(toSnapshot: path)
      engines.append(("snapshot of a small index", try HashIndexEngine(contentsOfSnapshot: path, options: options)))
    }
    if TestScale.includes(combination + 1, ofEvery: 2) {
      engines.append(("hybrid", HybridEngine(records, options: options, configuration: small)))
    }
    let sortedSets = SortedSetIndex(options: options, configuration: small)
    let memory = SortedSetMemory(records, index: sortedSets)
    for round in 0..<TestScale.rounds(quick: 10, full: 60) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.queryWithApostrophes(for: text, options: options, using: &random)
      for (limit, offset) in [(10, 0), (3, 2)] where round % 2 == 0 || offset == 0 {
        let expected = scan.search(query, limit: limit, offset: offset)
        let context = "\(options), \(small), query \(query.debugDescription), limit \(limit), offset \(offset)"
        for (name, engine) in engines {
          OptionsDifferentialTests.expectSame(
            engine.search(query, limit: limit, offset: offset), expected, "\(name): \(context)")
        }
        OptionsDifferentialTests.expectSame(
          try sortedSets.search(query, limit: limit, offset: offset, in: memory), expected, "sorted sets: \(context)")
      }
    }
  }
}

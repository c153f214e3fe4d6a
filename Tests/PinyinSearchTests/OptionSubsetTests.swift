import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// Options per search: an engine built with every option answers a search with any subset of
/// them exactly as an engine built for that subset (Docs/Semantics.md, "Options"), and refuses
/// an option it was not built with.
@Suite struct OptionSubsetTests {
  /// Every option on, with a small configuration so that rare beginnings, long queries and the
  /// searches among candidates are common among a few hundred records.
  static let everything = SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)
  static let configuration = IndexConfiguration(
    maxKeyLength: 10, rareKeyLimit: 3, maxMixedKeyLength: 3, maxFuzzyKeyLength: 6)

  /// Records of both scripts and contact-like ones, and the engines built with every option.
  struct Fixture: Sendable {
    let records: [Record]
    let hash: HashIndexEngine
    let hybrid: HybridEngine
    let scan: LinearScanEngine
    let sortedSets: SortedSetIndex

    init() {
      var random = SplitMix64(seed: 2_412)
      var records = OptionsDifferentialTests.records(count: 100, using: &random)
      records += SampleContacts.records(count: 120, seed: 31)
      records.append(Record(id: "lyf", text: "刘亦菲"))
      records.append(Record(id: "ldh", text: "劉德華"))
      records.append(Record(id: "zs", text: "张三 138 0013 8000"))
      self.records = records
      hash = HashIndexEngine(records, options: everything, configuration: configuration)
      // A hybrid engine with records changed since its build: the index and the recent store.
      hybrid = HybridEngine(records.dropLast(20), options: everything, configuration: configuration)
      hybrid.waitUntilIndexed()
      hybrid.add(contentsOf: records.suffix(20))
      scan = LinearScanEngine(records, options: everything)
      sortedSets = SortedSetIndex(options: everything, configuration: configuration)
    }
  }

  static let fixture = Fixture()

  /// The sixteen combinations of mixed, fuzzy, traditional and keypad; fuzzy is every rule in
  /// half the combinations and rounds, and a random set of rules in the others. A round is 8
  /// queries in a quick run (35 in CI); scale k runs k rounds, and the sorted sets answer in one
  /// round of four (a quick run: a quarter of the combinations; CI: a round of each).
  @Test(arguments: Array(0..<16))
  func everySubsetGivesTheAnswersOfAnEngineBuiltForIt(combination: Int) throws {
    // A quick run takes every other combination, CI every one.
    guard TestScale.includes(combination, ofEvery: 2) else { return }
    let fixture = Self.fixture
    var random = SplitMix64(seed: 77 + UInt64(combination))
    // The sorted sets' members take a while to make: made once, for the first round that uses them.
    var sortedSetMemory: SortedSetMemory?
    for round in 0..<TestScale.rounds(1) {
      var sortedSetStore: SortedSetMemory?
      if (combination + round).isMultiple(of: 4) {
        sortedSetMemory = sortedSetMemory ?? SortedSetMemory(fixture.records, index: fixture.sortedSets)
        sortedSetStore = sortedSetMemory
      }
      let fuzzy: FuzzyRules =
        combination & 2 == 0
        ? []
        : (combination / 2 + round).isMultiple(of: 2)
          ? .all : FuzzyRules(rawValue: .random(in: 1...0xFFF, using: &random))
      let subset = SearchOptions(
        mixed: combination & 1 != 0, fuzzy: fuzzy, traditional: combination & 4 != 0, keypad: combination & 8 != 0)
      let expected = LinearScanEngine(fixture.records, options: subset)
      for _ in 0..<(TestScale.isFull ? 35 : 8) {
        let record = fixture.records.randomElement(using: &random)!
        let query =
          Int.random(in: 0..<6, using: &random) == 0
          ? ["l", "lyf", "liuyf", "zangsan", "劉", "刘dh", "593", "138-0013", "548 94", "a"].randomElement(
            using: &random)!
          : RandomText.query(for: record.text, options: Self.everything, using: &random)
        let (limit, offset) = [(20, 0), (3, 2), (Int.max, 0)].randomElement(using: &random)!
        let wanted = expected.search(query, limit: limit, offset: offset)
        let context = "\(query.debugDescription) under \(subset), limit \(limit), offset \(offset)"
        OptionsDifferentialTests.expectSame(
          try fixture.hash.search(query, limit: limit, offset: offset, options: subset), wanted, "hash \(context)")
        OptionsDifferentialTests.expectSame(
          try fixture.hybrid.search(query, limit: limit, offset: offset, options: subset), wanted, "hybrid \(context)")
        OptionsDifferentialTests.expectSame(
          try fixture.scan.search(query, limit: limit, offset: offset, options: subset), wanted, "scan \(context)")
        if let sortedSetStore {
          OptionsDifferentialTests.expectSame(
            try fixture.sortedSets.search(query, limit: limit, offset: offset, options: subset, in: sortedSetStore),
            wanted, "sorted sets \(context)")
        }
      }
    }
  }

  @Test func noOptionsMeansTheEnginesOwn() throws {
    let fixture = Self.fixture
    for query in ["liuyf", "zangsan", "刘德华", "593"] {
      #expect(try fixture.hash.search(query, options: nil) == fixture.hash.search(query))
      #expect(try fixture.hybrid.search(query, options: nil) == fixture.hybrid.search(query))
      #expect(try fixture.hash.search(query, options: Self.everything) == fixture.hash.search(query))
    }
  }

  @Test func anOptionTheEngineWasNotBuiltWithIsAnErrorNamingIt() throws {
    let records = [Record(id: "1", text: "刘亦菲")]
    let engine = HashIndexEngine(records, options: SearchOptions(mixed: true, fuzzy: [.zZh, .nL]))
    let error = #expect(throws: SearchOptionsError.self) {
      try engine.search("548", options: SearchOptions(fuzzy: [.zZh, .anAng], keypad: true))
    }
    #expect(error?.unbuilt == SearchOptions(fuzzy: [.anAng], keypad: true))
    #expect(
      error?.description
        == "the search asks for fuzzy an-ang, keypad, which the engine was not built with (it has mixed, fuzzy z-zh,n-l)"
    )
    #expect(throws: SearchOptionsError.self) {
      try LinearScanEngine(records).search("a", options: SearchOptions(mixed: true))
    }
    #expect(throws: SearchOptionsError.self) {
      try HybridEngine(records).search("a", options: SearchOptions(traditional: true))
    }
    let sortedSets = SortedSetIndex(options: SearchOptions(keypad: true))
    #expect(throws: SearchOptionsError.self) {
      try sortedSets.search("a", options: SearchOptions(mixed: true), in: SortedSetMemory(records, index: sortedSets))
    }
    // A subset is no error: fewer fuzzy rules, or none.
    #expect(try engine.search("nyf", options: SearchOptions(fuzzy: [.nL])).map(\.id) == ["1"])
    #expect(try engine.search("nyf", options: SearchOptions(fuzzy: [.zZh])).isEmpty)
  }
}

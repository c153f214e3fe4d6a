import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// The `mixed` option (Docs/Semantics.md, Options): each character typed as a beginning of one of
/// its readings or as itself, as a fourth kind after initials.
@Suite struct MixedInputTests {
  static let mixed = SearchOptions(mixed: true)

  /// The best match of `query` in a record of `text`, as "kind start..<end", with `mixed` on.
  func match(_ query: String, in text: String, options: SearchOptions = mixed) -> String? {
    LinearScanEngine([Record(id: "r", text: text)], options: options).search(query).first.map {
      "\($0.kind) \($0.range.lowerBound)..<\($0.range.upperBound)"
    }
  }

  @Test(arguments: [
    ("liuyf", "刘亦菲", "mixed 0..<3"), ("lyfei", "刘亦菲", "mixed 0..<3"), ("ldhua", "刘德华", "mixed 0..<3"),
    ("刘dh", "刘德华", "mixed 0..<3"), ("刘德hua", "刘德华", "mixed 0..<3"), ("阿里bb", "阿里巴巴", "mixed 0..<4"),
    ("liuyifei", "刘亦菲", "fullPinyin 0..<3"), ("lyf", "刘亦菲", "initials 0..<3"), ("刘亦", "刘亦菲", "literal 0..<2"),
    ("yif", "刘亦菲", "fullPinyin 1..<3"), ("yf", "刘亦菲", "initials 1..<3"), ("亦fe", "刘亦菲", "mixed 1..<3"),
    ("liu yf", "刘亦菲", "mixed 0..<3"), ("liuyf", "刘 亦菲", "mixed 0..<4"), ("zhgo", "长沟", "mixed 0..<2"),
    ("changg", "长沟", "fullPinyin 0..<2"), ("chg", "长沟", "mixed 0..<2"), ("iphonesj", "iPhone手机", "initials 0..<8"),
    ("iphoneshj", "iPhone手机", "mixed 0..<8"), ("138shj", "138手机", "mixed 0..<5"),
  ])
  func matchesTheContractsExamples(query: String, text: String, expected: String) {
    #expect(match(query, in: text) == expected)
    #expect(
      ReferenceSearch.bestMatch(query: query, text: text, options: Self.mixed).map {
        "\($0.0) \($0.1.lowerBound)..<\($0.1.upperBound)"
      } == expected, "the reference agrees")
  }

  @Test(arguments: [
    ("liuyf", "刘亦菲"), ("刘dh", "刘德华"), ("ldhua", "刘德华"),
  ])
  func mixedInputIsOffByDefault(query: String, text: String) {
    #expect(match(query, in: text, options: .default) == nil)
  }

  @Test(arguments: [
    ("柳yf", "刘亦菲"), ("liuyfx", "刘亦菲"), ("liuyiff", "刘亦菲"), ("lyff", "刘亦菲"), ("iu", "刘亦菲"),
    ("liuy菲x", "刘亦菲"), ("l y f e", "刘德华"), ("zhgu", "长沟"),
  ])
  func aHomophoneOrAnExtraLetterDoesNotMatch(query: String, text: String) {
    #expect(match(query, in: text) == nil, "a Han character matches only itself; every piece is a beginning")
  }

  /// Every white-space-free query that matches 刘亦菲, found by extending matching queries one
  /// symbol at a time (a beginning of a matching query matches too, so nothing is missed): 83
  /// with `mixed` on (Docs/Semantics.md), 25 with it off.
  @Test func liuYiFeiMatchesExactlyEightyThreeQueriesWithMixedOn() {
    let alphabet = ["l", "i", "u", "y", "f", "e", "刘", "亦", "菲"]
    func matching(_ options: SearchOptions) -> [String: MatchKind] {
      let engine = LinearScanEngine([Record(id: "1", text: "刘亦菲")], options: options)
      let reference = ReferenceSearch([Record(id: "1", text: "刘亦菲")], options: options)
      var found: [String: MatchKind] = [:]
      var frontier = [""]
      while let prefix = frontier.popLast() {
        for symbol in alphabet {
          let query = prefix + symbol
          let results = engine.search(query)
          #expect(results == reference.search(query), "\(query): the engine and the reference agree")
          guard let kind = results.first?.kind else { continue }
          found[query] = kind
          frontier.append(query)
        }
      }
      return found
    }
    let withMixed = matching(Self.mixed)
    var counts: [MatchKind: Int] = [:]
    for kind in withMixed.values { counts[kind, default: 0] += 1 }
    #expect(withMixed.count == 83)
    #expect(counts == [.literal: 6, .fullPinyin: 16, .initials: 3, .mixed: 58])
    let without = matching(.default)
    #expect(without.count == 25)
    #expect(without.allSatisfy { withMixed[$0.key] == $0.value }, "the original kinds are unchanged")
  }

  @Test(arguments: [61, 62, 63] as [UInt64])
  func randomQueriesGiveTheReferenceResults(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let records = RandomText.records(count: 200, using: &random)
    let engine = LinearScanEngine(records, options: Self.mixed)
    let reference = ReferenceSearch(records, options: Self.mixed)
    var kinds = Set<MatchKind>()
    for round in 0..<TestScale.rounds(quick: 16, full: 160) {
      // A mixed spelling one round in four, so that mixed matches are common in a quick run.
      let text = records.randomElement(using: &random)!.text
      let query =
        round % 4 == 3
        ? RandomText.mixedSpelling(of: Array(text), using: &random) : RandomText.query(for: text, using: &random)
      for (limit, offset) in [(20, 0), (5, 3), (Int.max, 0)] where limit == 20 || round % 4 == 0 {
        let results = engine.search(query, limit: limit, offset: offset)
        #expect(
          results == reference.search(query, limit: limit, offset: offset),
          "seed \(seed), round \(round): \(query.debugDescription), limit \(limit), offset \(offset)")
        kinds.formUnion(results.map(\.kind))
      }
    }
    #expect(kinds.contains(.mixed), "mixed matches were compared")
  }

  /// The hash index answers mixed queries as the scan does, whatever its limits: queries up to
  /// the mixed key length from its postings, longer ones from the records of their beginning.
  /// A quick run checks the hybrid engine, whose build costs as much again, with every other
  /// configuration (CI with each).
  @Test(
    arguments: [
      (71, 16, 16, 6), (72, 16, 2, 6), (73, 8, 0, 3), (74, 16, 1_000, 1), (75, 4, 16, 4), (76, 12, 3, 12),
    ] as [(UInt64, Int, Int, Int)])
  func theHashIndexAnswersLikeTheScan(seed: UInt64, maxKeyLength: Int, rareKeyLimit: Int, maxMixedKeyLength: Int) {
    // A quick run takes every other configuration, CI every one.
    guard TestScale.includes(Int(seed) / 2, ofEvery: 2) else { return }
    var random = SplitMix64(seed: seed)
    let records =
      RandomText.records(count: TestScale.isFull ? 250 : 120, using: &random)
      + SampleContacts.records(count: TestScale.isFull ? 300 : 150, seed: seed)
    let scan = LinearScanEngine(records, options: Self.mixed)
    let indexedByTheHybrid = records.count * 3 / 4
    let configuration = IndexConfiguration(
      maxKeyLength: maxKeyLength, rareKeyLimit: rareKeyLimit, maxMixedKeyLength: maxMixedKeyLength)
    let hash = HashIndexEngine(records, options: Self.mixed, configuration: configuration)
    let hybrid =
      TestScale.includes(Int(seed), ofEvery: 2)
      ? HybridEngine(records.prefix(indexedByTheHybrid), options: Self.mixed, configuration: configuration) : nil
    hybrid?.waitUntilIndexed()
    for record in records.dropFirst(indexedByTheHybrid) { hybrid?.add(record) }  // some indexed, some kept aside
    var kinds = Set<MatchKind>()
    for round in 0..<TestScale.rounds(quick: 24, full: 160) {
      // A mixed spelling one round in four, so that mixed matches are common in a quick run.
      let text = records.randomElement(using: &random)!.text
      let query =
        round % 4 == 3
        ? RandomText.mixedSpelling(of: Array(text), using: &random) : RandomText.query(for: text, using: &random)
      for (limit, offset) in [(20, 0), (3, 2), (Int.max, 0)] where limit == 20 || round % 3 == 0 {
        let expected = scan.search(query, limit: limit, offset: offset)
        #expect(
          hash.search(query, limit: limit, offset: offset) == expected,
          "hash, round \(round): \(query.debugDescription)")
        if let hybrid {
          #expect(
            hybrid.search(query, limit: limit, offset: offset) == expected,
            "hybrid, round \(round): \(query.debugDescription)")
        }
        kinds.formUnion(expected.map(\.kind))
      }
    }
    #expect(kinds.contains(.mixed))
  }
}

import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// Keyboard schemes at random (Docs/Semantics.md, "keyboard"): each scheme with and without mixed input, fuzzy
/// pinyin (every rule) and traditional characters; random records (some with apostrophes) and queries typed in the
/// scheme, mixing notations now and then, and strings of zhuyin's punctuation and digit keys; the scan against the
/// reference.
@Suite struct KeyboardDifferentialTests {
  /// Each scheme with each of the eight combinations of mixed, fuzzy and traditional.
  static let combinations: [SearchOptions] = Keyboard.allCases.flatMap { keyboard in
    (0..<8).map { bits in
      SearchOptions(
        mixed: bits & 1 != 0, fuzzy: bits & 2 != 0 ? .all : [], traditional: bits & 4 != 0, keyboard: keyboard)
    }
  }

  /// Records of random texts: some with traditional characters, some with apostrophes.
  static func records(count: Int, using random: inout SplitMix64) -> [Record] {
    (0..<count).map { number in
      let text =
        switch number % 4 {
        case 1: RandomText.textWithTraditional(using: &random)
        case 3: RandomText.textWithApostrophes(using: &random)
        default: RandomText.text(using: &random)
        }
      return Record(id: RandomText.id(number, using: &random), text: text, rank: RandomText.rank(using: &random))
    }
  }

  @Test(arguments: Array(combinations.indices))
  func theScanGivesTheReferenceResults(combination: Int) {
    // A quick run takes every other combination (four of each scheme), CI every one.
    guard TestScale.includes(combination, ofEvery: 2) else { return }
    let options = Self.combinations[combination]
    var random = SplitMix64(seed: 3_700 + UInt64(combination))
    let records = Self.records(count: 40, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let reference = ReferenceSearch(records, options: options)
    for round in 0..<TestScale.rounds(quick: 8, full: 40) {
      let text = records.randomElement(using: &random)!.text
      var query = RandomText.keyboardQuery(for: text, keyboard: options.keyboard!, options: options, using: &random)
      if round % 5 == 4 { query = RandomText.withApostrophes(query, using: &random) }
      OptionsDifferentialTests.expectSame(
        scan.search(query, limit: .max), reference.search(query, limit: .max),
        "\(options), query \(query.debugDescription), round \(round): the scan differs from Docs/Semantics.md")
    }
  }

  /// Every engine against the scan: the index in two configurations (a small one makes the searches among
  /// candidates common), an opened snapshot of the small one, and the hybrid, half of them in each case of a quick
  /// run, and the sorted-set index (in memory) in every case; searches with the built options and, every fourth round, without the keyboard or with fewer other options.
  @Test(arguments: Array(combinations.indices))
  func everyEngineGivesTheScansResults(combination: Int) throws {
    // A quick run takes one combination in four (two of each scheme), CI every one.
    guard TestScale.includes(combination, ofEvery: 4) else { return }
    let options = Self.combinations[combination]
    var random = SplitMix64(seed: 3_500 + UInt64(combination))
    // 60 records and 40 rounds in CI (75 processor s, 156 with 100 and 60); queries with an apostrophe
    // (every fifth) take the matcher's slower path for separated syllables, on every record and notation.
    let records = Self.records(count: TestScale.isFull ? 60 : 20, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let small = OptionsDifferentialTests.smallConfiguration(using: &random)
    var engines: [(String, any SearchEngine)] = []
    if TestScale.includes(combination, ofEvery: 2) {
      engines.append(("index", HashIndexEngine(records, options: options)))
      engines.append(("hybrid", HybridEngine(records, options: options, configuration: small)))
    }
    if TestScale.includes(combination + 1, ofEvery: 2) {
      let directory = try TemporaryDirectory()
      let path = directory.adopt("index.snapshot")
      let index = HashIndexEngine(records, options: options, configuration: small)
      try index.save(toSnapshot: path)
      engines.append(("small index", index))
      engines.append(("snapshot of a small index", try HashIndexEngine(contentsOfSnapshot: path, options: options)))
    }
    let sortedSets = SortedSetIndex(options: options, configuration: small)
    let memory = SortedSetMemory(records, index: sortedSets)
    let fewer = [
      SearchOptions(mixed: options.mixed, fuzzy: options.fuzzy, traditional: options.traditional),
      SearchOptions(keyboard: options.keyboard), SearchOptions(mixed: options.mixed, keyboard: options.keyboard),
    ]
    for round in 0..<TestScale.rounds(quick: 8, full: 40) {
      let text = records.randomElement(using: &random)!.text
      var query = RandomText.keyboardQuery(for: text, keyboard: options.keyboard!, options: options, using: &random)
      if round % 5 == 4 { query = RandomText.withApostrophes(query, using: &random) }
      let asked: SearchOptions? = round % 4 == 3 ? fewer[round % 3] : nil
      for (limit, offset) in [(10, 0), (3, 2)] where round % 2 == 0 || offset == 0 {
        let expected = try scan.search(query, limit: limit, offset: offset, options: asked)
        let context =
          "\(options) asked \(asked.map(\.description) ?? "as built"), \(small), query \(query.debugDescription), "
          + "limit \(limit), offset \(offset)"
        for (name, engine) in engines {
          OptionsDifferentialTests.expectSame(
            try engine.search(query, limit: limit, offset: offset, options: asked), expected, "\(name): \(context)")
        }
        OptionsDifferentialTests.expectSame(
          try sortedSets.search(query, limit: limit, offset: offset, options: asked, in: memory), expected,
          "sorted sets: \(context)")
      }
    }
  }

  /// A search that turns the keyboard off answers as an engine built without it, in every engine: a posting of the
  /// index may hold a match over the codes (`lq` is 刘 in full pinyin under xiaohe), which such a search must not
  /// take for its own (刘七 is then an initials match of `lq`).
  @Test(arguments: Keyboard.allCases)
  func aSearchWithoutTheKeyboardIgnoresTheCodes(keyboard: Keyboard) throws {
    // A quick run takes a double-pinyin scheme and zhuyin, CI every scheme.
    guard [.xiaohe, .zhuyin].contains(keyboard) || TestScale.isFull else { return }
    var random = SplitMix64(seed: 3_800 + UInt64(Keyboard.allCases.firstIndex(of: keyboard)!))
    var records = Self.records(count: 40, using: &random)
    records.append(Record(id: "liu qi", text: "刘七"))
    let built = SearchOptions(mixed: true, fuzzy: .nL, keyboard: keyboard)
    let without = SearchOptions(mixed: true, fuzzy: .nL)
    let engines: [(String, any SearchEngine)] = [
      ("scan", LinearScanEngine(records, options: built)), ("index", HashIndexEngine(records, options: built)),
      (
        "small index",
        HashIndexEngine(
          records, options: built, configuration: OptionsDifferentialTests.smallConfiguration(using: &random))
      ),
    ]
    let reference = ReferenceSearch(records, options: without)
    for round in 0..<TestScale.rounds(12) {
      let text = records.randomElement(using: &random)!.text
      let query =
        round == 0 ? "lq" : RandomText.keyboardQuery(for: text, keyboard: keyboard, options: built, using: &random)
      let expected = reference.search(query, limit: .max)
      for (name, engine) in engines {
        OptionsDifferentialTests.expectSame(
          try engine.search(query, limit: .max, offset: 0, options: without), expected,
          "\(name), \(keyboard), query \(query.debugDescription), round \(round): the search without the keyboard")
      }
    }
    if keyboard != .zhuyin {
      let lq = try HashIndexEngine(records, options: built).search("lq", limit: .max, options: without)
      #expect(lq.first { $0.id == "liu qi" }.map { "\($0.kind) \($0.range)" } == "initials 0..<2")
    }
  }

  /// Queries of zhuyin's keys that are not letters, up to 300 of them with apostrophes and white space, on texts
  /// rich in digits and punctuation: the scan gives the reference's results, with the keypad on as well (which the
  /// library answers beside a keyboard: digits are then both zhuyin keys and keypad digits).
  @Test(arguments: [false, true])
  func punctuationAndDigitKeysUnderZhuyin(keypad: Bool) {
    let options = SearchOptions(mixed: true, keypad: keypad, keyboard: .zhuyin)
    var random = SplitMix64(seed: keypad ? 3_901 : 3_900)
    var records = Self.records(count: 50, using: &random)
    records += ["安", "1;", "欧 昂", "5;0", "二-0", "ㄅ", "0.0", ";,./-", "安安安安安安安安"].enumerated().map {
      Record(id: "k\($0.offset)", text: $0.element)
    }
    let scan = LinearScanEngine(records, options: options)
    let reference = ReferenceSearch(records, options: options)
    for round in 0..<TestScale.rounds(quick: 15, full: 100) {
      let query = round < 4 ? ["0", "0000", "8;", "-"][round] : RandomText.keyQuery(using: &random)
      OptionsDifferentialTests.expectSame(
        scan.search(query, limit: .max), reference.search(query, limit: .max),
        "\(options), query \(query.debugDescription), round \(round): the scan differs from Docs/Semantics.md")
    }
  }
}

/// The engines' reading of the keyboard schemes on 刘亦菲 (Docs/Semantics.md, "keyboard"): the same 32, 37, 106 and
/// 123 white-space-free queries as the reference's enumeration, and the options a search may ask for.
@Suite struct KeyboardSearchTests {
  /// Every white-space-free query that `engine` finds 刘亦菲 with, found by extending found queries one symbol at a time.
  static func matchingQueries(_ engine: some SearchEngine) -> Set<String> {
    let alphabet = (Array("abcdefghijklmnopqrstuvwxyz0123456789;,./-") + Array("刘亦菲")).map(String.init)
    var found: Set<String> = []
    var frontier = [""]
    while let prefix = frontier.popLast() {
      for symbol in alphabet where !engine.search(prefix + symbol, limit: 1).isEmpty {
        found.insert(prefix + symbol)
        frontier.append(prefix + symbol)
      }
    }
    return found
  }

  @Test(arguments: Keyboard.allCases)
  func theScanFindsTheContractsQueries(keyboard: Keyboard) {
    let records = [Record(id: "1", text: "刘亦菲")]
    let plain = Self.matchingQueries(LinearScanEngine(records, options: SearchOptions(keyboard: keyboard)))
    let mixed = Self.matchingQueries(LinearScanEngine(records, options: SearchOptions(mixed: true, keyboard: keyboard)))
    let fei = keyboard == .xiaohe ? "fw" : "fz"
    let codes: Set<String> =
      keyboard == .zhuyin
      ? ["x", "xu", "xu.", "xu.u", "xu.uz", "xu.uzo", "u", "uz", "uzo", "z", "zo", "xuz"]
      : ["lq", "lqy", "lqyi", "lqyif", "lqyi" + fei, "yi" + fei, fei]
    #expect(plain == ReferenceKeyboardTests.original.union(codes))
    #expect(plain.count == (keyboard == .zhuyin ? 37 : 32))
    #expect(mixed.count == (keyboard == .zhuyin ? 123 : 106))
  }

  /// The table of README and the options article: one example per scheme, each a full-pinyin match.
  @Test(arguments: [
    (Keyboard.xiaohe, ["lqyifw", "vhsj", "an"]), (.ziranma, ["lqyifz", "vhsj", "an"]),
    (.microsoft, ["lqyifz", "vhsj", "oj"]), (.sogou, ["lqyifz", "vhsj", "oj"]), (.zhuyin, ["xu.uzo", "5;n0", "0"]),
  ])
  func theDocumentedExamplesFindTheirRecords(keyboard: Keyboard, queries: [String]) {
    let records = [Record(id: "1", text: "刘亦菲"), Record(id: "2", text: "张三"), Record(id: "3", text: "安")]
    let engine = HashIndexEngine(records, options: SearchOptions(keyboard: keyboard))
    for (query, id) in zip(queries, ["1", "2", "3"]) {
      #expect(engine.search(query).map { "\($0.id) \($0.kind)" } == ["\(id) fullPinyin"], "\(keyboard) \(query)")
    }
  }

  @Test func aSearchMayAskForTheBuiltKeyboardOrNone() throws {
    let records = [Record(id: "1", text: "刘亦菲"), Record(id: "2", text: "张三")]
    let engine = LinearScanEngine(records, options: SearchOptions(keyboard: .xiaohe))
    #expect(try engine.search("lqyifw", options: SearchOptions(keyboard: .xiaohe)).map(\.id) == ["1"])
    #expect(try engine.search("lqyifw", options: .default).isEmpty)
    #expect(try engine.search("lyf", options: .default).map(\.id) == ["1"])
    #expect(engine.search("vhsj").first?.kind == .fullPinyin)
    #expect(
      throws: SearchOptionsError(requested: SearchOptions(keyboard: .zhuyin), built: SearchOptions(keyboard: .xiaohe))
    ) {
      try engine.search("xu.", options: SearchOptions(keyboard: .zhuyin))
    }
    let error = SearchOptionsError(requested: SearchOptions(keyboard: .zhuyin), built: SearchOptions(keyboard: .xiaohe))
    #expect(
      error.description
        == "the search asks for keyboard zhuyin, which the engine was not built with (it has keyboard xiaohe)")
    let plain = LinearScanEngine(records)
    #expect(throws: SearchOptionsError.self) { try plain.search("lq", options: SearchOptions(keyboard: .sogou)) }
  }
}

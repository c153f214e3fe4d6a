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

  /// A search that turns the keyboard off answers as an engine built without it.
  @Test(arguments: Keyboard.allCases)
  func aSearchWithoutTheKeyboardIgnoresTheCodes(keyboard: Keyboard) throws {
    var random = SplitMix64(seed: 3_800 + UInt64(Keyboard.allCases.firstIndex(of: keyboard)!))
    let records = Self.records(count: 40, using: &random)
    let built = SearchOptions(mixed: true, keyboard: keyboard)
    let scan = LinearScanEngine(records, options: built)
    let without = ReferenceSearch(records, options: SearchOptions(mixed: true))
    for round in 0..<TestScale.rounds(8) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.keyboardQuery(for: text, keyboard: keyboard, options: built, using: &random)
      OptionsDifferentialTests.expectSame(
        try scan.search(query, limit: .max, options: SearchOptions(mixed: true)), without.search(query, limit: .max),
        "\(keyboard), query \(query.debugDescription), round \(round): the search without the keyboard")
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

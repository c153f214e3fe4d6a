import PinyinSearch
import PinyinSearchTestSupport
import Testing

/// Docs/Semantics.md, "Syllable separators": the examples, in every engine (the scan, the index
/// with the default and a small configuration, the hybrid, an opened snapshot, the sorted-set
/// index) and the reference; and adversarial queries and texts of apostrophes.
@Suite struct SyllableSeparatorTests {
  static let texts = [
    "西安", "先", "刘亦菲", "中国", "Xi'an Hotel", "O'Brien", "33668", "abc33668", "西’安", "'''", "x'ian", "刘 亦'菲",
  ]

  /// Every engine's answer to `query` over `records`, named, each with `options`.
  static func answers(
    _ query: String, records: [Record], options: SearchOptions = .default, limit: Int = .max
  ) throws -> [(String, [SearchResult])] {
    let small = IndexConfiguration(maxKeyLength: 4, rareKeyLimit: 1, maxMixedKeyLength: 2, maxFuzzyKeyLength: 3)
    let directory = try TemporaryDirectory()
    let path = directory.adopt("index.snapshot")
    try HashIndexEngine(records, options: options, configuration: small).save(toSnapshot: path)
    let hybrid = HybridEngine(records, options: options)
    hybrid.waitUntilIndexed()
    let sortedSets = SortedSetIndex(options: options, configuration: small)
    let memory = SortedSetMemory(records, index: sortedSets)
    return [
      ("scan", LinearScanEngine(records, options: options).search(query, limit: limit)),
      ("reference", ReferenceSearch(records, options: options).search(query, limit: limit)),
      ("index", HashIndexEngine(records, options: options).search(query, limit: limit)),
      ("small index", HashIndexEngine(records, options: options, configuration: small).search(query, limit: limit)),
      ("hybrid", hybrid.search(query, limit: limit)),
      ("snapshot", try HashIndexEngine(contentsOfSnapshot: path, options: options).search(query, limit: limit)),
      ("sorted sets", try sortedSets.search(query, limit: limit, in: memory)),
    ]
  }

  /// The results of `query` over `texts` (ids are the texts) as `text kind start..<end` lines,
  /// the same in every engine.
  static func summary(_ query: String, texts: [String] = texts, options: SearchOptions = .default) throws -> [String] {
    let records = texts.map { Record(id: $0, text: $0) }
    let answers = try answers(query, records: records, options: options)
    let expected = answers[0].1
    for (engine, results) in answers.dropFirst() {
      #expect(results == expected, "\(engine) differs from the scan for \(query.debugDescription)")
    }
    return expected.map { "\($0.id) \($0.kind)\($0.isFuzzy ? "~" : "") \($0.range)" }
  }

  @Test func theExamplesOfTheSemantics() throws {
    #expect(
      try Self.summary("xi'an") == [
        "Xi'an Hotel literal 0..<5", "西安 fullPinyin 0..<2", "西’安 fullPinyin 0..<3", "x'ian fullPinyin 0..<5",
      ])
    #expect(
      try Self.summary("xian") == [
        "先 fullPinyin 0..<1", "西安 fullPinyin 0..<2", "西’安 fullPinyin 0..<3", "x'ian fullPinyin 0..<5",
        "Xi'an Hotel fullPinyin 0..<5",
      ])
    #expect(try Self.summary("zhong'guo") == ["中国 fullPinyin 0..<2"])
    #expect(try Self.summary("li'u").isEmpty)
    #expect(try Self.summary("liu'yi'fei") == ["刘亦菲 fullPinyin 0..<3", "刘 亦'菲 fullPinyin 0..<5"])
    #expect(try Self.summary("l'y'f") == ["刘亦菲 initials 0..<3", "刘 亦'菲 initials 0..<5"])
    #expect(try Self.summary("obrien") == ["O'Brien fullPinyin 0..<7"])
    #expect(try Self.summary("3'3'6'6'8") == ["33668 fullPinyin 0..<5", "abc33668 fullPinyin 3..<8"])
    #expect(try Self.summary("33668") == ["33668 literal 0..<5", "abc33668 literal 3..<8"])
  }

  @Test func apostrophesOfEveryKindAndPlace() throws {
    // `’` and the full-width `＇` are separators as `'` is; at the ends and repeated they add nothing.
    for query in ["xi’an", "xi＇an", "'xi'an'", "xi''an", "xi ' an", "’xi’’an’"] {
      #expect(try Self.summary(query, texts: ["西安", "先"]) == ["西安 fullPinyin 0..<2"], "\(query)")
    }
    #expect(try Self.summary("'xian'", texts: ["西安", "先"]) == ["先 fullPinyin 0..<1", "西安 fullPinyin 0..<2"])
    // A separator inside an initial's or a non-Han unit's piece: none may hold one.
    #expect(
      try Self.summary("o'brien", texts: ["O'Brien", "OBrien"]) == ["O'Brien literal 0..<7", "OBrien fullPinyin 0..<6"])
    #expect(try Self.summary("ob'rien", texts: ["OBrien"]) == ["OBrien fullPinyin 0..<6"])
    #expect(try Self.summary("xia'n", texts: ["西安", "先"]).isEmpty)
  }

  /// Digits an apostrophe splits in a text are typed as full pinyin, the apostrophe being no
  /// separator of the phone rule: a digit query finds them, in every engine.
  @Test func digitsAcrossAnApostrophe() throws {
    #expect(
      try Self.summary("179", texts: ["1'79", "179", "1 79"]) == [
        "179 literal 0..<3", "1 79 literal 0..<4", "1'79 fullPinyin 0..<4",
      ])
  }

  /// A query of the phone rule's shape (digits with white space or `- . ( ) / +`) against digits
  /// an apostrophe splits: a full-pinyin match, which no phone run holds, in every engine.
  @Test func phoneShapedQueryAcrossAnApostrophe() throws {
    // Enough runs of the digits that their phone key is stored, and read off the front.
    let records = [Record(id: "a", text: "138'0013")] + (0..<40).map { Record(id: "r\($0)", text: "138 0013 \($0)") }
    let answers = try Self.answers("138 0013", records: records)
    #expect(answers[0].1.last?.kind == .fullPinyin && answers[0].1.count == 41 && answers[1].1 == answers[0].1)
    for (engine, results) in answers.dropFirst(2) { #expect(results == answers[0].1, "\(engine)") }
  }

  @Test func separatorsUnderOptions() throws {
    let mixed = SearchOptions(mixed: true)
    #expect(try Self.summary("liu'yf", texts: ["刘亦菲"], options: mixed) == ["刘亦菲 mixed 0..<3"])
    #expect(try Self.summary("li'uyf", texts: ["刘亦菲"], options: mixed).isEmpty)
    let traditional = SearchOptions(mixed: true, traditional: true)
    #expect(
      try Self.summary("刘'yf", texts: ["刘亦菲", "劉亦菲"], options: traditional) == ["刘亦菲 mixed 0..<3", "劉亦菲 mixed 0..<3"])
    let fuzzy = SearchOptions(fuzzy: .zZh)
    #expect(try Self.summary("zang'san", texts: ["张三"], options: fuzzy) == ["张三 fullPinyin~ 0..<2"])
    #expect(try Self.summary("zan'gsan", texts: ["张三"], options: fuzzy).isEmpty)
    let keypad = SearchOptions(keypad: true)
    #expect(try Self.summary("548'94'334", texts: ["刘亦菲"], options: keypad) == ["刘亦菲 keypad 0..<3"])
    #expect(try Self.summary("54'894", texts: ["刘亦菲"], options: keypad).isEmpty)
    #expect(
      try Self.summary("5'9'3", texts: ["刘亦菲", "593"], options: keypad) == ["593 fullPinyin 0..<3", "刘亦菲 keypad 0..<3"])
  }

  /// Queries of apostrophes alone, hundreds of them, apostrophes between combining marks, and a
  /// text of apostrophes alone: literal matches only, found in every engine, quickly.
  @Test func adversarialApostrophes() throws {
    let texts = ["'", "'''", "Xi'an", "e\u{301}'\u{301}a", "a\u{301}", String(repeating: "'", count: 300), "西安"]
    #expect(try Self.summary("'", texts: texts).count == 4)
    #expect(
      try Self.summary("'''", texts: texts) == [
        "''' literal 0..<3", "\(String(repeating: "'", count: 300)) literal 0..<3",
      ])
    let hundreds = String(repeating: "'", count: 400)
    #expect(try Self.summary(hundreds, texts: texts).isEmpty)
    #expect(try Self.summary(String(repeating: "’'", count: 200), texts: texts).isEmpty)
    let padded = String(repeating: "'", count: 300) + "xian" + String(repeating: "'", count: 300)
    #expect(try Self.summary(padded, texts: texts) == ["西安 fullPinyin 0..<2", "Xi'an fullPinyin 0..<5"])
    #expect(try Self.summary(String(repeating: "x'i'a'n", count: 60), texts: texts).isEmpty)
    // `'` followed by a combining mark is one unit, no apostrophe: typed whole, as any other unit.
    #expect(try Self.summary("e\u{301}'\u{301}a", texts: texts) == ["e\u{301}'\u{301}a literal 0..<3"])
    #expect(try Self.summary("'\u{301}a", texts: texts) == ["e\u{301}'\u{301}a literal 1..<3"])
    #expect(try Self.summary("e'\u{301}", texts: texts).isEmpty)
    #expect(try Self.summary("a'\u{301}", texts: texts).isEmpty)
    #expect(try Self.summary("a\u{301}", texts: texts) == ["a\u{301} literal 0..<1"])
    #expect(try Self.summary("a\u{301}", texts: ["a'\u{301}"]).isEmpty)
    // A long text of Han and apostrophes, with long queries of separators: answered at once.
    let long = String(repeating: "西'安'", count: 500)
    let start = ContinuousClock.now
    #expect(try Self.summary(String(repeating: "x'i'a'n", count: 40), texts: [long]).isEmpty)
    #expect(
      try Self.summary(String(repeating: "xi'an", count: 40), texts: [long]) == ["\(long) fullPinyin 0..<\(40 * 4 - 1)"]
    )
    #expect(ContinuousClock.now - start < .seconds(20))
  }
}

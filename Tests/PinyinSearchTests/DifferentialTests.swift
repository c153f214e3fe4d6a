import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// The engine against `ReferenceSearch`, the brute-force reading of Docs/Semantics.md: random records and queries from
/// fixed seeds, random edits, and every short query over small alphabets.
@Suite struct DifferentialTests {
  /// Compares the engine's page of results with the reference's, naming the query and the seed on a mismatch.
  func expectSameResults(
    _ engine: LinearScanEngine, _ reference: ReferenceSearch, query: String, limit: Int, offset: Int,
    context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let engineResults = engine.search(query, limit: limit, offset: offset)
    let referenceResults = reference.search(query, limit: limit, offset: offset)
    #expect(
      engineResults == referenceResults,
      "query \(query.debugDescription), limit \(limit), offset \(offset), \(context): results differ from Docs/Semantics.md",
      sourceLocation: sourceLocation)
  }

  /// Compares the first page, pages of 3 and every result of the engine with the reference's full order, sliced.
  func expectSamePages(
    _ engine: LinearScanEngine, _ reference: ReferenceSearch, query: String, pagesOfThree: Bool, everyResult: Bool,
    context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let all = reference.search(query, limit: Int.max, offset: 0)
    var pages = [(limit: 20, offset: 0)]
    if pagesOfThree { pages += [(3, 0), (3, 3), (3, 6)] }
    if everyResult { pages.append((Int.max, 0)) }
    for (limit, offset) in pages {
      let engineResults = engine.search(query, limit: limit, offset: offset)
      let referenceResults = Array(all.dropFirst(offset).prefix(limit))
      #expect(
        engineResults == referenceResults,
        "query \(query.debugDescription), limit \(limit), offset \(offset), \(context): results differ from Docs/Semantics.md",
        sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomQueriesGiveTheReferenceResults(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let records = RandomText.records(count: 250, using: &random)
    let engine = LinearScanEngine(records)
    let reference = ReferenceSearch(records)
    #expect(engine.count == reference.count)
    for round in 0..<TestScale.rounds(50) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.query(for: text, using: &random)
      expectSamePages(
        engine, reference, query: query, pagesOfThree: round % 4 == 0, everyResult: round % 5 == 0,
        context: "seed \(seed), round \(round)")
    }
  }

  @Test func unusualLimitsAndOffsetsGiveTheReferenceResults() {
    var random = SplitMix64(seed: 99)
    let records = RandomText.records(count: 60, using: &random)
    let engine = LinearScanEngine(records)
    let reference = ReferenceSearch(records)
    let pages = [(0, 0), (-1, 0), (5, -3), (1, Int.max), (Int.max, Int.max), (Int.max, 1), (2, 1_000), (50, 7)]
    for query in ["a", "z", "长", "1", "c", "zh", " ", "", "ｃ"] {
      for (limit, offset) in pages {
        expectSameResults(engine, reference, query: query, limit: limit, offset: offset, context: "seed 99")
      }
    }
  }

  /// `id` with a leading `é` spelled `e` + U+0301 or the other way round: equal for `String.==`, other UTF-8 bytes.
  func canonicalTwin(of id: String) -> String? {
    let scalars = Array(id.unicodeScalars)
    var twin = String.UnicodeScalarView()
    if scalars.first == "\u{E9}" {
      twin.append(contentsOf: ["e", "\u{301}"] + scalars.dropFirst())
    } else if scalars.starts(with: ["e", "\u{301}"]) {
      twin.append(contentsOf: ["\u{E9}"] + scalars.dropFirst(2))
    } else {
      return nil
    }
    return String(twin)
  }

  @Test(arguments: [11, 12] as [UInt64])
  func editsKeepTheReferenceResults(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var records = RandomText.records(count: 120, using: &random)
    var engine = LinearScanEngine(records)
    var reference = ReferenceSearch(records)
    var nextNumber = records.count
    for step in 0..<TestScale.rounds(50) {
      let context = "seed \(seed), edit \(step)"
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let record = Record(id: RandomText.id(nextNumber, using: &random), text: RandomText.text(using: &random))
        nextNumber += 1
        records.append(record)
        #expect(engine.add(record) == reference.add(record), "\(context): adding a new id")
      case 4 where records.contains { canonicalTwin(of: $0.id) != nil }:
        // An id canonically equivalent to an existing one but with other UTF-8 bytes is another id.
        let twinOf = records.filter { canonicalTwin(of: $0.id) != nil }.randomElement(using: &random)!.id
        let record = Record(id: canonicalTwin(of: twinOf)!, text: RandomText.text(using: &random))
        if !records.contains(where: { $0.id.utf8.elementsEqual(record.id.utf8) }) { records.append(record) }
        #expect(
          engine.add(record) == reference.add(record), "\(context): adding the twin of \(twinOf.debugDescription)")
      case 4..<7 where !records.isEmpty:
        let index = Int.random(in: 0..<records.count, using: &random)
        records[index].text = RandomText.text(using: &random)
        #expect(engine.add(records[index]) == reference.add(records[index]), "\(context): replacing a text")
      case 7..<9 where !records.isEmpty:
        let removed = records.remove(at: Int.random(in: 0..<records.count, using: &random))
        #expect(engine.remove(id: removed.id) == reference.remove(id: removed.id), "\(context): removing an id")
      default:
        let id = RandomText.id(nextNumber + 1_000_000, using: &random)
        #expect(engine.remove(id: id) == reference.remove(id: id), "\(context): removing an absent id")
      }
      #expect(engine.count == reference.count, "\(context): count")
      if step % 5 == 0 {
        for _ in 0..<20 {
          let text = records.randomElement(using: &random)?.text ?? "长"
          let query = RandomText.query(for: text, using: &random)
          expectSamePages(engine, reference, query: query, pagesOfThree: true, everyResult: false, context: context)
        }
      }
    }
  }

  @Test(arguments: ["长大", "银行", "黄安", "我 爱你 中   国", "刘亦菲", "西安", "长 1-2"])
  func everyShortQueryGivesTheReferenceResult(text: String) {
    var alphabet = Set(text.flatMap { Pinyin.readings(of: $0).joined() })
    if text.contains(where: \.isWhitespace) { alphabet.insert(" ") }
    alphabet.formUnion(text.filter { !$0.isWhitespace && !Pinyin.readings(of: $0).isEmpty }.prefix(2))
    alphabet.formUnion(text.filter { !$0.isWhitespace && Pinyin.readings(of: $0).isEmpty })
    let letters = alphabet.sorted()
    let records = [Record(id: "a", text: text), Record(id: "b", text: text + text)]
    let engine = LinearScanEngine(records)
    let reference = ReferenceSearch(records)
    // Every query of up to three symbols; of four too in CI (most of the work).
    var queries: [String] = [""]
    for _ in 1...(TestScale.isFull ? 4 : 3) {
      queries = queries.flatMap { prefix in letters.map { prefix + String($0) } }
      for query in queries {
        expectSameResults(engine, reference, query: query, limit: Int.max, offset: 0, context: "text \(text)")
      }
    }
  }

  /// Hand-picked corner cases of folding, white space, Han units and the phone rule, every query against every text.
  @Test func cornerCasesGiveTheReferenceResults() {
    let texts = [
      "长\n\u{301}", " \u{301}长", "\u{301}长", "长\u{301}", "长\u{200D}", "葛\u{E0100}\u{FE00}", "葛\u{E0100}", "葛",
      "İstanbul", "i\u{307}", "\u{212A}ey", "ǅ", "ẞ", "ß", "ＡＢＣ", "abc", "e\u{301}", "é", "西 安", "先", "西\u{3000}安",
      "１３８", "138\u{3000}0013", "138\u{A0}0013", "138\t0013", "1\r\n2", "(1)", "1－2", "1.2.3", "+86 (10) 6552",
      "", " ", "\u{3000}", "吕布", "女", "嗯", "欸", "𧒽𠀀", "👨‍👩‍👧长", "🇨🇳🇨🇳", "张三", "a b c", "a  b",
      String(repeating: "大", count: 60), String(repeating: "行长", count: 20),
    ]
    let queries = [
      "长", "chang", "c", "\u{301}", "chang\u{301}", "g\u{301}", " \u{301}", "长\u{301}", "zhang\u{200D}", "ge",
      "葛", "g", "İ", "i\u{307}", "istanbul", "k", "K", "\u{212A}", "ǆ", "ǅ", "ß", "ẞ", "SS", "abc", "ＡＢＣ", "ａｂｃ",
      "é", "e\u{301}", "E\u{301}", "e", "xian", "xi an", "x i a n", "xa", "x a", "西 安", "西安", "西\u{3000}安", "138",
      "1380013", "１３８", "138 0013", "138-0013", "1 2", "12", "(1)", "1", "+", "()", "1-2", "123", "8610", "86 10 6552",
      "lvbu", "lb", "nv", "n", "ng", "e", "ei", "ai", "lei", "leihe", "lh", "👨‍👩‍👧", "👨‍👩‍👧c", "🇨🇳", "🇨", "zhangsan",
      "zs", "zhang san", "abc", "a b", "ab", "a  b", "\t", " ", "\u{3000}", "",
      String(repeating: "da", count: 60), String(repeating: "dai", count: 40), String(repeating: "d", count: 61),
      String(repeating: "xingzhang", count: 20) + "c", String(repeating: "hz", count: 20),
    ]
    let records = texts.enumerated().map { Record(id: "t\($0.offset)", text: $0.element) }
    let engine = LinearScanEngine(records)
    let reference = ReferenceSearch(records)
    for query in queries {
      expectSameResults(engine, reference, query: query, limit: Int.max, offset: 0, context: "corner cases")
    }
  }

  /// Queries of 64 to about 600 bytes, whose position sets span several words, against long texts:
  /// each spells (in full pinyin, initials or literally) a random stretch of a record, sometimes
  /// with one byte changed, so that matches run long before they succeed or fail.
  @Test(arguments: [41, 42] as [UInt64])
  func longQueriesGiveTheReferenceResults(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let records = (0..<12).map { number in
      let text = (0..<Int.random(in: 8...30, using: &random)).map { _ in RandomText.text(using: &random) }.joined()
      return Record(id: "long\(number)", text: text)
    }
    let engine = LinearScanEngine(records)
    let hash = HashIndexEngine(records, configuration: IndexConfiguration(maxKeyLength: 12, rareKeyLimit: 2))
    let reference = ReferenceSearch(records)
    for round in 0..<TestScale.rounds(40) {
      let units = Array(records.randomElement(using: &random)!.text)
      let start = Int.random(in: 0..<units.count, using: &random)
      let stretch = units[start..<min(units.count, start + Int.random(in: 20...300, using: &random))]
      var query = ""
      let way = round % 3
      for character in stretch {
        let readings = Pinyin.readings(of: character)
        if way == 2 || readings.isEmpty {
          query.append(character)
        } else {
          let reading = readings.randomElement(using: &random)!
          query += way == 0 ? reading : String(reading.prefix(1))
        }
      }
      if round % 4 == 3, let index = query.indices.randomElement(using: &random) {
        query.replaceSubrange(index...index, with: ["a", "1", " ", "长"].randomElement(using: &random)!)
      }
      expectSameResults(engine, reference, query: query, limit: 5, offset: 0, context: "seed \(seed), round \(round)")
      if round % 4 != 3 {
        #expect(!engine.search(query, limit: 1).isEmpty, "an unchanged stretch is found, round \(round)")
      }
      #expect(hash.search(query, limit: 5) == engine.search(query, limit: 5), "hash, seed \(seed), round \(round)")
    }
  }

  /// The oracle itself honours the examples of Docs/Semantics.md.
  @Test func referenceHonoursTheContractExamples() {
    func best(_ query: String, _ text: String) -> String {
      guard let (kind, range) = ReferenceSearch.bestMatch(query: query, text: text) else { return "none" }
      return "\(kind) \(range)"
    }
    #expect(best("an", "黄安") == "fullPinyin 1..<2")
    #expect(best("xian", "西安") == "fullPinyin 0..<2")
    #expect(best("xian", "先") == "fullPinyin 0..<1")
    #expect(best("lyf", "刘亦菲") == "initials 0..<3")
    #expect(best("iphonesj", "iPhone手机") == "initials 0..<8")
    #expect(best("1380013", "138 0013 8000") == "literal 0..<8")
    #expect(best("1234", "12a34") == "none")
    #expect(best("nzg", "我 爱你 中   国") == "initials 3..<10")
    #expect(best("zengji ng cang", "曾经沧海") == "fullPinyin 0..<3")
    #expect(best("  ", "a b") == "none")

    let listed: Set<String> = [
      "刘", "亦", "菲", "刘亦", "亦菲", "刘亦菲", "l", "li", "liu", "liuy", "liuyi", "liuyif", "liuyife", "liuyifei",
      "y", "yi", "yif", "yife", "yifei", "f", "fe", "fei", "ly", "yf", "lyf",
    ]
    for query in listed { #expect(best(query, "刘亦菲") != "none", "\(query) matches 刘亦菲") }
    let alphabet = Array("刘亦菲liuyfe")
    var queries: [String] = [""]
    var matching: Set<String> = []
    for _ in 1...4 {
      queries = queries.flatMap { prefix in alphabet.map { prefix + String($0) } }
      matching.formUnion(queries.filter { best($0, "刘亦菲") != "none" })
    }
    #expect(matching == listed.filter { $0.count <= 4 }, "exactly the listed queries match 刘亦菲")
  }
}

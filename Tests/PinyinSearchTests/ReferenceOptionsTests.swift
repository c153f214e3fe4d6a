import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// The oracle under the options of Docs/Semantics.md — `fuzzy`, `traditional`, `keypad`, and their combinations with
/// `mixed` and with each other — honours the contract's own examples. These hold `ReferenceSearch` alone to the
/// contract, so that the engines can then be held to the reference.
@Suite struct ReferenceOptionsTests {
  /// The reference's best match of `query` in `text` under `options` (`initials fuzzy 0..<3`), or `none`.
  func best(_ query: String, _ text: String, _ options: SearchOptions) -> String {
    ReferenceSearch.match(query: query, text: text, options: options)?.description ?? "none"
  }

  /// The reference's results of `query` over `records`, each as `id kind[ fuzzy] start..<end`.
  func results(_ query: String, _ records: [Record], _ options: SearchOptions) -> [String] {
    ReferenceSearch(records, options: options).search(query, limit: Int.max).map {
      "\($0.id) \($0.kind)\($0.isFuzzy ? " fuzzy" : "") \($0.range.lowerBound)..<\($0.range.upperBound)"
    }
  }

  static let keypad = SearchOptions(keypad: true)
  static let traditional = SearchOptions(traditional: true)

  // MARK: fuzzy

  @Test(
    arguments: [
      // The contract's examples.
      ("zangsan", "张三", [.zZh], "fullPinyin fuzzy 0..<2"), ("zangsan", "张三", [], "none"),
      ("nyf", "刘亦菲", [.nL], "initials fuzzy 0..<3"), ("nyf", "刘亦菲", [], "none"),
      ("lv", "吕", [.uV], "fullPinyin 0..<1"), ("lu", "吕", [.uV], "fullPinyin fuzzy 0..<1"), ("lu", "吕", [], "none"),
      ("lu", "路", [.uV], "fullPinyin 0..<1"), ("lv", "路", [.uV], "fullPinyin fuzzy 0..<1"), ("lv", "路", [], "none"),
      // n-l and r-l: l has the partners n and r, but n and r are not partners.
      ("liu", "牛", [.nL, .rL], "fullPinyin fuzzy 0..<1"), ("riu", "牛", [.nL, .rL], "none"),
      ("niu", "刘", [.nL, .rL], "fullPinyin fuzzy 0..<1"), ("riu", "刘", [.nL, .rL], "fullPinyin fuzzy 0..<1"),
      ("len", "人", [.nL, .rL], "fullPinyin fuzzy 0..<1"), ("nen", "人", [.nL, .rL], "none"),
      // u-v only after the reading's own n or l, and combined with the initial's partners; ve-ue too.
      ("lu", "女", [.uV, .nL], "fullPinyin fuzzy 0..<1"), ("nu", "女", [.uV], "fullPinyin fuzzy 0..<1"),
      ("lu", "女", [.uV], "none"), ("lu", "如", [.uV, .rL], "fullPinyin fuzzy 0..<1"), ("lv", "如", [.uV, .rL], "none"),
      ("xv", "续", .all, "none"), ("lue", "略", [.uV], "fullPinyin fuzzy 0..<1"),
      ("nue", "虐", [.uV], "fullPinyin fuzzy 0..<1"),
      // Rules on finals take the whole final; an initial's rule applies to the initial only.
      ("xiang", "先", [.anAng], "none"), ("xiang", "先", [.ianIang], "fullPinyin fuzzy 0..<1"),
      ("ang", "安", [.anAng], "fullPinyin fuzzy 0..<1"), ("guan", "光", [.uanUang], "fullPinyin 0..<1"),
      ("guanda", "光大", [.uanUang], "fullPinyin fuzzy 0..<2"), ("suang", "双", [.sSh], "fullPinyin fuzzy 0..<1"),
      ("sha", "三", [.sSh], "fullPinyin fuzzy 0..<1"), ("zan", "张", [.zZh, .anAng], "fullPinyin fuzzy 0..<1"),
      ("zansan", "张三", [.zZh, .anAng], "fullPinyin fuzzy 0..<2"), ("zansan", "张三", [.zZh], "none"),
      // Only readings with a vowel have variants: 嗯 is n and ng.
      ("l", "嗯", .all, "none"), ("n", "嗯", .all, "fullPinyin 0..<1"), ("hen", "哼", [.enEng], "fullPinyin 0..<1"),
      // A beginning of a reading is exact, even when it is also a whole fuzzy variant; a whole variant that is not a
      // reading is fuzzy before the last unit.
      ("zhan", "张", [.anAng], "fullPinyin 0..<1"), ("zhanda", "长大", [.anAng], "fullPinyin fuzzy 0..<2"),
      ("z", "张", [.zZh], "fullPinyin 0..<1"), ("za", "张", [.zZh], "fullPinyin fuzzy 0..<1"),
      ("zs", "张三", [.zZh], "initials 0..<2"), ("ls", "刘三", [.nL], "initials 0..<2"),
      // Best kind first, then exact before fuzzy, then the smallest start.
      ("zang", "张臧", [.zZh], "fullPinyin 1..<2"), ("zang", "张张", [.zZh], "fullPinyin fuzzy 0..<1"),
      ("lyf", "牛亦菲刘亦菲", [.nL], "initials 3..<6"), ("nyf", "牛亦菲刘亦菲", [.nL], "initials 0..<3"),
    ] as [(String, String, FuzzyRules, String)])
  func fuzzyMatchesAsTheContractSays(query: String, text: String, rules: FuzzyRules, expected: String) {
    #expect(best(query, text, SearchOptions(fuzzy: rules)) == expected, "\(query) in \(text) with \(rules)")
  }

  @Test func exactMatchesComeBeforeFuzzyOnesOfTheirKind() {
    let records = [
      Record(id: "b", text: "张", rank: 5), Record(id: "a", text: "臧"), Record(id: "c", text: "张臧"),
      Record(id: "d", text: "张张", rank: 9), Record(id: "e", text: "脏"),
    ]
    #expect(
      results("zang", records, SearchOptions(fuzzy: [.zZh]))
        == [
          "a fullPinyin 0..<1", "e fullPinyin 0..<1", "c fullPinyin 1..<2", "d fullPinyin fuzzy 0..<1",
          "b fullPinyin fuzzy 0..<1",
        ],
      "臧 (exact) before 张 (fuzzy), whatever their rank; then start, rank, length and id")
    #expect(results("zang", records, .default) == ["a fullPinyin 0..<1", "e fullPinyin 0..<1", "c fullPinyin 1..<2"])
  }

  @Test func aBetterKindComesBeforeExactness() {
    // zhan is a whole spelling of 长 only through an-ang (fullPinyin, fuzzy) but a beginning of zhang (mixed, exact).
    let options = SearchOptions(mixed: true, fuzzy: [.anAng])
    #expect(best("zhanda", "长大", options) == "fullPinyin fuzzy 0..<2")
    #expect(best("zhand", "长大", options) == "fullPinyin fuzzy 0..<2")
    #expect(best("zhanda", "长大", SearchOptions(mixed: true)) == "mixed 0..<2")
    #expect(
      results("zd", [Record(id: "1", text: "长大"), Record(id: "2", text: "赞")], SearchOptions(fuzzy: .all))
        == ["1 initials 0..<2"])
    #expect(
      results("zan", [Record(id: "1", text: "张"), Record(id: "2", text: "赞")], SearchOptions(fuzzy: .all))
        == ["2 fullPinyin 0..<1", "1 fullPinyin fuzzy 0..<1"])
  }

  @Test func fuzzyMixedPiecesAreFuzzyOnlyWhenTheyBeginNoReading() {
    let options = SearchOptions(mixed: true, fuzzy: [.nL, .zZh])
    #expect(best("nyfei", "刘亦菲", options) == "mixed fuzzy 0..<3")
    #expect(best("liuyf", "刘亦菲", options) == "mixed 0..<3")
    #expect(best("刘yfei", "刘亦菲", options) == "mixed 0..<3")
    #expect(best("zasan", "张三", options) == "mixed fuzzy 0..<2")
    #expect(best("zsan", "张三", options) == "mixed 0..<2", "z begins zhang")
  }

  // MARK: traditional

  @Test(
    arguments: [
      ("刘德华", "劉德華", "literal 0..<3"), ("劉", "刘", "literal 0..<1"), ("发", "髮", "literal 0..<1"),
      ("发", "發", "literal 0..<1"), ("髮", "發", "literal 0..<1"), ("苎", "薴", "literal 0..<1"),
      ("薴", "苧", "literal 0..<1"), ("苧", "苎", "literal 0..<1"), ("干", "乾", "none"), ("着", "著", "none"),
      ("乾", "乾", "literal 0..<1"), ("liudehua", "劉德華", "fullPinyin 0..<3"), ("ldh", "劉德華", "initials 0..<3"),
      // Readings are the text's own: 苎 is zhu, 薴 ning.
      ("ning", "薴", "fullPinyin 0..<1"), ("zhu", "薴", "none"),
      // Every scalar of a unit is mapped, also in a unit that is not Han; a variation selector stays.
      ("刘\u{301}", "劉\u{301}", "literal 0..<1"), ("长\u{FE00}", "長\u{FE00}", "literal 0..<1"),
      ("长", "長\u{FE00}", "none"),
      ("\u{29A0E}", "\u{9FAD}", "literal 0..<1"), ("\u{9FAD}x", "\u{29A0E}x", "literal 0..<2"),
      // A non-Han unit's piece is never mapped.
      ("刘\u{301}liu", "劉\u{301}刘", "none"), ("劉\u{301}liu", "劉\u{301}刘", "fullPinyin 0..<2"),
    ] as [(String, String, String)])
  func traditionalMapsLiteralComparisonOnly(query: String, text: String, expected: String) {
    #expect(best(query, text, Self.traditional) == expected, "\(query) in \(text)")
    let mixed = SearchOptions(mixed: true, traditional: true)
    #expect(best(query, text, mixed) == expected, "\(query) in \(text), with mixed")
  }

  @Test func traditionalIsOffByDefault() {
    #expect(best("刘德华", "劉德華", .default) == "none")
    #expect(best("劉", "刘", .default) == "none")
    #expect(best("liudehua", "劉德華", .default) == "fullPinyin 0..<3")
    #expect(best("劉\u{301}", "刘\u{301}", .default) == "none")
  }

  @Test func traditionalMapsAHanUnitTypedAsItselfInAMixedPiece() {
    let options = SearchOptions(mixed: true, traditional: true)
    #expect(best("劉dh", "刘德华", options) == "mixed 0..<3")
    #expect(best("刘德hua", "劉德華", options) == "mixed 0..<3")
    #expect(best("劉dh", "刘德华", SearchOptions(mixed: true)) == "none")
    #expect(best("薴xi", "苎西", options) == "mixed 0..<2")
    #expect(best("长\u{FE00}da", "長\u{FE00}大", options) == "mixed 0..<2")
    #expect(best("干da", "乾大", options) == "none")
    #expect(
      ReferenceSearch([Record(id: "1", text: "x長\u{FE00}大")], options: options).search("长\u{FE00}da").first?.utf16Range
        == 1..<4, "ranges are the text's own")
  }

  @Test func theSimplifiedVariantsTheExamplesNeedAreThere() {
    #expect(Pinyin.simplifiedVariant(of: "劉") == "刘")
    #expect(Pinyin.simplifiedVariant(of: "薴") == "苧")
    #expect(Pinyin.simplifiedVariant(of: "苧") == "苎")
    #expect(Pinyin.simplifiedVariant(of: "乾") == nil)
    #expect(Pinyin.simplifiedVariant(of: "著") == nil)
    #expect(Pinyin.simplifiedVariant(of: "\u{9FAD}") == "\u{29A0E}")
    #expect(Pinyin.readings(of: "\u{9FAD}").isEmpty, "a mappable scalar without readings")
  }

  // MARK: keypad

  @Test(arguments: [
    ("593", "刘亦菲", "keypad 0..<3"), ("548", "刘亦菲", "keypad 0..<1"), ("474663", "iPhone", "keypad 0..<6"),
    ("93", "刘亦菲", "keypad 1..<3"), ("5 48", "刘亦菲", "keypad 0..<1"), ("５４８", "刘亦菲", "keypad 0..<1"),
    ("54894334", "刘亦菲", "keypad 0..<3"),
    ("4746637", "iPhone手机", "keypad 0..<7"), ("21", "a1", "keypad 0..<2"), ("22", "a b", "keypad 0..<3"),
    ("2", "a-b", "keypad 0..<1"), ("222", "a-b", "none"), ("2", "é", "none"), ("3", "é", "none"),
    ("548", "548", "literal 0..<3"), ("5", "刘5", "literal 1..<2"), ("5485", "刘5", "keypad 0..<2"),
    ("54", "刘亦菲", "keypad 0..<1"), ("4", "刘亦菲", "none"), ("54893", "刘亦菲", "none"), ("0", "刘亦菲", "none"),
  ])
  func keypadMatchesAsTheContractSays(query: String, text: String, expected: String) {
    #expect(best(query, text, Self.keypad) == expected, "\(query) in \(text)")
    if expected.hasPrefix("keypad") {
      #expect(best(query, text, .default) == "none", "\(query) in \(text): only on the keypad")
    }
  }

  @Test func keypadCoversMixedMatchesWhenMixedIsOn() {
    let options = SearchOptions(mixed: true, keypad: true)
    #expect(best("54893", "刘亦菲", options) == "keypad 0..<3", "liuyf")
    #expect(best("5933", "刘亦菲", options) == "keypad 0..<3", "lyfe")
    #expect(best("54893", "刘亦菲", Self.keypad) == "none")
  }

  @Test func keypadIsExactWhenTheDigitsAreThoseOfAnExactMatch() {
    let options = SearchOptions(fuzzy: [.uV, .nL, .zZh, .anAng], keypad: true)
    #expect(best("58", "吕", options) == "keypad 0..<1", "lv and lu are both 58")
    #expect(best("58", "路", options) == "keypad 0..<1")
    #expect(best("58", "女", options) == "keypad fuzzy 0..<1", "lv and lu through n-l")
    #expect(best("68", "女", options) == "keypad 0..<1")
    #expect(best("926", "张", options) == "keypad fuzzy 0..<1", "zan")
    #expect(best("9426", "张", options) == "keypad 0..<1", "zhan begins zhang")
    #expect(best("693", "刘亦菲", options) == "keypad fuzzy 0..<3", "nyf")
    #expect(best("693", "刘亦菲牛亦菲", options) == "keypad 3..<6")
    #expect(best("693", "刘亦菲", Self.keypad) == "none")
  }

  /// Every white-space-free query over 刘亦菲's letters and characters and the ten digits that matches 刘亦菲 under
  /// `options`, with its best match. Every query of up to four letters and characters, of up to four digits, and of
  /// up to three of any of these symbols is tried; each one that matches is extended one symbol at a time for as
  /// long as it matches (a beginning of a query that matches 刘亦菲 matches it too, so no longer one is missed).
  func matchingQueries(_ options: SearchOptions) -> [String: ReferenceMatch] {
    let pinyin = ["l", "i", "u", "y", "f", "e", "刘", "亦", "菲"]
    let digits = (0...9).map(String.init)
    func every(_ alphabet: [String], upTo length: Int) -> [String] {
      var level = [""]
      var every: [String] = []
      for _ in 1...length {
        level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
        every += level
      }
      return every
    }
    let reference = ReferenceSearch([Record(id: "1", text: "刘亦菲")], options: options)
    var found: [String: ReferenceMatch] = [:]
    var tried = Set<String>()
    var queries = every(pinyin, upTo: 4) + every(digits, upTo: 4) + every(pinyin + digits, upTo: 3)
    while let query = queries.popLast() {
      guard tried.insert(query).inserted, let result = reference.search(query, limit: 1).first else { continue }
      found[query] = ReferenceMatch(kind: result.kind, isFuzzy: result.isFuzzy, range: result.range)
      queries += (pinyin + digits).map { query + $0 }
    }
    return found
  }

  @Test func liuYiFeiMatchesExactlyFortyFourQueriesWithKeypadAlone() {
    let found = matchingQueries(Self.keypad)
    let letters: Set<String> = [
      "刘", "亦", "菲", "刘亦", "亦菲", "刘亦菲", "l", "li", "liu", "liuy", "liuyi", "liuyif", "liuyife", "liuyifei",
      "y", "yi", "yif", "yife", "yifei", "f", "fe", "fei", "ly", "yf", "lyf",
    ]
    let digits: Set<String> = [
      "5", "54", "548", "5489", "54894", "548943", "5489433", "54894334", "9", "94", "943", "9433", "94334", "3", "33",
      "334", "59", "93", "593",
    ]
    #expect(Set(found.keys) == letters.union(digits))
    #expect(found.count == 44)
    #expect(digits.allSatisfy { found[$0]?.kind == .keypad && found[$0]?.isFuzzy == false })
    #expect(letters.allSatisfy { ReferenceSearch.match(query: $0, text: "刘亦菲") == found[$0] }, "unchanged")
  }

  @Test func liuYiFeiMatchesExactlyEightyThreeQueriesWithMixedOn() {
    let found = matchingQueries(SearchOptions(mixed: true))
    var counts: [MatchKind: Int] = [:]
    for match in found.values { counts[match.kind, default: 0] += 1 }
    #expect(found.count == 83)
    #expect(counts == [.literal: 6, .fullPinyin: 16, .initials: 3, .mixed: 58])
  }

  /// `query` typed on a phone keypad, letter by letter.
  func keypadDigits(_ query: String) -> String {
    let keys = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
    return String(query.map { letter in Character(String(2 + keys.firstIndex { $0.contains(letter) }!)) })
  }

  /// With keypad on, and with mixed and keypad on, the digit queries that match 刘亦菲 are the keypad digits of the
  /// letter queries that do.
  @Test func keypadQueriesAreTheDigitsOfLetterQueries() {
    for options in [SearchOptions(keypad: true), SearchOptions(mixed: true, keypad: true)] {
      let found = matchingQueries(options)
      let letterQueries = found.keys.filter { $0.allSatisfy { ("a"..."z").contains($0) } }
      let digitQueries = found.keys.filter { $0.allSatisfy { ("0"..."9").contains($0) } }
      #expect(Set(digitQueries) == Set(letterQueries.map(keypadDigits)), "\(options)")
      #expect(digitQueries.allSatisfy { found[$0]?.kind == .keypad }, "\(options)")
    }
    #expect(keypadDigits("liuyf") == "54893")
  }

  // MARK: every option

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aDigitQueryGetsOnlyLiteralAndKeypadResults(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let records = (0..<80).map { number in
      let text = number % 2 == 0 ? RandomText.textWithTraditional(using: &random) : RandomText.text(using: &random)
      return Record(id: "r\(number)", text: text)
    }
    let options = SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)
    let reference = ReferenceSearch(records, options: options)
    var kinds = Set<MatchKind>()
    for _ in 0..<TestScale.rounds(60) {
      let text = records.randomElement(using: &random)!.text
      var query = ""
      for _ in 0..<50 where !query.contains(where: \.isNumber) {
        query = RandomText.query(for: text, options: options, using: &random)
      }
      guard query.contains(where: \.isNumber),
        query.allSatisfy({ $0.isWhitespace || ("0"..."9").contains($0) || ("０"..."９").contains($0) })
      else {
        continue
      }
      let results = reference.search(query, limit: Int.max)
      kinds.formUnion(results.map(\.kind))
      #expect(results.allSatisfy { $0.kind == .literal || $0.kind == .keypad }, "\(query.debugDescription)")
    }
    #expect(kinds == [.literal, .keypad])
  }

  /// Random option sets, texts and queries from four seeds: every kind, exact and fuzzy, and literal matches that
  /// need `traditional` come up; results are in the contract's order; and a result's kind needs its option.
  @Test func randomOptionsGiveOrderedResultsOfEveryKind() {
    var seen = Set<String>()
    for seed in 1...4 as ClosedRange<UInt64> {
      var random = SplitMix64(seed: seed)
      for round in 0..<TestScale.rounds(10) {
        let options = RandomText.options(using: &random)
        let records = (0..<30).map { number in
          let text =
            Bool.random(using: &random)
            ? RandomText.textWithTraditional(using: &random) : RandomText.text(using: &random)
          return Record(id: RandomText.id(number, using: &random), text: text, rank: RandomText.rank(using: &random))
        }
        let reference = ReferenceSearch(records, options: options)
        for _ in 0..<25 {
          let text = records.randomElement(using: &random)!.text
          let query = RandomText.query(for: text, options: options, using: &random)
          let context = "seed \(seed), round \(round), \(options): \(query.debugDescription)"
          let results = reference.search(query, limit: Int.max)
          for result in results {
            seen.insert("\(result.kind)\(result.isFuzzy ? " fuzzy" : "")")
            #expect(result.kind != .mixed || options.mixed, "\(context)")
            #expect(result.kind != .keypad || options.keypad, "\(context)")
            #expect(!result.isFuzzy || (!options.fuzzy.isEmpty && result.kind != .literal), "\(context)")
            if result.kind == .literal && options.traditional {
              var plain = options
              plain.traditional = false
              if ReferenceSearch.match(query: query, text: result.text, options: plain)?.kind != .literal {
                seen.insert("literal through traditional")
              }
            }
          }
          for (a, b) in zip(results, results.dropFirst()) {
            #expect(
              a.kind < b.kind
                || (a.kind == b.kind
                  && (!a.isFuzzy && b.isFuzzy
                    || (a.isFuzzy == b.isFuzzy && a.range.lowerBound <= b.range.lowerBound))),
              "\(context)")
          }
        }
      }
    }
    let expected: Set<String> = [
      "literal", "fullPinyin", "initials", "mixed", "keypad", "fullPinyin fuzzy", "initials fuzzy", "mixed fuzzy",
      "keypad fuzzy", "literal through traditional",
    ]
    #expect(seen == expected)
  }
}

import PinyinSearch
import PinyinSearchTestSupport
import Testing

/// The examples of Docs/Semantics.md for the options `fuzzy`, `traditional` and `keypad`, asked
/// of every engine: the scan, the index and the hybrid of the two give the same answers.
@Suite struct SearchOptionExamplesTests {
  /// The results of `query` among `texts` (ids `t0`, `t1`, …) from each engine, as
  /// "text kind[~] start..<end" lines, `~` marking a fuzzy match; the engines must agree.
  func results(
    _ query: String, in texts: [String], options: SearchOptions, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    let records = texts.enumerated().map { Record(id: "t\($0.offset)", text: $0.element) }
    let scan = LinearScanEngine(records, options: options).search(query, limit: 50)
    let hash = HashIndexEngine(records, options: options).search(query, limit: 50)
    let hybrid = HybridEngine(records, options: options)
    hybrid.waitUntilIndexed()
    #expect(
      hash == scan, "the index answers \(query.debugDescription) as the scan does", sourceLocation: sourceLocation)
    #expect(
      hybrid.search(query, limit: 50) == scan, "the hybrid answers \(query.debugDescription) as the scan does",
      sourceLocation: sourceLocation)
    return scan.map { "\($0.text) \($0.kind)\($0.isFuzzy ? "~" : "") \($0.range.lowerBound)..<\($0.range.upperBound)" }
  }

  @Test func fuzzyPinyinFindsWhatTheRulesAllow() {
    #expect(results("zangsan", in: ["张三", "李四"], options: SearchOptions(fuzzy: [.zZh])) == ["张三 fullPinyin~ 0..<2"])
    #expect(results("zangsan", in: ["张三"], options: .default).isEmpty, "fuzzy pinyin is off by default")
    #expect(results("nyf", in: ["刘亦菲"], options: SearchOptions(fuzzy: [.nL])) == ["刘亦菲 initials~ 0..<3"])
    #expect(
      results("zang", in: ["张", "臧"], options: SearchOptions(fuzzy: [.zZh])) == [
        "臧 fullPinyin 0..<1", "张 fullPinyin~ 0..<1",
      ], "an exact match comes before a fuzzy one")
    #expect(results("lu", in: ["吕"], options: SearchOptions(fuzzy: [.uV])) == ["吕 fullPinyin~ 0..<1"])
    #expect(results("lv", in: ["路"], options: SearchOptions(fuzzy: [.uV])) == ["路 fullPinyin~ 0..<1"])
    #expect(results("lu", in: ["吕"], options: SearchOptions(fuzzy: [.nL])).isEmpty, "u-v is its own rule")
    #expect(
      results("ru", in: ["怒"], options: SearchOptions(fuzzy: [.nL, .rL])).isEmpty,
      "n and r are not partners: partners are not transitive")
    #expect(results("zhan", in: ["张"], options: SearchOptions(fuzzy: [.anAng])) == ["张 fullPinyin 0..<1"])
    #expect(
      results("zhansan", in: ["张三"], options: SearchOptions(fuzzy: [.anAng])) == ["张三 fullPinyin~ 0..<2"],
      "a whole spelling that is not a reading is fuzzy, although it begins one")
    #expect(
      results("zhang", in: ["张三", "长"], options: SearchOptions(fuzzy: .all)) == [
        "长 fullPinyin 0..<1", "张三 fullPinyin 0..<1",
      ], "exact matches: 长 reads zhang, and is shorter")
  }

  @Test func traditionalCharactersMatchTheirSimplifiedForms() {
    let traditional = SearchOptions(traditional: true)
    #expect(results("刘德华", in: ["劉德華", "刘德华"], options: traditional) == ["劉德華 literal 0..<3", "刘德华 literal 0..<3"])
    #expect(results("刘德华", in: ["劉德華"], options: .default).isEmpty, "the option is off by default")
    #expect(results("劉", in: ["刘", "劉备"], options: traditional) == ["刘 literal 0..<1", "劉备 literal 0..<1"])
    #expect(results("发", in: ["髮", "發"], options: traditional) == ["髮 literal 0..<1", "發 literal 0..<1"])
    #expect(results("苎", in: ["薴"], options: traditional) == ["薴 literal 0..<1"], "薴 → 苧 → 苎")
    #expect(results("干", in: ["乾"], options: traditional).isEmpty, "乾 lists itself among its simplified variants")
    #expect(results("liudehua", in: ["劉德華"], options: traditional) == ["劉德華 fullPinyin 0..<3"])
    #expect(
      results("劉dh", in: ["刘德华"], options: SearchOptions(mixed: true, traditional: true)) == [
        "刘德华 mixed 0..<3"
      ], "a character typed as itself may be its twin")
  }

  @Test func digitsTypedOnAKeypadFindPinyin() {
    let keypad = SearchOptions(keypad: true)
    #expect(results("593", in: ["刘亦菲"], options: keypad) == ["刘亦菲 keypad 0..<3"])
    #expect(results("548", in: ["刘亦菲"], options: keypad) == ["刘亦菲 keypad 0..<1"])
    #expect(results("474663", in: ["iPhone", "138 0013"], options: keypad) == ["iPhone keypad 0..<6"])
    #expect(results("548", in: ["刘亦菲"], options: .default).isEmpty, "the keypad is off by default")
    #expect(
      results("138", in: ["138 0013", "度弟"], options: keypad) == ["138 0013 literal 0..<3"],
      "literal matches come first")
    #expect(results("58", in: ["吕"], options: SearchOptions(fuzzy: [.uV], keypad: true)) == ["吕 keypad 0..<1"])
    #expect(results("693", in: ["刘亦菲"], options: SearchOptions(fuzzy: [.nL], keypad: true)) == ["刘亦菲 keypad~ 0..<3"])
    #expect(
      results("548 94", in: ["刘亦菲"], options: keypad) == ["刘亦菲 keypad 0..<2"], "white space in the query is ignored")
  }

  /// Every white-space-free query that matches 刘亦菲 with `keypad` alone: the 25 of the
  /// defaults and the 19 keypad ones the contract lists, 44 in all.
  @Test func liuYiFeiMatchesExactlyFortyFourQueriesWithTheKeypad() {
    let options = SearchOptions(keypad: true)
    let engine = LinearScanEngine([Record(id: "1", text: "刘亦菲")], options: options)
    let index = HashIndexEngine([Record(id: "1", text: "刘亦菲")], options: options)
    let alphabet = ["l", "i", "u", "y", "f", "e", "刘", "亦", "菲"] + (0...9).map(String.init)
    var found: [String: MatchKind] = [:]
    var frontier = [""]
    while let prefix = frontier.popLast() {
      for symbol in alphabet {
        let query = prefix + symbol
        guard let result = engine.search(query).first else { continue }
        #expect(index.search(query) == engine.search(query), "the index agrees on \(query)")
        found[query] = result.kind
        frontier.append(query)
      }
    }
    let keypad = Set(found.filter { $0.value == .keypad }.keys)
    #expect(
      keypad == [
        "5", "54", "548", "5489", "54894", "548943", "5489433", "54894334", "9", "94", "943", "9433", "94334", "3",
        "33",
        "334", "59", "93", "593",
      ])
    #expect(found.count == 44)
  }
}

import PinyinSearch
import PinyinSearchTestSupport
import Testing

/// The reference's reading of the keyboard schemes (Docs/Semantics.md, "keyboard"): the queries
/// that match 刘亦菲 under each scheme, with and without mixed input, enumerated; one notation per
/// match; fuzzy rules on readings, never on codes.
@Suite struct ReferenceKeyboardTests {
  /// Every white-space-free query that matches 刘亦菲, found by extending matching queries one
  /// symbol at a time over letters, digits, the zhuyin keys' punctuation and the three characters
  /// (a beginning of a matching query matches too, so nothing is missed).
  static func matchingQueries(_ options: SearchOptions, keyboard: Keyboard?) -> [String: ReferenceMatch] {
    let alphabet = (Array("abcdefghijklmnopqrstuvwxyz0123456789;,./-") + Array("刘亦菲")).map(String.init)
    let reference = ReferenceSearch([Record(id: "1", text: "刘亦菲")], options: options, keyboard: keyboard)
    var found: [String: ReferenceMatch] = [:]
    var frontier = [""]
    while let prefix = frontier.popLast() {
      for symbol in alphabet {
        let query = prefix + symbol
        guard let result = reference.search(query, limit: 1).first else { continue }
        found[query] = ReferenceMatch(kind: result.kind, isFuzzy: result.isFuzzy, range: result.range)
        frontier.append(query)
      }
    }
    return found
  }

  static let original: Set<String> = [
    "刘", "亦", "菲", "刘亦", "亦菲", "刘亦菲", "l", "li", "liu", "liuy", "liuyi", "liuyif", "liuyife", "liuyifei",
    "y", "yi", "yif", "yife", "yifei", "f", "fe", "fei", "ly", "yf", "lyf",
  ]

  @Test(arguments: [Keyboard.xiaohe, .ziranma, .microsoft, .sogou])
  func doublePinyinGivesThirtyTwoQueries(keyboard: Keyboard) {
    let found = Self.matchingQueries(.default, keyboard: keyboard)
    let fei = keyboard == .xiaohe ? "fw" : "fz"
    let codes: Set<String> = ["lq", "lqy", "lqyi", "lqyif", "lqyi" + fei, "yi" + fei, fei]
    #expect(Set(found.keys) == Self.original.union(codes))
    #expect(found.count == 32)
    #expect(codes.allSatisfy { found[$0]?.kind == .fullPinyin })
    #expect(Self.matchingQueries(SearchOptions(mixed: true), keyboard: keyboard).count == 106)
    // One notation per match: a reading's beginning and a code's do not combine.
    let reference = ReferenceSearch([Record(id: "1", text: "刘亦菲")], keyboard: keyboard)
    #expect(reference.search("liuyifw").isEmpty && reference.search("lqyifei").isEmpty)
  }

  @Test func zhuyinGivesThirtySevenQueries() {
    let found = Self.matchingQueries(.default, keyboard: .zhuyin)
    let codes: Set<String> = ["x", "xu", "xu.", "xu.u", "xu.uz", "xu.uzo", "u", "uz", "uzo", "z", "zo", "xuz"]
    #expect(Set(found.keys) == Self.original.union(codes))
    #expect(found.count == 37)
    #expect(found["xuz"]?.kind == .initials && found["xu.uzo"]?.kind == .fullPinyin)
    #expect(Self.matchingQueries(SearchOptions(mixed: true), keyboard: .zhuyin).count == 123)
  }

  @Test func withoutAKeyboardTheCountsAreUnchanged() {
    #expect(Self.matchingQueries(.default, keyboard: nil).count == 25)
    #expect(Self.matchingQueries(SearchOptions(mixed: true), keyboard: nil).count == 83)
  }

  /// Fuzzy rules apply to readings before they are encoded: `shan` (三 with `s-sh`) is `uj` in
  /// xiaohe, a fuzzy code; 张's own code `vh` stays exact.
  @Test func fuzzyRulesApplyToReadingsBeforeEncoding() {
    let options = SearchOptions(fuzzy: .zZh)
    #expect(
      ReferenceSearch.match(query: "vh", text: "张", options: options, keyboard: .xiaohe)?.description
        == "fullPinyin 0..<1")
    #expect(
      ReferenceSearch.match(query: "uj", text: "三", options: SearchOptions(fuzzy: .sSh), keyboard: .xiaohe)?.description
        == "fullPinyin fuzzy 0..<1")
    #expect(ReferenceSearch.match(query: "uj", text: "三", keyboard: .xiaohe) == nil)
    #expect(ReferenceSearch.match(query: "5;", text: "张", keyboard: .zhuyin)?.description == "fullPinyin 0..<1")
    #expect(
      ReferenceSearch.match(query: "y;", text: "张", options: options, keyboard: .zhuyin)?.description
        == "fullPinyin fuzzy 0..<1")
  }
}

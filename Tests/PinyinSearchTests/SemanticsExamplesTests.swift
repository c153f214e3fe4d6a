import Testing

@testable import PinyinSearch

/// Every example of Docs/Semantics.md, and the cases the first-slice issue lists, on the linear scan.
@Suite struct SemanticsExamplesTests {
  /// The best match of `query` in a one-record engine holding `text`.
  func match(_ query: String, in text: String) -> SearchResult? {
    LinearScanEngine([Record(id: "r", text: text)]).search(query).first
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var query: String
    var text: String
    var kind: MatchKind
    var range: Range<Int>
    var utf16Range: Range<Int>? = nil
    var testDescription: String { "\(query) in \(text)" }
  }

  static let matchingCases: [Case] = [
    Case(query: "xian", text: "先", kind: .fullPinyin, range: 0..<1),
    Case(query: "xian", text: "西安", kind: .fullPinyin, range: 0..<2),
    Case(query: "an", text: "黄安", kind: .fullPinyin, range: 1..<2),
    Case(query: "an", text: "王安", kind: .fullPinyin, range: 1..<2),
    Case(query: "yunnan", text: "云南", kind: .fullPinyin, range: 0..<2),
    Case(query: "ka", text: "卡号打开", kind: .fullPinyin, range: 0..<1),
    Case(query: "yinhang", text: "银行", kind: .fullPinyin, range: 0..<2),
    Case(query: "kuaiji", text: "会计", kind: .fullPinyin, range: 0..<2),
    Case(query: "yinyue", text: "音乐", kind: .fullPinyin, range: 0..<2),
    Case(query: "chongqing", text: "重庆", kind: .fullPinyin, range: 0..<2),
    Case(query: "zeng", text: "曾", kind: .fullPinyin, range: 0..<1),
    Case(query: "ceng", text: "曾", kind: .fullPinyin, range: 0..<1),
    Case(query: "zhangda", text: "长大", kind: .fullPinyin, range: 0..<2),
    Case(query: "changd", text: "长大", kind: .fullPinyin, range: 0..<2),
    Case(query: "zd", text: "长大", kind: .initials, range: 0..<2),
    Case(query: "qqyy", text: "QQ音乐", kind: .initials, range: 0..<4),
    Case(query: "qqyinyue", text: "QQ音乐", kind: .fullPinyin, range: 0..<4),
    Case(query: "lyf", text: "刘亦菲", kind: .initials, range: 0..<3),
    Case(query: "liuyif", text: "刘亦菲", kind: .fullPinyin, range: 0..<3),
    Case(query: "刘亦", text: "刘亦菲", kind: .literal, range: 0..<2),
    Case(query: "iphonesj", text: "iPhone手机", kind: .initials, range: 0..<8),
    Case(query: "iphoneshou", text: "iPhone手机", kind: .fullPinyin, range: 0..<7),
    Case(query: "nzg", text: "我 爱你 中   国", kind: .initials, range: 3..<10),
    Case(query: "zengji ng cang", text: "曾经沧海", kind: .fullPinyin, range: 0..<3),
    Case(query: "onycs", text: "Tony测试", kind: .initials, range: 1..<6),
    Case(query: "cs", text: "𧒽测试", kind: .initials, range: 1..<3, utf16Range: 2..<4),
    Case(query: "1380013", text: "138 0013 8000", kind: .literal, range: 0..<8),
    Case(query: "138 0013", text: "13800138000", kind: .literal, range: 0..<7),
    Case(query: "(010) 6552", text: "010-65528899", kind: .literal, range: 0..<8),
    Case(query: "1380013", text: "tel +86 138-0013-8000", kind: .literal, range: 8..<16),
    Case(query: "ＬＹＦ", text: "刘亦菲", kind: .initials, range: 0..<3),
    Case(query: "iphone", text: "ｉＰｈｏｎｅ　15", kind: .literal, range: 0..<6),
    Case(query: "iphone 15", text: "ｉＰｈｏｎｅ　15", kind: .literal, range: 0..<9),
    Case(query: "jt", text: "👨‍👩‍👧家庭🇨🇳", kind: .initials, range: 1..<3, utf16Range: 8..<10),
    Case(query: "🇨🇳", text: "👨‍👩‍👧家庭🇨🇳", kind: .literal, range: 3..<4, utf16Range: 10..<14),
    Case(query: "kafei", text: "cafe\u{301} 咖啡", kind: .fullPinyin, range: 5..<7, utf16Range: 6..<8),
    Case(query: "e\u{301}", text: "cafe\u{301}", kind: .literal, range: 3..<4, utf16Range: 3..<5),
    Case(query: "ge", text: "葛\u{E0100}优", kind: .fullPinyin, range: 0..<1, utf16Range: 0..<3),
    Case(query: "lv", text: "吕布", kind: .fullPinyin, range: 0..<1),
    Case(query: "  lyf  ", text: "刘亦菲", kind: .initials, range: 0..<3),
    Case(query: "ab", text: "ab阿布", kind: .literal, range: 0..<2),
    Case(query: "abu", text: "ab阿布", kind: .fullPinyin, range: 2..<4),
    Case(query: "hang", text: "行长", kind: .fullPinyin, range: 0..<1),
    Case(query: "xingzh", text: "银行行长", kind: .fullPinyin, range: 2..<4),
    Case(query: "hh", text: "银行行长", kind: .initials, range: 1..<3),
    Case(query: "ab", text: "a b", kind: .fullPinyin, range: 0..<3),
    Case(query: "iph", text: "i Phone", kind: .fullPinyin, range: 0..<4),
  ]

  @Test(arguments: matchingCases)
  func queryMatchesWithKindAndRange(_ example: Case) throws {
    let result = try #require(match(example.query, in: example.text), "\(example.query) must match")
    #expect(result.kind == example.kind)
    #expect(result.range == example.range)
    if let utf16Range = example.utf16Range {
      #expect(result.utf16Range == utf16Range)
    }
  }

  @Test(arguments: [
    ("liuyf", "刘亦菲"), ("yfe", "刘亦菲"), ("iu", "刘亦菲"), ("an", "黄"), ("1234", "12a34"),
    ("ynn", "云南"), ("café", "cafe\u{301}"), ("刘yi", "刘亦菲"), ("", "刘亦菲"), ("   ", "刘 亦"),
  ])
  func queryDoesNotMatch(_ query: String, _ text: String) {
    #expect(match(query, in: text) == nil)
  }

  /// Docs/Semantics.md: "For 刘亦菲 exactly these 25 queries without white space match".
  @Test func liuYiFeiMatchesExactlyTwentyFiveQueries() {
    let expected: [String: MatchKind] = [
      "刘": .literal, "亦": .literal, "菲": .literal, "刘亦": .literal, "亦菲": .literal, "刘亦菲": .literal,
      "l": .fullPinyin, "li": .fullPinyin, "liu": .fullPinyin, "liuy": .fullPinyin, "liuyi": .fullPinyin,
      "liuyif": .fullPinyin, "liuyife": .fullPinyin, "liuyifei": .fullPinyin, "y": .fullPinyin,
      "yi": .fullPinyin, "yif": .fullPinyin, "yife": .fullPinyin, "yifei": .fullPinyin, "f": .fullPinyin,
      "fe": .fullPinyin, "fei": .fullPinyin, "ly": .initials, "yf": .initials, "lyf": .initials,
    ]
    // Candidates: every substring of the spellings and the text, and every string of up to
    // four symbols over the letters and characters involved.
    var candidates = Set<String>()
    for source in ["liuyifei", "lyf", "刘亦菲"] {
      let characters = Array(source)
      for start in characters.indices {
        for end in (start + 1)...characters.count { candidates.insert(String(characters[start..<end])) }
      }
    }
    let alphabet: [String] = ["l", "i", "u", "y", "f", "e", "刘", "亦", "菲"]
    var layer = [""]
    for _ in 1...4 {
      layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
      candidates.formUnion(layer)
    }
    let engine = LinearScanEngine([Record(id: "1", text: "刘亦菲")])
    var matched: [String: MatchKind] = [:]
    for query in candidates {
      if let result = engine.search(query).first { matched[query] = result.kind }
    }
    #expect(matched == expected)
  }

  /// Every occurrence counts, not only the first: `an` first occurs inside `huang`.
  @Test func laterOccurrenceIsFound() {
    #expect(match("an", in: "黄安")?.range == 1..<2)
    #expect(match("zhang", in: "长长")?.range == 0..<1)
    #expect(match("ab", in: "xaab")?.range == 2..<4)
  }

  /// Ties: kind, then start, then text length in units, then id by UTF-8 bytes.
  @Test func resultsAreOrderedByKindStartLengthAndID() {
    let engine = LinearScanEngine([
      Record(id: "b", text: "张三"),
      Record(id: "a", text: "张三"),
      Record(id: "B", text: "张三"),
      Record(id: "é", text: "张三"),
      Record(id: "e\u{301}", text: "张三"),
      Record(id: "long", text: "张三丰"),
      Record(id: "later", text: "小张"),
      Record(id: "initials", text: "珍珠"),
      Record(id: "literal", text: "zhang"),
    ])
    let ids = engine.search("zhang").map(\.id)
    #expect(ids == ["literal", "B", "a", "b", "e\u{301}", "é", "long", "later"])
    #expect(engine.search("zz").map(\.id) == ["initials"])
  }

  /// Ids are identities compared by UTF-8 bytes: canonically equivalent ids are distinct records.
  @Test func idsDifferingOnlyInNormalisationAreDistinct() {
    var engine = LinearScanEngine([Record(id: "é", text: "张三"), Record(id: "e\u{301}", text: "李四")])
    #expect(engine.count == 2)
    #expect(engine.text(forID: "é") == "张三")
    #expect(engine.remove(id: "e\u{301}") == true)
    #expect(engine.search("zs").map(\.id) == ["é"])
    #expect(engine.search("ls").isEmpty)
  }

  @Test func pagesSliceTheOrder() {
    let records = (0..<30).map { Record(id: threeDigits($0), text: "王" + String(repeating: "a", count: $0)) }
    let engine = LinearScanEngine(records)
    let all = engine.search("wang", limit: Int.max)
    #expect(all.count == 30)
    #expect(all.map(\.id) == records.map(\.id))
    #expect(engine.search("wang", limit: 7, offset: 0) == Array(all[0..<7]))
    #expect(engine.search("wang", limit: 7, offset: 21) == Array(all[21..<28]))
    #expect(engine.search("wang", limit: 7, offset: 28) == Array(all[28..<30]))
    #expect(engine.search("wang", limit: 7, offset: 30) == [])
    #expect(engine.search("wang", limit: 0) == [])
    #expect(engine.search("wang", limit: -1) == [])
    #expect(engine.search("wang", limit: 3, offset: -5) == Array(all[0..<3]))
    #expect(engine.search("wang", limit: Int.max, offset: Int.max) == [])
  }

  @Test func addReplaceAndRemoveAreSeenByTheNextSearch() {
    var engine = LinearScanEngine()
    #expect(engine.add(Record(id: "1", text: "刘亦菲")) == false)
    #expect(engine.search("lyf").map(\.id) == ["1"])
    #expect(engine.add(Record(id: "1", text: "王安")) == true)
    #expect(engine.count == 1)
    #expect(engine.search("lyf") == [])
    #expect(engine.search("an").map(\.text) == ["王安"])
    #expect(engine.remove(id: "1") == true)
    #expect(engine.remove(id: "1") == false)
    #expect(engine.count == 0)
    #expect(engine.search("an") == [])
  }

  @Test func removingMostRecordsCompactsAndKeepsTheRest() {
    var engine = LinearScanEngine((0..<5000).map { Record(id: "\($0)", text: "张\($0)") })
    for number in 0..<4990 { engine.remove(id: "\(number)") }
    #expect(engine.count == 10)
    #expect(engine.search("zhang", limit: 100).map(\.id) == (4990..<5000).map { "\($0)" })
    #expect(engine.text(forID: "4995") == "张4995")
  }

  /// A query of any length, on a record full of polyphones, is answered without blow-up.
  @Test func longQueriesOnPolyphonicTextsStayCheap() {
    let text = String(repeating: "行长单曾重乐会和", count: 40)
    let engine = LinearScanEngine([Record(id: "1", text: text)])
    let query = String(repeating: "hangzhangshanzengzhongyuehuihe", count: 40)
    #expect(engine.search(query).first?.range == 0..<320)
    #expect(engine.search(query + "x").isEmpty)
    #expect(engine.search(String(repeating: "xzszzyhh", count: 40)).first?.kind == .initials)
    #expect(engine.search(String(repeating: "a", count: 10_000)).isEmpty)
  }
}

/// `number` in decimal, zero-padded to three digits, so that ids sort like numbers.
private func threeDigits(_ number: Int) -> String {
  let digits = String(number)
  return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}

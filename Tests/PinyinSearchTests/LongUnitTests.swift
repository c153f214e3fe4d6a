import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Queries with a unit longer than any key — emoji sequences, flags, letters and Han characters
/// under piles of combining marks — or a first unit of symbols longer than a mixed key are
/// matched among the records holding one of their units (`IndexedStore+HeldUnits`), not among
/// every record: each engine against the scan, with short key lengths that make Han characters
/// long units too, and the candidates counted.
@Suite struct LongUnitTests {
  static let family = "👨‍👩‍👧"
  static let marks = String(repeating: "\u{301}", count: 12)
  static let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

  /// Texts with long units in every position, beside units that begin like them.
  static let texts = [
    "\(family) family", "a\(family)b", "\(family)\u{200D}👦", "👨‍👩‍👦", "刘\(marks)亦菲", "a\(marks)", "a\(marks)\u{301}",
    "\(scotland) Scotland", "🇨🇳\u{301}\u{301}\u{301}\u{301}\u{301}", "\(family) \(family)", "x \(marks)", "劉\(marks)德華",
    "刘亦菲", "Lily \(family)", "138 0013 \(family)", "张三\(family)", "é\(marks)", "li'u\(family)", "🇨🇳 China",
    "中国🇨🇳", "Zoë·李", "café 咖啡", "🇨🇳🇨🇳 x",
  ]

  /// Queries of those units alone, around other units, and prefixes of the texts.
  static func queries() -> [String] {
    var queries = [
      family, "a\(family)", "\(family)b", "\(family)\u{200D}👦", "刘\(marks)", "liu\(marks)", "刘\(marks)亦", "劉\(marks)",
      "a\(marks)", "\(scotland)", "\(scotland) s", "🇨🇳\u{301}\u{301}\u{301}\u{301}\u{301}", "\(family) \(family)",
      "l\(family)", "lily\(family)", "lily \(family)", "zs\(family)", "zhangsan\(family)", "张\(family)", "\(marks)",
      "x\(marks)", "13800\(family)", "'\(family)", "\(family)'", "e\(marks)", "😀\(marks)", "🇨🇳🇨🇳", "🇨🇳c",
      "🇨🇳china", "zhongguo🇨🇳", "zg🇨🇳", "zoë·li", "zoë·l", "café", "cafe", "·li", "é", "🇨🇳🇨🇳🇨🇳🇨🇳🇨🇳🇨🇳🇨🇳🇨🇳",
      "a🇨🇳🇨🇳🇨🇳",
    ]
    for text in texts { queries += (1...text.count).map { String(text.prefix($0)) } }
    return queries
  }

  static let optionSets: [SearchOptions] = [
    .default, SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
    SearchOptions(traditional: true),
    SearchOptions(mixed: true, keyboard: .xiaohe),
  ]

  @Test(arguments: [2, 16])
  func everyEngineAnswersAsTheScan(maxKeyLength: Int) throws {
    let records =
      Self.texts.enumerated().map { Record(id: "t\($0.offset)", text: $0.element) }
      + SampleContacts.records(count: 80, seed: 4)
    let configuration = IndexConfiguration(maxKeyLength: maxKeyLength, maxMixedKeyLength: min(4, maxKeyLength))
    for options in Self.optionSets {
      let scan = LinearScanEngine(records, options: options)
      let engine = HashIndexEngine(records, options: options, configuration: configuration)
      let bytes = Snapshot.encode(engine.indexed, configuration: configuration, options: options)
      let (opened, _, _) = try Snapshot.decode(bytes, path: "memory")
      let snapshot = HashIndexEngine(indexed: opened, configuration: configuration, options: options)
      for query in Self.queries() {
        let expected = scan.search(query, limit: 50)
        #expect(engine.search(query, limit: 50) == expected, "\(options) \(maxKeyLength): \(query.debugDescription)")
        #expect(snapshot.search(query, limit: 50) == expected, "snapshot \(options): \(query.debugDescription)")
      }
    }
  }

  @Test func aLongUnitsCandidatesAreTheRecordsThatHoldIt() throws {
    var records = SampleContacts.records(count: 2_000, seed: 6)
    records += (0..<5).map { Record(id: "f\($0)", text: "\(Self.family) \($0)") }
    let engine = HashIndexEngine(records)
    let indexed = engine.indexed
    let candidates = Self.family.utf8.withContiguousStorageIfAvailable { unit in
      var slots: [Int] = []
      indexed.longUnits.value.appendSlots(of: unit, to: &slots)
      return slots
    }
    #expect(candidates?.count == records.filter { $0.text.contains(Self.family) }.count)
    #expect(engine.search(Self.family).count == candidates?.count)
  }

  /// A build makes the list; a snapshot opens without it and makes it at the first query that
  /// needs it.
  @Test func anOpenedSnapshotMakesTheListAtTheFirstQueryThatNeedsIt() throws {
    let records = [Record(id: "1", text: "\(Self.family) family"), Record(id: "2", text: "刘亦菲")]
    let engine = HashIndexEngine(records)
    #expect(engine.indexed.longUnits.byteCount == 8)
    let bytes = Snapshot.encode(engine.indexed, configuration: IndexConfiguration(), options: .default)
    let (opened, _, _) = try Snapshot.decode(bytes, path: "memory")
    let snapshot = HashIndexEngine(indexed: opened, configuration: IndexConfiguration(), options: .default)
    #expect(opened.longUnits.byteCount == 0)
    #expect(snapshot.search("lyf").map(\.id) == ["2"])
    #expect(opened.longUnits.byteCount == 0, "a query without a long unit does not make it")
    #expect(snapshot.search("a\(Self.family)").isEmpty)
    #expect(snapshot.search(Self.family).map(\.id) == ["1"])
    #expect(opened.longUnits.byteCount == 8)
  }
}

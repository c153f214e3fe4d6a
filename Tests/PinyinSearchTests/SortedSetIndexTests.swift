import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// `SortedSetIndex`, the layout of the key index for a shared store, searched through a store
/// held in memory: the same answers as the scan under every option, the members' byte order
/// as result order, and the round trips a search makes.
@Suite struct SortedSetIndexTests {
  /// Random (kind, fuzzy, start, rank, length, id) tuples with texts: their members compare as
  /// the tuples do in result order, whatever the texts, and each member gives its fields back.
  @Test func membersCompareInResultOrder() throws {
    var random = SplitMix64(seed: 77)
    let ranks: [Int64] = [.min, .min + 1, -70_000, -256, -255, -1, 0, 1, 255, 256, 70_000, .max - 1, .max]
    typealias Fields = (kind: UInt8, fuzzy: Bool, start: Int, rank: Int64, length: Int, id: String, text: String)
    func field(_ values: [Int], _ random: inout SplitMix64) -> Int { values.randomElement(using: &random)! }
    let ids = ["a", "ab", "b", "1", "刘", "a\u{0}", "a\u{0}\u{0}", "a\u{1}", "\u{0}"]
    let texts = ["", "a", "刘亦菲", "\u{0}", "zz", "\u{0}\u{FF}"]
    let tuples: [Fields] = (0..<600).map { _ in
      (
        UInt8.random(in: 0...4, using: &random), Bool.random(using: &random),
        field([0, 1, 255, 256, 65_535, 65_536, 1 << 40], &random), ranks.randomElement(using: &random)!,
        field([0, 3, 255, 256, 1 << 20], &random), ids.randomElement(using: &random)!,
        texts.randomElement(using: &random)!
      )
    }
    func precedes(_ a: Fields, _ b: Fields) -> Bool {
      if a.kind != b.kind { return a.kind < b.kind }
      if a.fuzzy != b.fuzzy { return !a.fuzzy }
      if a.start != b.start { return a.start < b.start }
      if a.rank != b.rank { return a.rank > b.rank }
      if a.length != b.length { return a.length < b.length }
      return Array(a.id.utf8).lexicographicallyPrecedes(Array(b.id.utf8))
    }
    let members = tuples.map {
      SortedSetMember.make(
        kind: MatchKind(ordinal: $0.kind), isFuzzy: $0.fuzzy, start: $0.start, rank: $0.rank, length: $0.length,
        id: $0.id.utf8, text: $0.text.utf8)
    }
    for (member, tuple) in zip(members, tuples) {
      let fields = try #require(SortedSetMember.fields(of: member))
      #expect(fields.kind.ordinal == tuple.kind && fields.isFuzzy == tuple.fuzzy && fields.start == tuple.start)
      #expect(fields.length == tuple.length)
      #expect(fields.record == Record(id: tuple.id, text: tuple.text, rank: tuple.rank))
    }
    for _ in 0..<5_000 {
      let (i, j) = (Int.random(in: 0..<600, using: &random), Int.random(in: 0..<600, using: &random))
      let (a, b) = (tuples[i], tuples[j])
      // Two members of one record in one order are never in one set; they compare by text.
      guard precedes(a, b) || precedes(b, a) else { continue }
      #expect(members[i].lexicographicallyPrecedes(members[j]) == precedes(a, b), "\(a) against \(b)")
    }
    #expect(
      SortedSetMember.make(kind: .literal, isFuzzy: false, start: 0, rank: 0, length: 3, id: "7".utf8, text: "a".utf8)
        == [0, 0, 0x7F, 1, 3, 0x37, 0, 0, 0x61])
    let first = SortedSetMember.first(id: "7".utf8, rank: -3, text: "刘".utf8)
    #expect(first.lexicographicallyPrecedes(members.min { $0.lexicographicallyPrecedes($1) }!))
    #expect(SortedSetMember.fields(of: first, isUnindexed: true)?.record == Record(id: "7", text: "刘", rank: -3))
  }

  /// Bytes that are not a member: every truncation of a real one up to its text, and a few made up.
  @Test func fieldsRejectWhatIsNotAMember() {
    let member = SortedSetMember.make(
      kind: .initials, isFuzzy: true, start: 300, rank: -5, length: 9, id: "x\u{0}".utf8, text: "刘".utf8)
    let textStart = member.count - 3
    for count in 0..<textStart {
      #expect(SortedSetMember.fields(of: Array(member.prefix(count))) == nil, "\(count) bytes")
    }
    #expect(SortedSetMember.fields(of: Array(member.prefix(textStart)))?.record.text == "", "an empty text")
    #expect(SortedSetMember.fields(of: Array(member.prefix(textStart + 1))) == nil, "a text cut inside 刘")
    #expect(SortedSetMember.fields(of: member)?.record == Record(id: "x\u{0}", text: "刘", rank: -5))
    #expect(SortedSetMember.fields(of: [0x0B, 0, 0x7F, 0, 0x41, 0, 0]) == nil, "kind 5")
    #expect(
      SortedSetMember.fields(of: [0, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x7F, 0, 0x41, 0, 0]) == nil, "a 9-byte start")
    #expect(SortedSetMember.fields(of: [0, 0, 0x7F, 0, 0x41, 0, 0x05]) == nil, "0 then neither 0 nor 0xFF")
    #expect(SortedSetMember.fields(of: [0, 0, 0x7F, 0, 0xFF, 0, 0]) == nil, "an id that is not UTF-8")
    #expect(SortedSetMember.fields(of: Array("hello".utf8)) == nil)
    #expect(SortedSetMember.fields(of: member, isUnindexed: true) == nil, "no rank after the id")
    // Random changes and random bytes: read or refused, never a crash; what is read is what a
    // member of those fields would hold.
    var random = SplitMix64(seed: 78)
    for _ in 0..<20_000 {
      var bytes = Bool.random(using: &random) ? member : []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        if !bytes.isEmpty && Bool.random(using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        } else {
          bytes.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
        }
      }
      guard let fields = SortedSetMember.fields(of: bytes, isUnindexed: Bool.random(using: &random)) else { continue }
      #expect(fields.record.id.utf8.count < bytes.count && fields.record.text.utf8.count < bytes.count)
    }
  }

  /// The sixteen combinations of options and random fuzzy rules, with small key lengths so that
  /// long queries, mixed, fuzzy and keypad beginnings are common: the scan's answers, page by page.
  /// Making the members costs most of a debug run: a quick run has 80 records, CI 150.
  @Test(arguments: 0..<20)
  func searchesGiveTheScansResults(round: Int) throws {
    // A quick run takes every other round, CI every one.
    guard TestScale.includes(round, ofEvery: 2) else { return }
    var random = SplitMix64(seed: 1_400 + UInt64(round))
    let options =
      round < 16 ? OptionsDifferentialTests.combinations[round] : RandomText.options(using: &random)
    let records = OptionsDifferentialTests.records(count: TestScale.isFull ? 150 : 80, using: &random)
    let scan = LinearScanEngine(records, options: options)
    let configuration = OptionsDifferentialTests.smallConfiguration(using: &random)
    let index = SortedSetIndex(options: options, configuration: configuration)
    let store = SortedSetMemory(records, index: index)
    for query in 0..<TestScale.rounds(15) {
      let text = records.randomElement(using: &random)!.text
      let query = query.isMultiple(of: 7) ? "1" : RandomText.query(for: text, options: options, using: &random)
      let offset = [0, 0, 1, 5].randomElement(using: &random)!
      let limit = [1, 10, 10, 30].randomElement(using: &random)!
      OptionsDifferentialTests.expectSame(
        try index.search(query, limit: limit, offset: offset, in: store),
        scan.search(query, limit: limit, offset: offset),
        "\(options), \(configuration), query \(query.debugDescription), limit \(limit), offset \(offset)")
    }
  }

  /// A query its own set answers costs one page of members: one round trip.
  @Test func aQueryItsOwnSetAnswersTakesOneRoundTrip() throws {
    let records = (0..<100).map { Record(id: "\($0)", text: $0.isMultiple(of: 2) ? "刘亦菲 \($0)" : "张三 \($0)") }
    let index = SortedSetIndex()
    let store = SortedSetMemory(records, index: index)
    let results = try index.search("lyf", limit: 20, in: store)
    #expect(results.map(\.id) == LinearScanEngine(records).search("lyf", limit: 20).map(\.id))
    #expect(results.count == 20)
    #expect(store.memberCalls == 1 && store.scanCalls == 0)
  }

  /// A record with more keys than the cap is listed apart and still found; one whose first
  /// character is longer than any key is found in that character's set, not by matching every
  /// record.
  @Test func recordsAndQueriesBeyondTheKeysAreMatchedDirectly() throws {
    let configuration = IndexConfiguration(maxKeyLength: 8, maxKeysPerRecord: 4)
    let index = SortedSetIndex(configuration: configuration)
    let records = [Record(id: "a", text: "刘亦菲"), Record(id: "b", text: "x"), Record(id: "c", text: "👨‍👩‍👧‍👦 family")]
    #expect(index.entries(of: records[0]).map(\.key) == [SortedSetIndex.unindexedKey])
    let family = Array("👨‍👩‍👧‍👦".utf8)
    let familyKey = family.withUnsafeBufferPointer { SortedSetIndex.longUnitKey(of: $0) }
    let entries = SortedSetIndex(configuration: IndexConfiguration(maxKeyLength: 8)).entries(of: records[2])
    #expect(entries.filter { $0.key == familyKey }.count == 1)
    let store = SortedSetMemory(records, index: index)
    #expect(try index.search("yf", in: store).map(\.id) == ["a"])
    #expect(try index.search("👨‍👩‍👧‍👦", in: store).map(\.id) == ["c"])
    #expect(store.scanCalls == 0)
  }

  /// The hostile-tests review's queries — units longer than any key, a first unit of symbols
  /// longer than a mixed key — give the scan's answers under every option without matching
  /// every record: from the sets of the units every match holds.
  @Test(arguments: [SearchOptions.default, SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)])
  func queriesWithLongUnitsReadTheirUnitsSets(options: SearchOptions) throws {
    let family = "👨‍👩‍👧"
    let accented = "a" + String(repeating: "\u{0301}", count: 12)
    let markedHan = "刘" + String(repeating: "\u{0301}", count: 10)
    let texts = [
      "\(family) 家", "刘亦菲\(family)", "\(family)\(family) \(family)", "a\(family)b", "🇨🇳🇨🇳 China", "中国🇨🇳",
      "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "\(accented) x", "x \(accented)", "zhang\(family)san", "👨‍👩‍👦 other", "刘亦菲", "Alice", "\(markedHan)亦菲",
    ]
    var records = texts.enumerated().map { Record(id: "r\($0.offset)", text: $0.element) }
    // Enough records without those units that reading every record would show.
    records += (0..<60).map { Record(id: "p\($0)", text: $0.isMultiple(of: 2) ? "张三 \($0)" : "Bob \($0)") }
    let configuration = IndexConfiguration(maxKeyLength: 8, maxMixedKeyLength: 4, maxFuzzyKeyLength: 6)
    let index = SortedSetIndex(options: options, configuration: configuration)
    let store = SortedSetMemory(records, index: index)
    let scan = LinearScanEngine(records, options: options)
    let queries = [
      family, "a\(family)", "\(family)\(family)", "\(family) \(family)", "刘亦菲\(family)", "lyf\(family)",
      "🇨🇳🇨🇳", "🇨🇳🇨🇳 c", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", accented, "\(accented) x", "zhang\(family)", "\(family)san", "👨‍👩‍👦", markedHan,
    ]
    for query in queries {
      for limit in [1, 20] {
        OptionsDifferentialTests.expectSame(
          try index.search(query, limit: limit, in: store), scan.search(query, limit: limit),
          "\(options), query \(query.debugDescription), limit \(limit)")
      }
    }
    #expect(store.scanCalls == 0)
  }

  /// A member another program wrote is an error naming it and its set, not a wrong answer.
  @Test func aForeignMemberIsAnError() {
    let index = SortedSetIndex()
    let store = SortedSetMemory([Record(id: "1", text: "刘亦菲")], index: index)
    store.insert(Array("not ours".utf8), inSet: Array("lyf".utf8))
    #expect(throws: SortedSetMemory.Failure(member: Array("not ours".utf8), key: Array("lyf".utf8))) {
      try index.search("lyf", in: store)
    }
  }
}

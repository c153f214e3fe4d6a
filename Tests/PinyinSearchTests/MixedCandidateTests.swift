import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// What the hash index does to find the mixed matches of a query that is not a stored mixed key:
/// the spelling signatures that sift candidates never reject a record that matches, and the walks
/// that stop early (ordered postings, bounds of the initials' postings) give the scan's answers
/// where many candidates tie or few of many match.
@Suite struct MixedCandidateTests {
  static let mixed = SearchOptions(mixed: true)
  /// How mixed pieces are typed with `mixed`: the signatures of records.
  let mixedSpelling = PieceSpelling(options: mixed, onKeypad: false)

  /// Every Han character's text holds what each beginning of each of its readings requires, and
  /// what the character typed as itself requires: the sift is never wrong about a match.
  @Test func aCharactersSignatureHoldsEveryBeginningOfEveryReading() {
    let table = PinyinTable.shared
    var firstScalarOfSet = [UInt32?](repeating: nil, count: table.readingSetCount + 1)
    for scalar in UInt32(0x3400)...0x3_134A where firstScalarOfSet[Int(table.readingSet(of: scalar))] == nil {
      firstScalarOfSet[Int(table.readingSet(of: scalar))] = scalar
    }
    var checked = 0
    for set in 1...table.readingSetCount {
      guard let scalar = firstScalarOfSet[set], let character = Unicode.Scalar(scalar).map(Character.init) else {
        continue
      }
      let signature = PreparedText("a\(character)b").withView { mixedSpelling.signature(of: $0) }
      for syllable in table.syllables(inSet: UInt16(set)) {
        let reading = Array(table.bytes(ofSyllable: table.setSyllables[syllable]))
        for length in 1...reading.count {
          var required = SpellingSignature()
          required.requireLetters(reading[..<length])
          #expect(
            signature.contains(required), "\(character) typed as \(String(decoding: reading[..<length], as: UTF8.self))"
          )
          checked += 1
        }
      }
      var itself = SpellingSignature()
      itself.requireCharacter(SpellingSignature.characterKey(readingSet: UInt16(set)))
      #expect(signature.contains(itself), "\(character) typed as itself")
    }
    #expect(checked > 1_500, "every reading set was reached")
  }

  /// The sift rejects most records that cannot match: a text without 山 or any other character
  /// read `shan` lacks the bits of `shan`, and a record with fewer units than pieces is not a
  /// candidate.
  @Test func theSiftRejectsWhatCannotMatch() {
    var required = SpellingSignature()
    required.requireLetters(Array("shan".utf8))
    let withShan = PreparedText("刘山").withView { mixedSpelling.signature(of: $0) }
    let without = PreparedText("刘亦菲").withView { mixedSpelling.signature(of: $0) }
    #expect(withShan.contains(required))
    #expect(!without.contains(required))
    let way = Way(key: InitialsKey(), position: 0, pieceCount: 3, required: required)
    #expect(way.admits(withShan, unitCount: 3))
    #expect(!way.admits(withShan, unitCount: 2), "two units cannot hold three pieces")
  }

  /// Contacts and many records that tie with the matches of `walksThatStopEarlyGiveTheScansAnswers`,
  /// in a scan and an index with mixed input, built once for every query.
  static let ties: (scan: LinearScanEngine, hash: HashIndexEngine) = {
    var records = SampleContacts.records(count: 2_000, seed: 5)
    for number in 0..<300 {
      let text = ["长沙银行", "长孙昊和", "长沙火锅吃货群", "张海霞", "郑宁", "2019届高二(5)班家长群", "刘亦菲"][number % 7]
      records.append(Record(id: "tie-\(number)", text: text, rank: Int64(number % 3 == 0 ? 1 : 0)))
    }
    return (LinearScanEngine(records, options: mixed), HashIndexEngine(records, options: mixed))
  }()

  /// Many records that tie with the matches, or that the query's beginning finds but the query
  /// does not: every engine still gives the scan's answers, for any limit and offset.
  @Test(arguments: ["长shah", "长sh", "chengshan", "zhanghx", "zhengn", "届gaoe", "liuyf", "lyfei", "刘yif"])
  func walksThatStopEarlyGiveTheScansAnswers(query: String) {
    let (scan, hash) = Self.ties
    for (limit, offset) in [(1, 0), (20, 0), (5, 3), (200, 0), (Int.max, 0)] {
      #expect(
        hash.search(query, limit: limit, offset: offset) == scan.search(query, limit: limit, offset: offset),
        "limit \(limit), offset \(offset)")
    }
  }

  /// Contacts and records whose keypad initials many queries share, in a scan and an index with
  /// every option on, built once for every query of `keypadWaysNarrowedByTheRestOfTheQueryGiveTheScansAnswers`.
  static let keypadTies: (scan: LinearScanEngine, hash: HashIndexEngine) = {
    let options = SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)
    var records = SampleContacts.records(count: 2_000, seed: 7)
    for number in 0..<400 {
      let text = ["张高松", "张海霞", "章红", "向高山", "张昂", "刘亦菲", "张家港", "高山流水"][number % 8]
      records.append(Record(id: "tie-\(number)", text: text, rank: Int64(number % 3 == 0 ? 1 : 0)))
    }
    return (LinearScanEngine(records, options: options), HashIndexEngine(records, options: options))
  }()

  /// On a dial pad with every option on, a digit query longer than the complete keypad keys is
  /// cut into ways whose initials name many records (`94264267`: 张, 章 and 向 all begin
  /// `94264`); the rest of the query after a piece (`4267` after `9426|4`) narrows them down,
  /// and every engine still gives the scan's answers, for any limit and offset.
  @Test(arguments: ["94264267", "942644264", "9426426", "942642674", "54849", "5484264", "426748"])
  func keypadWaysNarrowedByTheRestOfTheQueryGiveTheScansAnswers(query: String) {
    let (scan, hash) = Self.keypadTies
    #expect(!scan.search(query, limit: 1).isEmpty)
    for (limit, offset) in [(1, 0), (20, 0), (5, 3), (200, 0), (Int.max, 0)] {
      #expect(
        hash.search(query, limit: limit, offset: offset) == scan.search(query, limit: limit, offset: offset),
        "limit \(limit), offset \(offset)")
    }
  }

  /// Two ways that reach the same key and position merge, and the merged way stands for the
  /// matches of both: its anchors (`WindowLookups`) are the piece ends the two have in common
  /// (`946644269` cut `9466|4426|9` and `94664|426|9`, both with the initials `949`: only the
  /// rest from byte 8 is typed from a unit in both, not `4426…` from 4 or `4269` from 5).
  @Test func mergedWaysKeepOnlyTheAnchorsBothHave() {
    let key = Array("949".utf8).withUnsafeBufferPointer { InitialsKey($0) }
    var first = Way(key: key, position: 9, pieceCount: 3, required: SpellingSignature())
    first.anchors = 1 << 4 | 1 << 8 | 1 << 9
    var second = first
    second.anchors = 1 << 5 | 1 << 8 | 1 << 9
    var ways = WaySet()
    ways.insert(first)
    ways.insert(second)
    #expect(ways.ways.count == 1)
    let common: UInt64 = 1 << 8 | 1 << 9
    #expect(ways.ways.first?.anchors == common)
  }

  /// A unit of two scalars (❤ and the variation selector U+FE0F) is one piece of a way, not two:
  /// with more records than the query's beginning lets through unsifted, the ways' unit counts
  /// once rejected the records whose text ends with it (`qinadjrq❤️` found none of 40).
  @Test(arguments: ["qinadjrq❤️", "亲aidejiarenqun❤️", "qinadjrq❤️hao", "qadjrq❤️", "q❤️", "lyf👍🏽", "刘yf👍🏽"])
  func aUnitOfSeveralScalarsIsOnePiece(query: String) {
    var records = (0..<40).map { Record(id: "h\($0)", text: "亲爱的家人群❤️") }
    records += (0..<40).map { Record(id: "g\($0)", text: "亲爱的家人群❤️好") }
    records += (0..<40).map { Record(id: "f\($0)", text: "刘亦菲👍🏽") }
    records += (0..<40).map { Record(id: "e\($0)", text: "q❤️") }
    let hash = HashIndexEngine(records, options: Self.mixed)
    let scan = LinearScanEngine(records, options: Self.mixed)
    let expected = scan.search(query, limit: 100)
    #expect(!expected.isEmpty)
    #expect(hash.search(query, limit: 100) == expected)
  }

  /// The postings of `长sh` begin with 200 records that `长shah` does not match (shorter than
  /// those it does); the initials' postings are more (陈少华 has the initials c, s, h too). The
  /// walk along the first gives way to the second after its limit and still finds every match.
  @Test func aLongOrderedWalkGivesWayToTheInitials() {
    var records = (0..<200).map { Record(id: "n\($0)", text: "长沙银") }
    records += (0..<30).map { Record(id: "m\($0)", text: "长孙昊和") }
    records += (0..<300).map { Record(id: "c\($0)", text: "陈少华") }
    let hash = HashIndexEngine(records, options: Self.mixed)
    let scan = LinearScanEngine(records, options: Self.mixed)
    #expect(hash.search("长shah", limit: 20).count == 20)
    #expect(hash.search("长shah", limit: 20) == scan.search("长shah", limit: 20))
  }

  /// Search as you type: each keystroke's mixed candidates come from the previous keystroke's
  /// (`CandidateCache`), and every answer is still the scan's, with two typings
  /// interleaved, repeated queries, other limits, and records removed from a hybrid engine
  /// between keystrokes. One seed in a quick run, two in CI, each with half of CI's rounds.
  @Test(arguments: (TestScale.isFull ? [41, 42] : [41]) as [UInt64])
  func typingAQueryOutGivesTheScansAnswersAtEveryKeystroke(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let records =
      SampleContacts.records(count: TestScale.isFull ? 1_500 : 800, seed: seed)
      + RandomText.records(count: TestScale.isFull ? 300 : 160, using: &random)
    let configuration = IndexConfiguration(maxKeyLength: 12, rareKeyLimit: 4, maxMixedKeyLength: 3)
    let hash = HashIndexEngine(records, options: Self.mixed, configuration: configuration)
    let hybrid = HybridEngine(records, options: Self.mixed, configuration: configuration)
    hybrid.waitUntilIndexed()
    let scan = LinearScanEngine(records, options: Self.mixed)
    var hybridScan = scan
    var reused = 0
    let rounds = TestScale.isFull ? TestScale.rounds(10) / 2 : TestScale.rounds(10)
    for round in 0..<rounds {
      let typed = (0..<2).map { _ in
        Array(RandomText.mixedSpelling(of: Array(records.randomElement(using: &random)!.text), using: &random))
      }
      for length in 1...typed.map(\.count).max()! {
        for characters in typed where length <= characters.count {
          let query = String(characters[..<length])
          if Self.cacheHoldsCandidates(of: query, in: hash) { reused += 1 }
          for (limit, offset) in [(20, 0), (3, 2), (Int.max, 0)] where round % 4 == 0 || limit == 20 {
            let expected = scan.search(query, limit: limit, offset: offset)
            #expect(hash.search(query, limit: limit, offset: offset) == expected, "\(query.debugDescription)")
            let hybridExpected = hybridScan.search(query, limit: limit, offset: offset)
            let hybridResults = hybrid.search(query, limit: limit, offset: offset)
            #expect(hybridResults == hybridExpected, "hybrid \(query.debugDescription)")
          }
          if Int.random(in: 0..<8, using: &random) == 0, let removed = hybridScan.search(query, limit: 1).first {
            hybrid.remove(id: removed.id)
            hybridScan.remove(id: removed.id)
          }
        }
      }
    }
    #expect(reused > rounds / 2, "the keystrokes reuse earlier candidates (\(reused) times in \(rounds) rounds)")
  }

  /// Whether the mixed search of `engine` keeps a list of candidates that `query` may start from.
  static func cacheHoldsCandidates(of query: String, in engine: HashIndexEngine) -> Bool {
    guard let prepared = PreparedQuery(query, options: mixed), let search = engine.indexed.mixedSearch else {
      return false
    }
    let cuts = QueryCuts(of: prepared.canonicalPinyin)
    return prepared.canonicalPinyin.withUnsafeBufferPointer {
      search.cache.slots(for: $0, cuts: cuts, options: mixed) != nil
    }
  }

  /// The size of the index counts the sieves of the search among candidates: about 48 bytes a
  /// record for letters (mixed input) and as many for digits (the keypad beside mixed input).
  @Test func theIndexSizeCountsTheSieves() throws {
    let records = SampleContacts.records(count: 500, seed: 3)
    let plain = HashIndexEngine(records)
    #expect(plain.statistics.indexByteCount == plain.indexed.index.byteCount)
    let all = HashIndexEngine(
      records, options: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true))
    let mixed = try #require(all.indexed.mixedSearch?.sieves)
    let keypad = try #require(all.indexed.keypadSearch?.sieves)
    #expect(mixed.byteCount >= 48 * records.count && keypad.byteCount >= 48 * records.count)
    #expect(all.statistics.indexByteCount == all.indexed.index.byteCount + mixed.byteCount + keypad.byteCount)
  }
}

import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// The key enumeration and the hash-index engine against the linear scan.
@Suite struct HashIndexTests {
  /// The keys of `text` with the best match of each, as the index stores them.
  func enumeratedKeys(of text: String, maxKeyLength: Int = 32, maxKeysPerRecord: Int = 10_000) -> [String: Match]? {
    var enumerator = KeyEnumerator(
      configuration: IndexConfiguration(maxKeyLength: maxKeyLength, maxKeysPerRecord: maxKeysPerRecord))
    let prepared = PreparedText(text)
    guard prepared.withView({ enumerator.enumerate($0) }) else { return nil }
    var keys: [String: Match] = [:]
    enumerator.keys.forEachKey { key, _, best in keys[String(decoding: key, as: UTF8.self)] = best }
    return keys
  }

  @Test func liuYiFeiHasExactlyTheTwentyFiveKeysOfSemantics() throws {
    let keys = try #require(enumeratedKeys(of: "刘亦菲"))
    #expect(
      Set(keys.keys) == [
        "刘", "亦", "菲", "刘亦", "亦菲", "刘亦菲", "l", "li", "liu", "liuy", "liuyi", "liuyif", "liuyife", "liuyifei",
        "y", "yi", "yif", "yife", "yifei", "f", "fe", "fei", "ly", "yf", "lyf",
      ])
    #expect(keys["lyf"] == Match(kind: .initials, start: 0, end: 3))
    #expect(keys["yife"] == Match(kind: .fullPinyin, start: 1, end: 3))
    #expect(keys["亦"] == Match(kind: .literal, start: 1, end: 2))
  }

  @Test func everyReadingOfAPolyphoneIsAKey() throws {
    let keys = try #require(enumeratedKeys(of: "长大"))
    for key in ["chang", "zhang", "changda", "zhangdai", "zhangd", "cd", "zd", "da", "dai", "c", "z"] {
      #expect(keys[key] != nil, "\(key) is a key of 长大")
    }
    #expect(keys["zhangdai"] == Match(kind: .fullPinyin, start: 0, end: 2))
    #expect(keys["d"] == Match(kind: .fullPinyin, start: 1, end: 2))
    // Literal 长 大 长大; c…chang, z…zhang; chang/zhang + d, da, dai; d, da, dai; initials cd, zd.
    #expect(keys.count == 3 + 10 + 6 + 3 + 2)
  }

  @Test func keysSkipWhiteSpaceForPinyinAndKeepItForLiterals() throws {
    let keys = try #require(enumeratedKeys(of: "我 爱你"))
    #expect(keys["我 爱"] == Match(kind: .literal, start: 0, end: 3))
    #expect(keys["wa"] == Match(kind: .initials, start: 0, end: 3), "我 is wo: wa is only initials")
    #expect(keys["woai"] == Match(kind: .fullPinyin, start: 0, end: 3))
    #expect(keys["wan"] == Match(kind: .initials, start: 0, end: 4))
    #expect(keys.keys.allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
  }

  @Test func phoneKeysAreDigitRunsAcrossSeparators() throws {
    let keys = try #require(enumeratedKeys(of: "138-0013 1380013"))
    #expect(keys["1380013"] == Match(kind: .literal, start: 9, end: 16), "a plain literal match wins")
    #expect(keys["380"] == Match(kind: .literal, start: 10, end: 13), "plain literal, though a phone run starts at 1")
    #expect(keys["38"] == Match(kind: .literal, start: 1, end: 3))
    #expect(keys["1380"] == Match(kind: .literal, start: 9, end: 13), "a plain literal match wins")
    let phoneOnly = try #require(enumeratedKeys(of: "138-0013 138"))
    #expect(phoneOnly["1380"] == Match(kind: .literal, start: 0, end: 5), "only a phone run has 1380")
    #expect(phoneOnly["138"] == Match(kind: .literal, start: 0, end: 3))
    #expect(keys["138-0013"] == Match(kind: .literal, start: 0, end: 8))
  }

  @Test func keysLongerThanTheMaximumAreNotStored() throws {
    let keys = try #require(enumeratedKeys(of: "刘亦菲", maxKeyLength: 4))
    #expect(keys.keys.allSatisfy { $0.utf8.count <= 4 })
    #expect(keys["liuy"] != nil && keys["liuyi"] == nil && keys["刘亦"] == nil && keys["刘"] != nil)
  }

  @Test func keypadTwinsOfFullPinyinStopWhereCandidatesTakeOver() throws {
    // With mixed keys of at most 4 bytes, digits longer than 4 look their keypad matches up
    // among candidates, which read longer keypad keys only as typed initials.
    let options = SearchOptions(mixed: true, fuzzy: .all, keypad: true)
    var enumerator = KeyEnumerator(configuration: IndexConfiguration(maxMixedKeyLength: 4), options: options)
    let prepared = PreparedText("刘亦菲 李小龙 王")
    #expect(prepared.withView { enumerator.enumerate($0) })
    var keys: [String: Match] = [:]
    enumerator.keys.forEachKey { key, _, best in keys[String(decoding: key, as: UTF8.self)] = best }
    #expect(keys["5489"] == Match(kind: .keypad, start: 0, end: 2), "liuy, typed")
    #expect(keys["54894"] == nil, "liuyi, typed, is longer than 4 digits")
    #expect(keys["liuyi"] == Match(kind: .fullPinyin, start: 0, end: 2))
    #expect(keys["5935959"]?.kind == .keypad, "lyf lxl w, typed initials")
    let engine = HashIndexEngine([Record(id: "1", text: "刘亦菲 李小龙 王")], options: options)
    for query in ["54894", "548943", "5493", "5935959", "5489433454", "59359"] {
      #expect(engine.search(query).map(\.id) == ["1"], "\(query)")
    }
  }

  @Test func aMixedKeyThatIsAlsoAFullPinyinKeyKeepsTheBetterMatchOfEach() throws {
    // 张三 with an-ang: `zhan` is a fuzzy spelling of 张 and a beginning of its reading, so
    // `zhans` is a fuzzy full-pinyin key and an exact mixed one; typed, it is an exact keypad key.
    let options = SearchOptions(mixed: true, fuzzy: [.anAng], keypad: true)
    var enumerator = KeyEnumerator(configuration: IndexConfiguration(maxMixedKeyLength: 8), options: options)
    #expect(PreparedText("张三").withView { enumerator.enumerate($0) })
    var keys: [String: Match] = [:]
    enumerator.keys.forEachKey { key, _, best in keys[String(decoding: key, as: UTF8.self)] = best }
    #expect(keys["zhans"] == Match(kind: .fullPinyin, isFuzzy: true, start: 0, end: 2))
    #expect(keys["94267"] == Match(kind: .keypad, start: 0, end: 2), "zhans typed, exact as a mixed key")
    #expect(keys["zhangs"] == Match(kind: .fullPinyin, start: 0, end: 2))
    #expect(keys["zs"] == Match(kind: .initials, start: 0, end: 2))
    #expect(keys["zhs"] == Match(kind: .mixed, start: 0, end: 2))
    #expect(keys["94"] == Match(kind: .keypad, start: 0, end: 1))
  }

  @Test func aRecordOverTheCapIsNotEnumerated() {
    let polyphones = String(repeating: "行长单", count: 7)  // 21 characters, 3 readings each
    #expect(enumeratedKeys(of: polyphones, maxKeyLength: 64, maxKeysPerRecord: 2048) == nil)
    #expect(enumeratedKeys(of: "刘亦菲", maxKeysPerRecord: 25) != nil)
    #expect(enumeratedKeys(of: "刘亦菲", maxKeysPerRecord: 24) == nil)
  }

  /// Without the cap, the keys of these records are too many to enumerate (every choice of
  /// reading of 200 polyphones): the processor time of this thread, which other work on the
  /// machine does not lengthen, shows that each gives up after a bounded number of keys. The
  /// bound is about a hundred times what the three take in a debug build.
  @Test func enumerationStopsQuicklyOnPathologicalRecords() {
    let (_, cost) = ThreadCPUTime.measure {
      for text in [
        String(repeating: "嗯", count: 200), String(repeating: "行长单和", count: 200), String(repeating: "a", count: 5000),
      ] {
        #expect(
          enumeratedKeys(of: text, maxKeyLength: 64, maxKeysPerRecord: 2048) == nil,
          "\(text.prefix(4))… is over the cap")
      }
    }
    #expect(cost < .seconds(5), "each gives up after a bounded number of keys")
  }

  @Test func recordsOverTheCapAreStillFound() {
    let polyphones = String(repeating: "行长单", count: 7)
    let records = [Record(id: "p", text: polyphones), Record(id: "n", text: "刘亦菲")]
    let engine = HashIndexEngine(records)
    #expect(engine.statistics.unindexedRecordCount == 1)
    let scan = LinearScanEngine(records)
    for query in ["xingzhangshan", "hzd", "行长", "l", "h", "xingchangchan" + String(repeating: "hzd", count: 6)] {
      #expect(engine.search(query) == scan.search(query), "\(query)")
    }
  }

  @Test(arguments: [0, 2, 1000])
  func phoneQueriesWithSeparatorsEqualTheLinearScan(rareKeyLimit: Int) {
    var random = SplitMix64(seed: 77)
    var records = SampleContacts.records(count: 400, seed: 5)
    records += [
      Record(id: "x1", text: "138-0013 1380013"), Record(id: "x2", text: "+86 138 0013 8000"),
      Record(id: "x3", text: "(010) 6552-8899"), Record(id: "x4", text: "电话+8613800138000"),
      Record(id: "x5", text: "1 3 8"), Record(id: "x6", text: "a+8b"),
    ]
    let scan = LinearScanEngine(records)
    let engine = HashIndexEngine(records, configuration: IndexConfiguration(rareKeyLimit: rareKeyLimit))
    var queries = ["+8", "(0", "138-0013", "+86 138", "138 0013 8000", "1-3", "+", "(010) 6552-8899 ", "8-"]
    for _ in 0..<TestScale.rounds(75) {
      let digits = (0..<Int.random(in: 1...12, using: &random)).map { _ in "0123456789".randomElement(using: &random)! }
      var query = ""
      for digit in digits {
        if Int.random(in: 0..<4, using: &random) == 0 {
          query.append(["-", " ", "(", ")", "+", "."].randomElement(using: &random)!)
        }
        query.append(digit)
      }
      queries.append(query)
    }
    for query in queries {
      for (limit, offset) in [(20, 0), (5, 5), (Int.max, 0)] {
        #expect(
          engine.search(query, limit: limit, offset: offset) == scan.search(query, limit: limit, offset: offset),
          "\(query.debugDescription) limit \(limit) offset \(offset)")
      }
    }
  }

  @Test(arguments: [(1, 4, 16), (2, 16, 0), (3, 3, 1), (4, 8, 16), (5, 32, 4), (6, 16, 1000)] as [(UInt64, Int, Int)])
  func answersEqualTheLinearScan(seed: UInt64, maxKeyLength: Int, rareKeyLimit: Int) {
    // A quick run takes every other configuration, CI every one.
    guard TestScale.includes(Int(seed), ofEvery: 2) else { return }
    var random = SplitMix64(seed: seed)
    let records = RandomText.records(count: 250, using: &random)
    let scan = LinearScanEngine(records)
    let engine = HashIndexEngine(
      records, configuration: IndexConfiguration(maxKeyLength: maxKeyLength, rareKeyLimit: rareKeyLimit))
    #expect(engine.count == scan.count)
    for round in 0..<TestScale.rounds(40) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.query(for: text, using: &random)
      for (limit, offset) in [(20, 0), (3, 2), (Int.max, 0)] where round % 3 == 0 || limit == 20 {
        let expected = scan.search(query, limit: limit, offset: offset)
        let actual = engine.search(query, limit: limit, offset: offset)
        #expect(actual == expected, "seed \(seed) round \(round) query \(query.debugDescription) limit \(limit)")
      }
    }
  }

  /// The beginnings of a key that is not stored are searched by halves; the answer is the one
  /// the definition gives, walking the beginnings shortest first: the postings of the first
  /// with at most `rareKeyLimit`, or none once one is missing.
  @Test(arguments: [(11, 0), (12, 2), (13, 16)] as [(UInt64, Int)])
  func aKeyThatIsNotStoredGetsTheCandidatesOfItsRareBeginning(seed: UInt64, rareKeyLimit: Int) {
    var random = SplitMix64(seed: seed)
    var store = RecordStore()
    for record in RandomText.records(count: 300, using: &random) { store.add(record) }
    let configuration = IndexConfiguration(maxKeyLength: 12, rareKeyLimit: rareKeyLimit)
    let index = KeyIndex(store: store, configuration: configuration, options: SearchOptions(mixed: true))
    func expected(_ key: UnsafeBufferPointer<UInt8>) -> (KeyIndex.Postings, Bool)? {
      if let postings = index.postings(of: key) { return (postings, true) }
      var result: (KeyIndex.Postings, Bool)?
      KeyPrefixes.forEachCut(of: key) { cut in
        guard cut < key.count, let postings = index.postings(of: UnsafeBufferPointer(rebasing: key[..<cut])) else {
          return false
        }
        if postings.count <= rareKeyLimit { result = (postings, false) }
        return result == nil
      }
      return result
    }
    var rareAnswers = 0
    for round in 0..<TestScale.rounds(600) {
      let text = store.texts.randomElement(using: &random)!
      var key = Array(RandomText.query(for: text, using: &random).utf8.filter { $0 != 0x20 }.prefix(12))
      if key.isEmpty { continue }
      if round % 4 == 0 {
        key[Int.random(in: 0..<key.count, using: &random)] = UInt8.random(in: 0x61...0x7A, using: &random)
      }
      key.withUnsafeBufferPointer { key in
        let want = expected(key)
        let got = index.candidates(for: key)
        #expect(got?.postings.bucket == want?.0.bucket, "\(Array(key))")
        #expect(got?.postings.offset == want?.0.offset, "\(Array(key))")
        #expect(got?.isExact == want?.1, "\(Array(key))")
        if want?.1 == false { rareAnswers += 1 }
      }
    }
    if rareKeyLimit > 0 { #expect(rareAnswers > 10, "the rounds reach rare beginnings") }
  }
}

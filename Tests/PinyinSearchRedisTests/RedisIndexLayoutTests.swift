import PinyinSearch
import PinyinSearchSamples
import Testing

@testable import PinyinSearchRedis

/// What a `RedisIndex` writes, without a cluster: record values, the index's description and
/// namespaces, each read back exactly, and anything else refused without a crash.
@Suite struct RedisIndexLayoutTests {
  @Test func recordValuesReadBackAndRefuseEverythingElse() {
    var random = SplitMix64(seed: 5)
    let texts = ["", "刘亦菲", "a\u{0}b", String(repeating: "长", count: 300), "👨‍👩‍👧‍👦"]
    for _ in 0..<300 {
      func version() -> StoredRecord.Version {
        StoredRecord.Version(
          text: texts.randomElement(using: &random)!, rank: [.min, -1, 0, 7, .max].randomElement(using: &random)!)
      }
      let stored = StoredRecord(
        current: version(), isRemoved: Bool.random(using: &random),
        pending: (0..<Int.random(in: 0...3, using: &random)).map { _ in version() })
      let bytes = stored.bytes
      #expect(StoredRecord(bytes: bytes) == stored)
      // Every truncation, a byte more, and random changes: refused or read, never a crash.
      for count in 0..<bytes.count { #expect(StoredRecord(bytes: Array(bytes.prefix(count))) == nil) }
      #expect(StoredRecord(bytes: bytes + [0]) == nil)
      var changed = bytes
      changed[Int.random(in: 0..<changed.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      _ = StoredRecord(bytes: changed)
    }
    #expect(StoredRecord(bytes: Array("hello".utf8)) == nil)
    #expect(StoredRecord(bytes: Array("PSR".utf8) + [1, 0] + [UInt8](repeating: 0xFF, count: 12)) == nil)
  }

  @Test func descriptionsReadBack() {
    var random = SplitMix64(seed: 6)
    for _ in 0..<100 {
      let options = SearchOptions(
        mixed: Bool.random(using: &random), fuzzy: FuzzyRules(rawValue: UInt16.random(in: 0...4095, using: &random)),
        traditional: Bool.random(using: &random), keypad: Bool.random(using: &random),
        keyboard: Bool.random(using: &random) ? Keyboard.allCases.randomElement(using: &random) : nil)
      let configuration = IndexConfiguration(
        maxKeyLength: Int.random(in: 1...255, using: &random),
        maxKeysPerRecord: Int.random(in: 1...65_536, using: &random),
        maxMixedKeyLength: Int.random(in: 1...255, using: &random),
        maxFuzzyKeyLength: Int.random(in: 1...255, using: &random))
      let description = IndexDescription(options: options, configuration: configuration)
      #expect(IndexDescription(bytes: description.bytes) == description)
    }
    let valid = String(
      decoding: IndexDescription(options: .default, configuration: IndexConfiguration()).bytes, as: UTF8.self)
    for broken in [
      "", "hello", valid.replacing("maxKeyLength 16", with: "maxKeyLength 0"),
      valid.replacing("mixed 0", with: "mixed 2"), valid.replacing("index 4", with: "index 5"),
      valid + "extra 1\n", String(valid.dropLast()), valid + "keyboard qwerty\n", valid + "keyboard \n",
      valid + "keyboard xiaohe", valid + "keyboard xiaohe\nkeyboard xiaohe\n",
    ] {
      #expect(IndexDescription(bytes: Array(broken.utf8)) == nil, "\(broken.debugDescription)")
    }
    // Without a keyboard the description is what versions before schemes wrote; with one, a line more.
    #expect(!valid.contains("keyboard"))
    let zhuyin = IndexDescription(options: SearchOptions(keyboard: .zhuyin), configuration: IndexConfiguration())
    #expect(String(decoding: zhuyin.bytes, as: UTF8.self) == valid + "keyboard zhuyin\n")
    #expect(IndexDescription(bytes: zhuyin.bytes)?.options.keyboard == .zhuyin)
    // An index of an earlier layout is named as such.
    #expect(IndexDescription.otherVersion(in: Array(valid.replacing("index 4", with: "index 1").utf8)) == "1")
    #expect(IndexDescription.otherVersion(in: Array(valid.replacing("index 4", with: "index 3").utf8)) == "3")
    #expect(IndexDescription.otherVersion(in: Array(valid.utf8)) == nil)
    #expect(IndexDescription.otherVersion(in: Array("hello".utf8)) == nil)
  }

  /// Entries keep the order of the members they stand for, and a member too long for a small
  /// sorted set loses its text, marked, and gets it back whole.
  @Test func entriesKeepMemberOrderAndCutLongTextsOnly() throws {
    let index = SortedSetIndex()
    let texts = [
      "刘亦菲", "刘德华 13912345678", "Christina Schmidt", String(repeating: "长", count: 30),
      "上海浦东发展银行股份有限公司信用卡中心", "a\u{0}b",
    ]
    var entries: [[UInt8]: [(member: [UInt8], entry: [UInt8])]] = [:]
    for (number, text) in texts.enumerated() {
      for record in [Record(id: String(number), text: text), Record(id: "\(number)\u{0}x", text: text, rank: 3)] {
        for entry in index.entries(of: record) {
          let stored = PostingShards.entry(key: entry.key, member: entry.member)
          let prefix = PostingShards.prefix(ofKey: entry.key)
          #expect(stored.starts(with: prefix))
          let member = Array(stored.dropFirst(prefix.count))
          if member == entry.member {
            #expect(stored.count <= PostingShards.maxEntryBytes || member.last != PostingShards.cutMarker)
          } else {
            #expect(stored.count <= PostingShards.maxEntryBytes)
            #expect(member.last == PostingShards.cutMarker)
            #expect(Array(member.dropLast()) + Array(text.utf8) == entry.member)
            let named = SortedSetMember.record(
              in: Array(member.dropLast()), isUnindexed: entry.key == SortedSetIndex.unindexedKey)
            #expect(named?.id == record.id && named?.text == "")
          }
          entries[entry.key, default: []].append((entry.member, stored))
        }
      }
    }
    #expect(entries.values.contains { $0.contains { $0.member.count + 2 > PostingShards.maxEntryBytes } })
    for list in entries.values {
      for first in list {
        for second in list where first.member.lexicographicallyPrecedes(second.member) {
          #expect(first.entry.lexicographicallyPrecedes(second.entry))
        }
      }
    }
  }

  @Test(arguments: ["contacts", "a", "A-b_c.9", String(repeating: "x", count: 64)])
  func namespacesOfLettersDigitsAndPunctuationAreValid(name: String) throws {
    let namespace = try RedisNamespace(name)
    #expect(namespace.directoryKey(shard: 7) == Array("\(name):d:{7}".utf8))
    #expect(namespace.chunkBase(shard: 4095) == Array("\(name):p:{4095}".utf8))
    // A record's hash depends on its id alone (64-bit FNV-1a, the same in every process).
    #expect(PostingShards.hash("a".utf8) == UInt64(0xaf63_dc4c_8601_ec8c))
    #expect(namespace.recordHashKey(id: "a".utf8) == Array("\(name):r:3212".utf8))  // 0xaf63_dc4c_8601_ec8c % 4096
  }

  @Test(arguments: ["", "a b", "{tag}", "a*", "刘", String(repeating: "x", count: 65), "a:b"])
  func otherNamespacesAreRefused(name: String) {
    #expect(throws: RedisIndexError.invalidNamespace(name)) { try RedisNamespace(name) }
  }

  @Test func keysArePrintedReadably() {
    #expect(RedisIndexError.printable(Array("ns:k:刘".utf8) + [0xFF, 0x31]) == #""ns:k:刘\\xFF1""#)
  }
}

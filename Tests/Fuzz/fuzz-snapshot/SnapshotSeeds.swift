import FuzzSupport
import PinyinSearch
import PinyinSearchSamples

/// The seed corpus of `fuzz-snapshot` (`fuzz-snapshot --write-seeds DIR`): small valid snapshots
/// saved by the engines — empty, one record, the examples of Docs/Semantics.md, special
/// characters, sample contacts with a small configuration (records left unindexed), a hybrid
/// engine's after replacements and removals, records of several ranks (a place order that is
/// not the slots'); and snapshots for the search options: mixed input, fuzzy pinyin (every
/// rule, and some with short fuzzy keys), traditional characters, the keypad, and all of them.
enum SnapshotSeeds {
  /// Each seed, named.
  static func all() -> [(name: String, bytes: [UInt8])] {
    let examples = [
      "刘亦菲", "西安", "先", "黄安", "长大", "银行行长", "我 爱你 中   国", "曾经沧海", "iPhone手机", "138 0013 8000",
    ].enumerated().map { Record(id: "e\($0.offset)", text: $0.element) }
    let special = ["ｉＰｈｏｎｅ　15", "e\u{301}t\u{E9}", "👨‍👩‍👧家庭", "葛\u{E0100}优", "a\r\nb", "𧒽"].enumerated().map {
      Record(id: "s\($0.offset)", text: $0.element)
    }
    let hybrid = HybridEngine(SampleContacts.records(count: 12, seed: 3))
    hybrid.waitUntilIndexed()
    hybrid.add(Record(id: "c1", text: "曾小贤"))
    hybrid.remove(id: "c2")
    hybrid.add(Record(id: "new", text: "重庆银行"))
    // Small snapshots with options (at most 8 KB each, as .ci/fuzz.sh reads them): no rare key
    // limit and short keys, so that postings of every kind are stored.
    let fuzzy = ["张三", "吕", "女", "南京", "嗯"].enumerated().map { Record(id: "f\($0.offset)", text: $0.element) }
    let traditional = ["劉德華", "刘德华", "發", "髮", "薴", "乾隆", "著名"].enumerated().map {
      Record(id: "t\($0.offset)", text: $0.element)
    }
    let keypad = ["刘亦菲", "iPhone", "13"].enumerated().map { Record(id: "k\($0.offset)", text: $0.element) }
    let mixed = ["刘亦菲", "西安", "阿里巴巴", "刘德华"].enumerated().map { Record(id: "m\($0.offset)", text: $0.element) }
    let short = IndexConfiguration(maxKeyLength: 6, rareKeyLimit: 0, maxMixedKeyLength: 3, maxFuzzyKeyLength: 4)
    let every = HybridEngine(
      [Record(id: "1", text: "刘亦菲"), Record(id: "2", text: "张三"), Record(id: "3", text: "劉德華")],
      options: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
      configuration: IndexConfiguration(maxKeyLength: 3, rareKeyLimit: 0, maxMixedKeyLength: 3, maxFuzzyKeyLength: 3))
    every.waitUntilIndexed()
    // Ranks and lengths that order places otherwise than slots, and runs with gaps.
    let ranked = ["刘亦菲", "刘德华", "李亚鹏", "刘", "刘亦菲 liu", "林志玲", "刘亦", "吕良"].enumerated().map {
      Record(id: "r\($0.offset)", text: $0.element, rank: Int64($0.offset % 3) - 1)
    }
    every.add(contentsOf: [Record(id: "4", text: "吕"), Record(id: "5", text: "發")])
    every.remove(id: "2")
    return [
      ("empty", saved(HashIndexEngine([]).save)),
      ("one-record", saved(HashIndexEngine([Record(id: "1", text: "刘亦菲")]).save)),
      ("semantics-examples", saved(HashIndexEngine(examples).save)),
      ("special-characters", saved(HashIndexEngine(special).save)),
      (
        "contacts-small-configuration",
        saved(
          HashIndexEngine(
            SampleContacts.records(count: 16, seed: 1),
            configuration: IndexConfiguration(maxKeyLength: 3, maxKeysPerRecord: 6, rareKeyLimit: 1)
          ).save)
      ),
      ("hybrid-changed", saved(hybrid.save)),
      ("ranked", saved(HashIndexEngine(ranked, configuration: IndexConfiguration(rareKeyLimit: 0)).save)),
      ("mixed", saved(HashIndexEngine(mixed, options: SearchOptions(mixed: true), configuration: short).save)),
      (
        "fuzzy-every-rule",
        saved(HashIndexEngine(fuzzy, options: SearchOptions(fuzzy: .all), configuration: short).save)
      ),
      (
        "fuzzy-some-rules-short-keys",
        saved(
          HashIndexEngine(
            fuzzy, options: SearchOptions(fuzzy: [.zZh, .nL, .uV]),
            configuration: IndexConfiguration(maxKeyLength: 6, rareKeyLimit: 1, maxFuzzyKeyLength: 2)
          ).save)
      ),
      (
        "traditional",
        saved(HashIndexEngine(traditional, options: SearchOptions(traditional: true), configuration: short).save)
      ),
      ("keypad", saved(HashIndexEngine(keypad, options: SearchOptions(keypad: true), configuration: short).save)),
      ("every-option", saved(every.save)),
    ]
  }

  /// The bytes that `save` writes to a scratch file.
  private static func saved(_ save: (String) throws(SnapshotError) -> Void) -> [UInt8] {
    let path = FuzzFiles.scratchPath("fuzz-snapshot-seed")
    defer { FuzzFiles.remove(path) }
    do {
      try save(path)
    } catch {
      fatalError("cannot save a seed snapshot: \(error)")
    }
    return FuzzFiles.read(path)
  }
}

import FuzzSupport
import PinyinSearch
import PinyinSearchSamples

/// The seed corpus of `fuzz-snapshot` (`fuzz-snapshot --write-seeds DIR`): small valid snapshots
/// saved by the engines — empty, one record, the examples of Docs/Semantics.md, special
/// characters, sample contacts with a small configuration (records left unindexed), and a
/// hybrid engine's after replacements and removals.
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

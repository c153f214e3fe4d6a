import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Results copy a store's texts and ids into strings without validating them again only when
/// the store knows them to be well-formed (`RecordStore.hasWellFormedUTF8`): records added as strings,
/// a snapshot opened at `.complete`. A crafted snapshot whose text is not UTF-8 opens at
/// `.structure` and `.checksum`, and its results show replacement characters.
extension SnapshotValidationTests {
  /// 刘亦菲's text with 菲 (E8 8F B2) made three bytes that begin no character, its checksum recomputed.
  static func snapshotWithIllFormedText(in directory: TemporaryDirectory) throws -> String {
    var surgery = Self.surgery()
    let start = surgery.offset(of: "bytes") + Int(engine.indexed.store.slots[0].textStart) + 6
    surgery.bytes.replaceSubrange(start..<(start + 3), with: [0xFF, 0xFE, 0x80])
    return try directory.write(surgery.resealed, to: "ill-formed.snapshot")
  }

  @Test func storesOfStringsAndCompletelyCheckedSnapshotsKnowTheirUTF8() throws {
    #expect(Self.engine.indexed.store.hasWellFormedUTF8)
    let directory = try TemporaryDirectory()
    let path = directory.adopt("sound.snapshot")
    try Self.engine.save(toSnapshot: path)
    for (validation, expected) in [(SnapshotValidation.structure, false), (.checksum, false), (.complete, true)] {
      let opened = try HashIndexEngine(contentsOfSnapshot: path, validation: validation)
      #expect(opened.indexed.store.hasWellFormedUTF8 == expected, "\(validation)")
      #expect(opened.search("lyf") == Self.engine.search("lyf"), "\(validation)")
    }
  }

  @Test func anIllFormedTextIsDecodedWithReplacementCharacters() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.snapshotWithIllFormedText(in: directory)
    for validation in [SnapshotValidation.structure, .checksum] {
      let opened = try HashIndexEngine(contentsOfSnapshot: path, validation: validation)
      #expect(!opened.indexed.store.hasWellFormedUTF8)
      let result = try #require(opened.search("刘亦").first, "\(validation)")
      #expect(result.id == "a1")
      #expect(result.text == "刘亦\u{FFFD}\u{FFFD}\u{FFFD}", "\(validation)")
      #expect(opened.indexed.store.text(ofSlot: 0) == result.text)
    }
    #expect(throws: SnapshotError.inconsistent(path: path, .preparedText(slot: 0, id: "a1"))) {
      try HashIndexEngine(contentsOfSnapshot: path, validation: .complete)
    }
  }

  @Test func aCopyKnowsItsUTF8OnlyIfBothStoresDid() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.snapshotWithIllFormedText(in: directory)
    let opened = try HashIndexEngine(contentsOfSnapshot: path, validation: .checksum)
    var sound = RecordStore(idOrdered: [Record(id: "b1", text: "西安")])
    sound.append(Self.engine.indexed.store)
    #expect(sound.hasWellFormedUTF8)
    sound.append(opened.indexed.store, excluding: { $0 != 0 })
    #expect(!sound.hasWellFormedUTF8)
    #expect(sound.text(ofSlot: sound.slot(ofID: "a1")!) == "刘亦\u{FFFD}\u{FFFD}\u{FFFD}")
  }
}

import Dispatch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Crafted snapshots: files edited with their checksum recomputed, which anyone can make. What
/// a lookup relies on to end and to stay in bounds is refused by every validation level; what
/// only gives wrong answers is refused by `.complete`; random edits never crash or hang.
@Suite struct SnapshotValidationTests {
  /// Records with a few known texts (an empty one, two that cannot be indexed) among contacts;
  /// their ids sort before the contacts' (`c1`…), so they take the first slots of the index.
  static let records =
    [
      Record(id: "a1", text: "刘亦菲"), Record(id: "a2", text: "西安"), Record(id: "a3", text: "曾小贤"),
      Record(id: "a4", text: "138 0013 8000"), Record(id: "a5", text: ""), Record(id: "a6", text: "  "),
      Record(id: "a7", text: "长行单曾重乐会和大解仇朝传都还了着"), Record(id: "a8", text: "重庆银行长行单曾乐会和大解"),
    ] + SampleContacts.records(count: 100, seed: 13)
  static let configuration = IndexConfiguration(maxKeysPerRecord: 600, rareKeyLimit: 4)

  /// The engine the snapshots are made of.
  static let engine = HashIndexEngine(records, configuration: configuration)

  /// A fresh snapshot of `engine`, ready for surgery.
  static func surgery() -> SnapshotSurgery {
    SnapshotSurgery(Snapshot.encode(engine.indexed, configuration: configuration, options: .default))
  }

  /// The error opening `bytes` gives at `validation`, or nil when it opens.
  static func openError(
    _ bytes: [UInt8], at validation: SnapshotValidation, in directory: TemporaryDirectory
  ) -> SnapshotError? {
    let path = try! directory.write(bytes, to: "crafted.snapshot")
    do {
      _ = try HashIndexEngine(contentsOfSnapshot: path, validation: validation)
      return nil
    } catch {
      return error
    }
  }

  /// The slot of the record with `id`.
  static func slot(of id: String) -> Int {
    engine.indexed.store.slot(ofID: id)!
  }

  /// The bucket, entry and postings of `key` in the engine's index.
  static func entry(of key: String) -> (bucket: Int, entry: Int, postings: Range<Int>) {
    let bytes = Array(key.utf8)
    let bucket = KeyBucket.of(firstByte: bytes[0])
    let table = engine.indexed.index.tables[bucket]
    let entry = bytes.withUnsafeBufferPointer { table.entry(of: $0, hash: KeyHash.hash($0))! }
    return (bucket, entry, table.postingRange(of: entry))
  }

  /// The index, in its bucket's postings, of the posting of the record in `slot` for `key`.
  static func posting(of key: String, slot: Int) -> (bucket: Int, index: Int) {
    let (bucket, _, postings) = entry(of: key)
    let table = engine.indexed.index.tables[bucket]
    return (bucket, postings.first { Posting(rawValue: table.postings[$0]).slot == slot }!)
  }

  /// An edit and the reason every level gives for refusing it.
  struct StructuralEdit: CustomTestStringConvertible, Sendable {
    var name: String
    var reason: String
    var edit: @Sendable (inout SnapshotSurgery) -> Void
    var testDescription: String { name }
  }

  static let structuralEdits: [StructuralEdit] = [
    StructuralEdit(name: "a slot table without a free slot", reason: "bucket 21's slot table has no free slot") {
      for index in 0..<$0.count(of: "slots21") where $0.read(UInt32.self, at: $0.offset(of: "slots21", index)) == 0 {
        $0.write(UInt32(1), at: $0.offset(of: "slots21", index))
      }
    },
    StructuralEdit(name: "an entry twice in a slot table", reason: "bucket 21's slot table holds entry 0 twice") {
      let free = (0..<$0.count(of: "slots21")).first { [surgery = $0] in
        surgery.read(UInt32.self, at: surgery.offset(of: "slots21", $0)) == 0
      }!
      $0.write(UInt32(1), at: $0.offset(of: "slots21", free))
    },
    StructuralEdit(
      name: "a slot beyond the entries", reason: "bucket 21's slot table names an entry it does not have"
    ) {
      let used = (0..<$0.count(of: "slots21")).first { [surgery = $0] in
        surgery.read(UInt32.self, at: surgery.offset(of: "slots21", $0)) != 0
      }!
      $0.write(UInt32(100_000), at: $0.offset(of: "slots21", used))
    },
    StructuralEdit(name: "a huge maximum key length", reason: "the maximum key length 100000 is outside 1...255") {
      $0.write(UInt32(100_000), at: 40)
    },
    StructuralEdit(name: "a zero maximum key length", reason: "the maximum key length 0 is outside 1...255") {
      $0.write(UInt32(0), at: 40)
    },
    StructuralEdit(
      name: "a huge cap of keys per record", reason: "the maximum keys per record 4294967295 is outside 1...65536"
    ) {
      $0.write(UInt32.max, at: 44)
    },
    StructuralEdit(name: "a huge rare key limit", reason: "the rare key limit 4294967295 is outside 0...16777216") {
      $0.write(UInt32.max, at: 48)
    },
    StructuralEdit(name: "an unknown search option", reason: "unknown search options 32768") {
      $0.write(UInt32(1 << 15), at: 72)
    },
    StructuralEdit(
      name: "a huge mixed key length", reason: "the maximum mixed key length 4294967295 is outside 1...255"
    ) {
      $0.write(UInt32.max, at: 76)
    },
    StructuralEdit(
      name: "a zero maximum fuzzy key length", reason: "the maximum fuzzy key length 0 is outside 1...255"
    ) {
      $0.write(UInt32(0), at: 80)
    },
    StructuralEdit(
      name: "a maximum fuzzy key length of 256", reason: "the maximum fuzzy key length 256 is outside 1...255"
    ) {
      $0.write(UInt32(256), at: 80)
    },
    StructuralEdit(name: "a reserved field that is not zero", reason: "the reserved header field is not zero") {
      $0.write(UInt32(1), at: 84)
    },
    StructuralEdit(name: "the last reserved bit set", reason: "the reserved header field is not zero") {
      $0.write(UInt32(1 << 31), at: 84)
    },
    StructuralEdit(name: "the highest unknown search option", reason: "unknown search options 2147483648") {
      $0.write(UInt32(1 << 31), at: 72)
    },
    StructuralEdit(
      name: "an unknown search option beside known ones", reason: "unknown search options \(1 << 16 | 1 << 14 | 1)"
    ) {
      $0.write(UInt32(1 << 16 | 1 << 14 | 1), at: 72)
    },
    StructuralEdit(name: "a posting of kind 5", reason: "a posting of bucket 21 has the unknown kind 5") {
      $0.setKind(5, ofPostingOf: "ly", slot: slot(of: "a1"))
    },
    StructuralEdit(name: "a posting of kind 7", reason: "a posting of bucket 21 has the unknown kind 7") {
      $0.setKind(7, ofPostingOf: "ly", slot: slot(of: "a1"))
    },
    StructuralEdit(
      name: "a keypad posting without the keypad option",
      reason: "a posting of bucket 21 is a keypad match in an index without them"
    ) {
      $0.setKind(4, ofPostingOf: "ly", slot: slot(of: "a1"))
    },
    StructuralEdit(
      name: "a mixed posting without mixed keys",
      reason: "a posting of bucket 21 is mixed in an index without mixed keys"
    ) {
      $0.setKind(3, ofPostingOf: "ly", slot: slot(of: "a1"))
    },
    StructuralEdit(
      name: "a posting into an empty record",
      reason: "a posting of bucket 21 starts at unit 0 of record slot 4, which has 0 units"
    ) {
      let (bucket, _, postings) = entry(of: "ly")
      $0.write(UInt32(slot(of: "a5")) << 8, at: $0.offset(of: "postings\(bucket)", postings.lowerBound))
    },
    StructuralEdit(
      name: "a posting past a record's end",
      reason: "a posting of bucket 21 starts at unit 5 of record slot 0, which has 3 units"
    ) {
      let (bucket, index) = posting(of: "ly", slot: slot(of: "a1"))
      $0.write(UInt32(slot(of: "a1")) << 8 | 5, at: $0.offset(of: "postings\(bucket)", index))
    },
    StructuralEdit(name: "a unit of no known class", reason: "unit 0 has an unknown reading set or class") {
      $0.bytes[$0.offset(of: "units", 0) + 6] = 3  // white space and digit
    },
    StructuralEdit(name: "a Han unit with a class", reason: "unit 0 has an unknown reading set or class") {
      $0.bytes[$0.offset(of: "units", 0) + 6] = 2  // 刘 as a digit
    },
    StructuralEdit(
      name: "unindexed records out of order", reason: "the unindexed records are not in increasing order"
    ) {
      let first = $0.read(UInt32.self, at: $0.offset(of: "overflow", 0))
      $0.write(first, at: $0.offset(of: "overflow", 1))
    },
    StructuralEdit(name: "padding that is not zero", reason: "the padding after the ids is not zero") {
      $0.bytes[$0.offset(of: "idBytes") + $0.count(of: "idBytes")] = 1
    },
    StructuralEdit(name: "bytes after the last id", reason: "the ids end before their section does") {
      let last = $0.offset(of: "idEnds", $0.count(of: "idEnds") - 1)
      $0.write($0.read(UInt32.self, at: last) - 1, at: last)
    },
  ]

  @Test(arguments: structuralEdits)
  func everyLevelRefusesWhatALookupCannotSurvive(_ edit: StructuralEdit) throws {
    #expect(Self.surgery().count(of: "overflow") == 2, "a7 and a8 have more keys than the cap")
    #expect(Self.surgery().count(of: "idBytes") % 8 != 0, "the ids are padded")
    let directory = try TemporaryDirectory()
    var surgery = Self.surgery()
    edit.edit(&surgery)
    let path = directory.adopt("crafted.snapshot")
    for validation in [SnapshotValidation.structure, .checksum, .complete] {
      #expect(
        Self.openError(surgery.resealed, at: validation, in: directory) == .corrupt(path: path, reason: edit.reason),
        "\(validation)")
    }
  }

  /// A snapshot built with mixed keys or the keypad, the option's bit then cleared: its mixed or
  /// keypad postings are refused at every level, the first one named by its bucket.
  @Test(
    arguments: [
      (SearchOptions(mixed: true), MatchKind.mixed, "is mixed in an index without mixed keys"),
      (SearchOptions(keypad: true), MatchKind.keypad, "is a keypad match in an index without them"),
    ])
  func clearingAnOptionBitRefusesThePostingsOfItsKind(options: SearchOptions, kind: MatchKind, reason: String) throws {
    let engine = HashIndexEngine(Self.records, options: options, configuration: Self.configuration)
    let bucket = try #require(
      engine.indexed.index.tables.firstIndex { $0.postings.contains { Posting(rawValue: $0).kind == kind } })
    var surgery = SnapshotSurgery(Snapshot.encode(engine.indexed, configuration: Self.configuration, options: options))
    #expect(surgery.read(UInt32.self, at: 72) == SnapshotOptionBits(options).rawValue)
    surgery.write(UInt32(0), at: 72)
    let directory = try TemporaryDirectory()
    let path = directory.adopt("crafted.snapshot")
    for validation in [SnapshotValidation.structure, .checksum, .complete] {
      #expect(
        Self.openError(surgery.resealed, at: validation, in: directory)
          == .corrupt(path: path, reason: "a posting of bucket \(bucket) \(reason)"), "\(validation)")
    }
  }

  /// The keypad bit set in a snapshot built without it: the file is for the keypad now, sound in
  /// structure, but `.complete` finds the keys a keypad index would have.
  @Test func anOptionBitSetByHandIsFoundByTheCompleteLevel() throws {
    var surgery = Self.surgery()
    surgery.write(UInt32(1 << 14), at: 72)
    let directory = try TemporaryDirectory()
    let path = try directory.write(surgery.resealed, to: "crafted.snapshot")
    let keypad = SearchOptions(keypad: true)
    #expect(throws: SnapshotError.options(path: path, expected: .default, found: keypad)) {
      try HashIndexEngine(contentsOfSnapshot: path)
    }
    #expect(throws: Never.self) {
      try HashIndexEngine(contentsOfSnapshot: path, options: keypad, validation: .checksum)
    }
    do {
      _ = try HashIndexEngine(contentsOfSnapshot: path, options: keypad, validation: .complete)
      Issue.record("the complete level accepts an index without keypad keys")
    } catch {
      guard case .inconsistent(path, _) = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  @Test func theStructureLevelSkipsTheChecksum() throws {
    let directory = try TemporaryDirectory()
    var surgery = Self.surgery()
    surgery.write(UInt64(0x1234), at: 24)
    let path = directory.adopt("crafted.snapshot")
    #expect(Self.openError(surgery.bytes, at: .structure, in: directory) == nil)
    guard case .checksum(path, 0x1234, _)? = Self.openError(surgery.bytes, at: .checksum, in: directory) else {
      Issue.record("the checksum level checks the checksum")
      return
    }
    guard case .checksum(path, 0x1234, _)? = Self.openError(surgery.bytes, at: .complete, in: directory) else {
      Issue.record("the complete level checks the checksum")
      return
    }
  }

  /// An edit that leaves a sound structure but wrong data, and what `.complete` reports.
  struct DataEdit: CustomTestStringConvertible, Sendable {
    var name: String
    var difference: SnapshotDifference
    var edit: @Sendable (inout SnapshotSurgery) -> Void
    var testDescription: String { name }
  }

  static let dataEdits: [DataEdit] = [
    DataEdit(name: "a rare key limit of 0", difference: .missingKey(Array("001".utf8))) {
      $0.write(UInt32(0), at: 48)
    },
    DataEdit(name: "a smaller maximum key length", difference: .unindexedRecord(slot: 6, id: "a7")) {
      $0.write(UInt32(3), at: 40)
    },
    DataEdit(name: "an edited text", difference: .preparedText(slot: 0, id: "a1")) {
      // 刘亦菲 to 刘亦非: E8 8F B2 to E9 9D 9E.
      let start = $0.offset(of: "textBytes") + 6
      $0.bytes.replaceSubrange(start..<(start + 3), with: [0xE9, 0x9D, 0x9E])
    },
    DataEdit(name: "an edited reading set", difference: .preparedText(slot: 0, id: "a1")) {
      let readingSet = PinyinTable.shared.readingSet(of: "安")
      $0.write(readingSet, at: $0.offset(of: "units", 2) + 4)
    },
    DataEdit(name: "an edited folded byte", difference: .preparedText(slot: 1, id: "a2")) {
      $0.bytes[$0.offset(of: "folded") + 9] ^= 1
    },
    DataEdit(name: "a redirected posting", difference: .postings(key: Array("ly".utf8))) {
      // 刘亦菲's posting for ly (initials from unit 0) names 曾小贤 instead.
      let (bucket, index) = posting(of: "ly", slot: slot(of: "a1"))
      let offset = $0.offset(of: "postings\(bucket)", index)
      $0.write(UInt32(slot(of: "a3")) << 8 | $0.read(UInt32.self, at: offset) & 0xFF, at: offset)
    },
    DataEdit(name: "a wrong key hash", difference: .missingKey(Array("ly".utf8))) {
      let (bucket, entry, _) = entry(of: "ly")
      $0.write(UInt64(42), at: $0.offset(of: "hashes\(bucket)", entry))
    },
    DataEdit(name: "an edited key", difference: .missingKey(Array("ly".utf8))) {
      let (bucket, entry, _) = entry(of: "ly")
      let start = Int($0.read(UInt32.self, at: $0.offset(of: "keyStarts\(bucket)", entry)))
      $0.bytes[$0.offset(of: "keyBytes\(bucket)", start + 1)] = UInt8(ascii: "z")
    },
    DataEdit(name: "an indexed record listed as unindexed", difference: .unindexedRecord(slot: 0, id: "a1")) {
      $0.write(UInt32(0), at: $0.offset(of: "overflow", 0))
    },
  ]

  @Test(arguments: dataEdits)
  func theCompleteLevelFindsWhatTheChecksumCannot(_ edit: DataEdit) throws {
    let directory = try TemporaryDirectory()
    var surgery = Self.surgery()
    edit.edit(&surgery)
    let path = directory.adopt("crafted.snapshot")
    #expect(Self.openError(surgery.resealed, at: .structure, in: directory) == nil)
    #expect(Self.openError(surgery.resealed, at: .checksum, in: directory) == nil)
    #expect(
      Self.openError(surgery.resealed, at: .complete, in: directory) == .inconsistent(path: path, edit.difference))
  }

  @Test func theCompleteLevelAcceptsWhatThisLibraryWrites() throws {
    let directory = try TemporaryDirectory()
    var random = SplitMix64(seed: 31)
    let randomRecords = RandomText.records(count: 300, using: &random)
    let hybrid = HybridEngine(SampleContacts.records(count: 500, seed: 32))
    hybrid.waitUntilIndexed()
    _ = hybrid.synchronize(with: SampleContacts.records(count: 450, seed: 32) + randomRecords.prefix(20))
    let engines: [(String, (String) throws -> Void)] = [
      ("random texts", { try HashIndexEngine(randomRecords).save(toSnapshot: $0) }),
      (
        "tight limits",
        {
          try HashIndexEngine(randomRecords, configuration: IndexConfiguration(maxKeyLength: 4, maxKeysPerRecord: 50))
            .save(toSnapshot: $0)
        }
      ),
      (
        "no rare keys",
        {
          try HashIndexEngine(Self.records, configuration: IndexConfiguration(maxKeyLength: 255, rareKeyLimit: 0))
            .save(toSnapshot: $0)
        }
      ),
      (
        "replaced records",
        {
          try HashIndexEngine(Self.records + [Record(id: "a1", text: "刘亦非"), Record(id: "a2", text: "")])
            .save(toSnapshot: $0)
        }
      ),
      ("synchronized", { try hybrid.save(toSnapshot: $0) }),
      ("empty", { try HashIndexEngine([]).save(toSnapshot: $0) }),
    ]
    for (name, save) in engines {
      let path = directory.adopt(name)
      try save(path)
      #expect(throws: Never.self, "\(name)") {
        _ = try HashIndexEngine(contentsOfSnapshot: path, validation: .complete)
        _ = try HybridEngine(contentsOfSnapshot: path, validation: .complete)
      }
    }
  }

  /// Snapshots of indexes with options — built at once with small limits, and a hybrid
  /// engine's after a synchronization — are what `.complete` builds again from their records.
  @Test(
    arguments: [
      SearchOptions(mixed: true), SearchOptions(fuzzy: .all), SearchOptions(fuzzy: [.zZh, .nL, .anAng, .uV]),
      SearchOptions(traditional: true), SearchOptions(keypad: true),
      SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
    ])
  func theCompleteLevelAcceptsWhatThisLibraryWritesWithOptions(_ options: SearchOptions) throws {
    let directory = try TemporaryDirectory()
    var random = SplitMix64(seed: 33)
    let records =
      (0..<120).map { Record(id: "t\($0)", text: RandomText.textWithTraditional(using: &random)) }
      + RandomText.records(count: 60, using: &random) + Self.records
    let small = IndexConfiguration(maxKeyLength: 6, maxKeysPerRecord: 40, rareKeyLimit: 2, maxFuzzyKeyLength: 3)
    let hybrid = HybridEngine(records.prefix(180), options: options)
    hybrid.waitUntilIndexed()
    _ = hybrid.synchronize(with: records.suffix(180))
    let engines: [(String, (String) throws -> Void)] = [
      ("defaults", { try HashIndexEngine(records, options: options).save(toSnapshot: $0) }),
      ("small limits", { try HashIndexEngine(records, options: options, configuration: small).save(toSnapshot: $0) }),
      ("synchronized", { try hybrid.save(toSnapshot: $0) }),
    ]
    for (name, save) in engines {
      let path = directory.adopt(name)
      try save(path)
      #expect(throws: Never.self, "\(options), \(name)") {
        _ = try HashIndexEngine(contentsOfSnapshot: path, options: options, validation: .complete)
        _ = try HybridEngine(contentsOfSnapshot: path, options: options, validation: .complete)
      }
    }
  }

  static let queries = [
    "l", "ly", "lyf", "liuyifei", "xian", "西安", "138", "138 0013", "+86 1", "zeng xiao", "a", "z", "刘", "长行",
    "zhongqingyinhangchanghang", "8000",
  ]

  /// Runs `body` on another thread; false when it has not returned after `seconds`.
  func finishes(within seconds: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      body()
      done.signal()
    }
    return done.wait(timeout: .now() + .seconds(seconds)) == .success
  }

  /// Random single-byte edits, resealed: opening at any level gives an error or an engine, and the
  /// engine answers every query (and synchronizes and saves) in bounded time without crashing.
  /// What `.complete` accepts answers exactly like a scan of its records.
  @Test func randomEditsWithTheChecksumRecomputedNeverCrashOrHang() throws {
    let directory = try TemporaryDirectory()
    let original = Self.surgery()
    let structural =
      ["slots", "overflow", "units"] + (0..<KeyBucket.count).flatMap { ["slots\($0)", "keyStarts\($0)"] }
    var random = SplitMix64(seed: 77)
    var opened = (structure: 0, complete: 0)
    for round in 0..<TestScale.rounds(300) {
      var surgery = original
      let offset: Int
      switch round % 3 {
      case 0:
        offset = Int.random(in: 0..<original.bytes.count, using: &random)
      case 1:  // the header, or a section's length
        let section = SnapshotSurgery.sections.randomElement(using: &random)!.name
        offset =
          Bool.random(using: &random)
          ? Int.random(in: 0..<Snapshot.headerSize, using: &random)
          : original.offset(of: section) - 8 + Int.random(in: 0..<8, using: &random)
      default:  // the arrays lookups and views follow
        let section = structural.randomElement(using: &random)!
        let size = SnapshotSurgery.sections.first { $0.name == section }!.size
        let count = original.count(of: section)
        offset =
          count == 0
          ? original.offset(of: section) - 8
          : original.offset(of: section) + Int.random(in: 0..<(count * size), using: &random)
      }
      surgery.bytes[offset] ^= UInt8.random(in: 1...255, using: &random)
      let path = try directory.write(surgery.resealed, to: "fuzzed-\(round).snapshot")
      let copy = directory.adopt("saved-\(round).snapshot")
      let outcome = OutcomeBox()
      let finished = finishes(within: 60) {
        if let engine = try? HashIndexEngine(contentsOfSnapshot: path, validation: .structure) {
          for query in Self.queries { _ = engine.search(query) }
          outcome.structure = true
        }
        if let hybrid = try? HybridEngine(contentsOfSnapshot: path, validation: .structure) {
          for query in Self.queries { _ = hybrid.search(query) }
          _ = hybrid.synchronize(with: Self.records.prefix(30))
          for query in Self.queries { _ = hybrid.search(query, limit: 5) }
          try? hybrid.save(toSnapshot: copy)
        }
        if let engine = try? HashIndexEngine(contentsOfSnapshot: path, validation: .complete) {
          let store = engine.indexed.store
          var records: [Record] = []
          store.forEachRecord { slot, _ in records.append(Record(id: store.ids[slot], text: store.texts[slot])) }
          let scan = LinearScanEngine(records)
          outcome.differs = Self.queries.first { engine.search($0, limit: 50) != scan.search($0, limit: 50) }
          outcome.complete = true
        }
      }
      guard finished else {
        Issue.record("round \(round): byte \(offset) edited, and opening or searching did not end")
        return
      }
      #expect(outcome.differs == nil, "round \(round): byte \(offset) edited, \(outcome.differs ?? "") answered wrong")
      opened.structure += outcome.structure ? 1 : 0
      opened.complete += outcome.complete ? 1 : 0
    }
    #expect(opened.structure > opened.complete, "some edits are sound in structure only")
  }
}

extension SnapshotSurgery {
  /// Sets the kind bits (7 ..< 5) of the posting of the record in `slot` for `key`, keeping its
  /// slot and start.
  fileprivate mutating func setKind(_ kind: UInt32, ofPostingOf key: String, slot: Int) {
    let (bucket, index) = SnapshotValidationTests.posting(of: key, slot: slot)
    let offset = offset(of: "postings\(bucket)", index)
    write(read(UInt32.self, at: offset) & ~(7 << 5) | kind << 5, at: offset)
  }
}

/// What a fuzzing round found, written by its thread and read after it signalled.
private final class OutcomeBox: @unchecked Sendable {
  var structure = false
  var complete = false
  var differs: String?
}

import Dispatch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Crafted snapshots: files edited with their checksum recomputed, which anyone can make. What
/// opening checks (the header, the records, the place order, the shape of the slot tables) is
/// refused by every validation level; damaged keys and postings, which searches read with every
/// read bounds-checked, open at `.structure` and `.checksum`, searches survive them, and
/// `.complete` finds them, as it finds every edit that only gives wrong answers; random edits
/// never crash or hang.
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

  /// The first slot whose folded text is stored apart from its text (it folds to other bytes).
  static let foldedSlot = engine.indexed.store.slots.firstIndex { $0.byteStart != $0.textStart }!

  /// The slot of the record with `id`.
  static func slot(of id: String) -> Int {
    engine.indexed.store.slot(ofID: id)!
  }

  /// The place of the record with `id`: where the place order lists its slot.
  static func place(of id: String) -> UInt32 {
    UInt32(surgery().place(ofSlot: slot(of: id)))
  }

  /// An edit and the reason every level gives for refusing it.
  struct StructuralEdit: CustomTestStringConvertible, Sendable {
    var name: String
    var reason: String
    var edit: @Sendable (inout SnapshotSurgery) -> Void
    var testDescription: String { name }
  }

  static let structuralEdits: [StructuralEdit] = [
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
    StructuralEdit(name: "an unknown search option", reason: "unknown search options 262144") {
      $0.write(UInt32(1 << 18), at: 72)
    },
    StructuralEdit(name: "an unknown keyboard", reason: "unknown search options 196608") {
      $0.write(UInt32(6 << 15), at: 72)
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
    StructuralEdit(name: "an unknown record flag", reason: "unknown record flags 2") {
      $0.write(UInt32(2), at: 84)
    },
    StructuralEdit(name: "the last record flag set", reason: "unknown record flags 2147483648") {
      $0.write(UInt32(1 << 31), at: 84)
    },
    StructuralEdit(name: "the highest unknown search option", reason: "unknown search options 2147483648") {
      $0.write(UInt32(1 << 31), at: 72)
    },
    StructuralEdit(
      name: "an unknown search option beside known ones", reason: "unknown search options \(1 << 18 | 1 << 14 | 1)"
    ) {
      $0.write(UInt32(1 << 18 | 1 << 14 | 1), at: 72)
    },
    StructuralEdit(name: "a section count of format 3", reason: "231 sections, expected 84") {
      $0.write(UInt32(231), at: 52)
    },
    StructuralEdit(name: "a unit of no known class", reason: "slot 0 has a unit of unknown reading set or class") {
      $0.bytes[$0.offset(of: "units", 0) + 6] = 3  // white space and digit
    },
    StructuralEdit(name: "a Han unit with a class", reason: "slot 0 has a unit of unknown reading set or class") {
      $0.bytes[$0.offset(of: "units", 0) + 6] = 2  // 刘 as a digit
    },
    StructuralEdit(
      name: "unindexed records out of order", reason: "the unindexed records are not in increasing order"
    ) {
      let first = $0.read(UInt32.self, at: $0.offset(of: "overflow", 0))
      $0.write(first, at: $0.offset(of: "overflow", 1))
    },
    StructuralEdit(
      name: "an unindexed slot with no record", reason: "the index names record slot 108, which holds no record"
    ) {
      $0.write(UInt32(108), at: $0.offset(of: "overflow", 1))
    },
    StructuralEdit(name: "a record placed twice", reason: "the place order holds record slot 4 twice") {
      // a5, the empty text, comes first.
      $0.write(UInt32(slot(of: "a5")), at: $0.offset(of: "placeOrder", 1))
    },
    StructuralEdit(
      name: "a place naming a slot with no record", reason: "the index names record slot 108, which holds no record"
    ) {
      $0.write(UInt32(108), at: $0.offset(of: "placeOrder", 0))
    },
    StructuralEdit(
      name: "a place naming a removed record", reason: "the place order has 108 records, not 107"
    ) {
      $0.write(UInt32(0), at: $0.offset(of: "slots", slot(of: "a1")) + 20)  // the flags
      $0.write(UInt64(107), at: 56)
    },
    StructuralEdit(
      name: "a slot table that is not a power of two", reason: "bucket 21's slot table has 63 slots"
    ) {
      // One slot fewer: the last slot, free, is read as the padding after the 63.
      precondition($0.read(UInt32.self, at: $0.offset(of: "slots21", 63)) == 0, "the last slot of bucket 21 is free")
      $0.write(UInt64(63), at: $0.offset(of: "slots21") - 8)
    },
    StructuralEdit(
      name: "a key count beyond a bucket's bytes", reason: "bucket 21 counts 329 keys and 87 postings in 328 bytes"
    ) {
      $0.write(UInt64(329), at: $0.offset(of: "counts", 42))
    },
    StructuralEdit(
      // Added up by the statistics, it would overflow.
      name: "a huge posting count of a bucket",
      reason: "bucket 0 counts 12 keys and \(Int.max) postings in 141 bytes"
    ) {
      $0.write(UInt64.max, at: $0.offset(of: "counts", 1))
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
    #expect(Self.surgery().count(of: "placeOrder") == 108 && Self.slot(of: "a5") == 4, "108 records, a5 in slot 4")
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

  /// Damage to the keys and postings, which opening does not decode (it costs O(1) in their
  /// size), and what `.complete` reports for it; nil for damage that changes no answer, only
  /// the cost of lookups, which `.complete` does not see (a known gap: it compares what lookups
  /// find, not how the slot table finds it).
  struct KeyDamage: CustomTestStringConvertible, Sendable {
    var name: String
    var difference: SnapshotDifference?
    var edit: @Sendable (inout SnapshotSurgery) -> Void
    var testDescription: String { name }
  }

  /// The key the damage is done to: `ly`, in bucket 21, the initials of 刘亦菲 (a1) and of three
  /// contacts (a run of three postings from unit 0, one from unit 2).
  static let ly = Array("ly".utf8)

  static let keyDamage: [KeyDamage] = [
    KeyDamage(name: "a slot table without a free slot", difference: nil) {
      // Each free slot names the first entry: a lookup of a key not there probes every slot.
      for index in 0..<$0.count(of: "slots21") where $0.read(UInt32.self, at: $0.offset(of: "slots21", index)) == 0 {
        $0.write(UInt32(1), at: $0.offset(of: "slots21", index))
      }
    },
    KeyDamage(name: "an entry twice in a slot table", difference: nil) {
      let free = (0..<$0.count(of: "slots21")).first { [surgery = $0] in
        surgery.read(UInt32.self, at: surgery.offset(of: "slots21", $0)) == 0
      }!
      $0.write(UInt32(1), at: $0.offset(of: "slots21", free))
    },
    KeyDamage(name: "a slot naming an offset beyond the bytes", difference: .missingKey(ly)) {
      let (location, _) = $0.entry(of: "ly")!
      $0.write(UInt32(100_000), at: $0.offset(of: "slots21", location.slot))
    },
    KeyDamage(name: "a slot naming the last offset", difference: .missingKey(ly)) {
      let (location, _) = $0.entry(of: "ly")!
      $0.write(UInt32($0.count(of: "bytes21")), at: $0.offset(of: "slots21", location.slot))
    },
    KeyDamage(name: "a slot naming the middle of an entry", difference: .missingKey(ly)) {
      let (location, _) = $0.entry(of: "ly")!
      $0.write(UInt32(location.range.lowerBound + 3), at: $0.offset(of: "slots21", location.slot))
    },
    KeyDamage(name: "a huge key length", difference: .missingKey(ly)) {
      let (location, _) = $0.entry(of: "ly")!
      $0.bytes[$0.offset(of: "bytes21", location.range.lowerBound)] = 255
    },
    KeyDamage(name: "a key length past the bytes", difference: .missingKey(ly)) {
      $0.moveEntryToEnd(of: "ly")
      let (location, _) = $0.entry(of: "ly")!
      $0.bytes[$0.offset(of: "bytes21", location.range.lowerBound)] = UInt8(location.range.count)
    },
    KeyDamage(name: "an empty key", difference: .missingKey(ly)) {
      let (location, _) = $0.entry(of: "ly")!
      $0.bytes[$0.offset(of: "bytes21", location.range.lowerBound)] = 0
    },
    KeyDamage(name: "a huge posting count", difference: .postings(key: ly)) {
      $0.editEntry(of: "ly") { $0.count = .max }
    },
    KeyDamage(name: "a huge posting count at the end of the bytes", difference: .postings(key: ly)) {
      $0.moveEntryToEnd(of: "ly")
      $0.editEntry(of: "ly") { $0.count = .max }
    },
    KeyDamage(name: "a posting count cut by the end of the bytes", difference: .missingKey(ly)) {
      $0.moveEntryToEnd(of: "ly")
      let (location, entry) = $0.entry(of: "ly")!
      $0.replaceBytes(
        ofBucket: 21, location.range,
        with: [UInt8(entry.key.count)] + entry.key + [0x80])
    },
    KeyDamage(name: "a place cut by the end of the bytes", difference: .postings(key: ly)) {
      $0.moveEntryToEnd(of: "ly")
      let last = $0.offset(of: "bytes21", $0.count(of: "bytes21") - 1)
      $0.bytes[last] |= 0x80
    },
    KeyDamage(name: "a huge run count", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.count = .max }
    },
    KeyDamage(name: "a run count of zero", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.count = 0 }
    },
    KeyDamage(name: "a posting of kind 5", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group = $0.group & ~(7 << 1) | 5 << 1 }
    },
    KeyDamage(name: "a posting of kind 7", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group = $0.group & ~(7 << 1) | 7 << 1 }
    },
    KeyDamage(name: "a group beyond 16 bits", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group |= 1 << 16 }
    },
    KeyDamage(name: "a keypad posting without the keypad option", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group = $0.group & ~(7 << 1) | 4 << 1 }
    },
    KeyDamage(name: "a mixed posting without mixed keys", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group = $0.group & ~(7 << 1) | 3 << 1 }
    },
    KeyDamage(name: "a fuzzy posting without fuzzy rules", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group |= 1 }
    },
    KeyDamage(name: "a posting into an empty record", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.places = [place(of: "a5")] }
    },
    KeyDamage(name: "a posting past a record's end", difference: .postings(key: ly)) {
      // 刘亦菲 has 3 units.
      $0.editPosting(of: "a1", for: "ly") { $0.group = $0.group & 0xF | 5 << 4 }
    },
    KeyDamage(name: "a posting at the last known start", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.group = $0.group & 0xF | 4094 << 4 }
    },
    KeyDamage(name: "a place beyond the records", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.places = [108] }
    },
    KeyDamage(name: "the largest place", difference: .postings(key: ly)) {
      $0.editPosting(of: "a1", for: "ly") { $0.places = [.max] }
    },
    KeyDamage(name: "a place gap past the records", difference: .postings(key: ly)) {
      $0.editEntry(of: "ly") { entry in
        let run = entry.runs.firstIndex { $0.places.count > 1 }!
        entry.runs[run].places[entry.runs[run].places.count - 1] = 200
      }
    },
    KeyDamage(name: "a record twice in a key's postings", difference: .postings(key: ly)) {
      $0.editEntry(of: "ly") { entry in
        entry.count += 1
        entry.runs.append(entry.runs[0])
        entry.runs[entry.runs.count - 1].places = [entry.runs[0].places[0]]
        entry.runs[entry.runs.count - 1].count = 1
      }
    },
  ]

  /// Damaged keys and postings are not decoded when a snapshot opens, at `.structure` and
  /// `.checksum`: every read of them is bounds-checked as searches go. Searches reaching the
  /// damage (and a hybrid engine's synchronization and save) end in bounded time without
  /// crashing, though they may answer wrong; `.complete` finds the damage.
  @Test(arguments: keyDamage)
  func searchesSurviveDamageThatOnlyTheCompleteLevelFinds(_ damage: KeyDamage) throws {
    let directory = try TemporaryDirectory()
    var surgery = Self.surgery()
    damage.edit(&surgery)
    let path = try directory.write(surgery.resealed, to: "crafted.snapshot")
    #expect(Self.openError(surgery.resealed, at: .structure, in: directory) == nil)
    #expect(Self.openError(surgery.resealed, at: .checksum, in: directory) == nil)
    let copy = directory.adopt("saved.snapshot")
    let outcome = OutcomeBox()
    let finished = finishes(within: 60) {
      outcome.structure = Self.exercise(
        path, validation: .structure, queries: Self.queries + Self.bucket21Queries, copy: copy)
      outcome.checksum = Self.exercise(path, validation: .checksum, queries: Self.bucket21Queries, copy: copy)
    }
    #expect(finished, "searches end")
    #expect(outcome.structure && outcome.checksum, "the engines open")
    let error = Self.openError(surgery.resealed, at: .complete, in: directory)
    if let difference = damage.difference {
      #expect(error == .inconsistent(path: path, difference))
    } else {
      withKnownIssue("the complete level does not check that a slot table has a free slot and names each entry once") {
        guard case .inconsistent(path, _)? = error else {
          Issue.record("the complete level accepts the damage: \(String(describing: error))")
          return
        }
      }
    }
  }

  /// Every key of an index of mixed keys says it has 2³² − 1 postings: searches, which read
  /// through the mixed candidates (whose capacity the counts sized), end without allocating
  /// for them, and `.complete` finds the first key.
  @Test func hugePostingCountsInAMixedIndexAllocateNothingHuge() throws {
    let options = SearchOptions(mixed: true)
    let engine = HashIndexEngine(Self.records, options: options, configuration: Self.configuration)
    var surgery = SnapshotSurgery(Snapshot.encode(engine.indexed, configuration: Self.configuration, options: options))
    surgery.editEveryEntry { $0.count = .max }
    let directory = try TemporaryDirectory()
    let path = try directory.write(surgery.resealed, to: "crafted.snapshot")
    let opened = try HashIndexEngine(contentsOfSnapshot: path, options: options)
    // 光 begins the mixed query of a contact (X光片), whose ways had 2³² postings to hold.
    let queries = Self.records.flatMap { [$0.text, String($0.text.prefix(2))] } + ["X光片", "x光p", "liuyf", "刘yf"]
    let finished = finishes(within: 60) {
      for query in queries { _ = opened.search(query) }
    }
    #expect(finished, "searches end")
    guard case .inconsistent(path, .postings)? = Self.openError(surgery.resealed, at: .complete, in: directory) else {
      Issue.record("the complete level finds the counts")
      return
    }
  }

  /// Queries that reach bucket 21 (`l`) and its key `ly`: stored keys, beginnings of them, and
  /// keys it does not have.
  static let bucket21Queries = [
    "ly", "lyf", "liuyifei", "liu yi", "lyfei", "l y", "lx", "lqz", "lllll", "l1", "LY", "lvzhou", "ly ly",
  ]

  /// Opens the snapshot at `path` with `validation` in both engines, searches each query, has
  /// the hybrid engine synchronize and save to `copy`, and reads the statistics; false when it
  /// does not open.
  static func exercise(_ path: String, validation: SnapshotValidation, queries: [String], copy: String) -> Bool {
    guard let engine = try? HashIndexEngine(contentsOfSnapshot: path, validation: validation) else { return false }
    for query in queries {
      _ = engine.search(query)
      _ = engine.search(query, limit: 50, offset: 3)
    }
    _ = engine.statistics
    guard let hybrid = try? HybridEngine(contentsOfSnapshot: path, validation: validation) else { return false }
    for query in queries { _ = hybrid.search(query) }
    _ = hybrid.synchronize(with: records.prefix(30))
    for query in queries { _ = hybrid.search(query, limit: 5) }
    _ = hybrid.status
    try? hybrid.save(toSnapshot: copy)
    return true
  }

  /// Whether an index has postings of `kind`.
  static func hasPostings(of kind: MatchKind, in index: KeyIndex) -> Bool {
    (0..<KeyBucket.count).contains { bucket in
      var found = false
      index.tables[bucket].forEachKey { _, offset, count in
        index.withPostings(KeyIndex.Postings(bucket: bucket, offset: offset, count: count)) { postings in
          found = postings.contains { $0.kind == kind }
        }
        return !found
      }
      return found
    }
  }

  /// A snapshot built with mixed keys or the keypad, the option's bit then cleared: it opens for
  /// the default options at `.structure` and `.checksum` (its postings of the option's kind are
  /// not decoded), searches survive them, and `.complete` finds that the index is not the
  /// default options' one.
  @Test(
    arguments: [
      // The first difference in bucket order: a mixed key (an initial, then a Han character),
      // which the default options do not give; a literal key with keypad postings.
      (SearchOptions(mixed: true), MatchKind.mixed, SnapshotDifference.extraKey(Array("a露".utf8))),
      (SearchOptions(keypad: true), MatchKind.keypad, SnapshotDifference.postings(key: Array("25".utf8))),
    ])
  func clearingAnOptionBitLeavesPostingsOnlyTheCompleteLevelFinds(
    options: SearchOptions, kind: MatchKind, difference: SnapshotDifference
  ) throws {
    let engine = HashIndexEngine(Self.records, options: options, configuration: Self.configuration)
    #expect(Self.hasPostings(of: kind, in: engine.indexed.index))
    var surgery = SnapshotSurgery(Snapshot.encode(engine.indexed, configuration: Self.configuration, options: options))
    #expect(surgery.read(UInt32.self, at: 72) == SnapshotOptionBits(options).rawValue)
    surgery.write(UInt32(0), at: 72)
    let directory = try TemporaryDirectory()
    let path = try directory.write(surgery.resealed, to: "crafted.snapshot")
    #expect(Self.openError(surgery.resealed, at: .structure, in: directory) == nil)
    #expect(Self.openError(surgery.resealed, at: .checksum, in: directory) == nil)
    let copy = directory.adopt("saved.snapshot")
    let queries = Self.queries + Self.bucket21Queries + ["liuyf", "刘yf", "liuyifei138", "548", "5489433", "59"]
    let outcome = OutcomeBox()
    let finished = finishes(within: 60) {
      outcome.structure = Self.exercise(path, validation: .structure, queries: queries, copy: copy)
      outcome.checksum = Self.exercise(path, validation: .checksum, queries: queries, copy: copy)
    }
    #expect(finished, "searches end")
    #expect(outcome.structure && outcome.checksum, "the engines open")
    #expect(Self.openError(surgery.resealed, at: .complete, in: directory) == .inconsistent(path: path, difference))
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
      try HashIndexEngine(contentsOfSnapshot: path, options: .default)
    }
    #expect(try HashIndexEngine(contentsOfSnapshot: path).options == keypad, "none named: those of the file")
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

}

extension SnapshotSurgery {
  /// Moves the posting of the record `id` for `key` out of its run into a run of its own, right
  /// after it, of the same group and place, then changed by `change`: as when a single posting
  /// is edited.
  fileprivate mutating func editPosting(of id: String, for key: String, _ change: (inout Run) -> Void) {
    let place = SnapshotValidationTests.place(of: id)
    editEntry(of: key) { entry in
      let run = entry.runs.firstIndex { $0.places.contains(place) }!
      var single = Run(group: entry.runs[run].group, places: [place])
      change(&single)
      entry.runs[run].places.removeAll { $0 == place }
      entry.runs[run].count -= 1
      if entry.runs[run].places.isEmpty {
        entry.runs[run] = single
      } else {
        entry.runs.insert(single, at: run + 1)
      }
    }
  }
}

/// What a fuzzing round found, written by its thread and read after it signalled.
final class OutcomeBox: @unchecked Sendable {
  var structure = false
  var checksum = false
  var complete = false
  var differs: String?
}

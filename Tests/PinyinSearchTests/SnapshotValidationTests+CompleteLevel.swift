import Dispatch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Crafted snapshots whose structure is sound but whose data is wrong: what `.complete` finds
/// that the checksum cannot, and what it accepts (every snapshot this library writes).
extension SnapshotValidationTests {
  /// An edit that leaves a sound structure but wrong data, and what `.complete` reports.
  struct DataEdit: CustomTestStringConvertible, Sendable {
    var name: String
    var difference: SnapshotDifference
    var edit: @Sendable (inout SnapshotSurgery) -> Void
    var testDescription: String { name }
  }

  static let dataEdits: [DataEdit] = [
    DataEdit(name: "a rare key limit of 0", difference: .missingKey(Array("00-".utf8))) {
      $0.write(UInt32(0), at: 48)
    },
    DataEdit(name: "a smaller maximum key length", difference: .unindexedRecord(slot: 6, id: "a7")) {
      $0.write(UInt32(3), at: 40)
    },
    DataEdit(name: "an edited text", difference: .missingKey(Array("非".utf8))) {
      // 刘亦菲 to 刘亦非 (E8 8F B2 to E9 9D 9E): its folded bytes are its text's, so its preparation
      // still agrees, and the literal key 非 that its text now has is missing.
      let start = $0.offset(of: "bytes") + Int(engine.indexed.store.slots[0].textStart) + 6
      $0.bytes.replaceSubrange(start..<(start + 3), with: [0xE9, 0x9D, 0x9E])
    },
    DataEdit(name: "an edited reading set", difference: .preparedText(slot: 0, id: "a1")) {
      let readingSet = PinyinTable.shared.readingSet(of: "安")
      $0.write(readingSet, at: $0.offset(of: "units", 2) + 4)
    },
    DataEdit(
      name: "an edited folded byte",
      difference: .preparedText(slot: foldedSlot, id: engine.indexed.store.id(ofSlot: foldedSlot))
    ) {
      $0.bytes[$0.offset(of: "bytes") + Int(engine.indexed.store.slots[foldedSlot].byteStart) + 1] ^= 1
    },
    DataEdit(name: "a redirected posting", difference: .postings(key: Array("ly".utf8))) {
      // 刘亦菲's posting for ly (initials from unit 0) names 曾小贤 instead, in the same run.
      let (a1, a3) = (place(of: "a1"), place(of: "a3"))
      $0.editEntry(of: "ly") { entry in
        let run = entry.runs.firstIndex { $0.places.contains(a1) }!
        entry.runs[run].places = entry.runs[run].places.map { $0 == a1 ? a3 : $0 }.sorted()
      }
    },
    DataEdit(name: "two places swapped", difference: .postings(key: Array("fei".utf8))) {
      // 刘亦菲 (a1) and the empty text (a5), which has no key: a1's postings name a5; the first
      // in bucket order is fei's.
      let (a1, a5) = (Int(place(of: "a1")), Int(place(of: "a5")))
      let (first, second) = ($0.offset(of: "placeOrder", a1), $0.offset(of: "placeOrder", a5))
      let slot = $0.read(UInt32.self, at: first)
      $0.write($0.read(UInt32.self, at: second), at: first)
      $0.write(slot, at: second)
    },
    DataEdit(name: "a key's slot emptied", difference: .missingKey(Array("ly".utf8))) {
      let (location, _) = $0.entry(of: "ly")!
      $0.write(UInt32(0), at: $0.offset(of: "slots21", location.slot))
    },
    DataEdit(name: "an edited key", difference: .missingKey(Array("ly".utf8))) {
      let (location, _) = $0.entry(of: "ly")!
      $0.bytes[$0.offset(of: "bytes21", location.range.lowerBound + 2)] = UInt8(ascii: "z")
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

  static let optionSetsToValidate = [
    SearchOptions(mixed: true), SearchOptions(fuzzy: .all), SearchOptions(fuzzy: [.zZh, .nL, .anAng, .uV]),
    SearchOptions(traditional: true), SearchOptions(keypad: true),
    SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
  ]

  /// Snapshots of indexes with options — built at once with small limits, and a hybrid
  /// engine's after a synchronization — are what `.complete` builds again from their records.
  /// The hybrid engine opens a file as the hash engine does (`Snapshot.open`): a quick run opens
  /// it at `.checksum`, CI at `.complete` too. Each build of an index costs most of the test in a
  /// debug build: a quick run adds half the random records to `records` (CI all), and takes every
  /// other set of options (CI every one).
  @Test(arguments: optionSetsToValidate)
  func theCompleteLevelAcceptsWhatThisLibraryWritesWithOptions(_ options: SearchOptions) throws {
    guard TestScale.includes(Self.optionSetsToValidate.firstIndex(of: options)!, ofEvery: 2) else { return }
    let directory = try TemporaryDirectory()
    var random = SplitMix64(seed: 33)
    let share = TestScale.isFull ? 2 : 1
    let records =
      (0..<(60 * share)).map { Record(id: "t\($0)", text: RandomText.textWithTraditional(using: &random)) }
      + RandomText.records(count: 30 * share, using: &random) + Self.records
    let small = IndexConfiguration(maxKeyLength: 6, maxKeysPerRecord: 40, rareKeyLimit: 2, maxFuzzyKeyLength: 3)
    // The hybrid indexes the first five eighths, then synchronizes with the last five eighths.
    let part = records.count * 5 / 8
    let hybrid = HybridEngine(records.prefix(part), options: options)
    hybrid.waitUntilIndexed()
    _ = hybrid.synchronize(with: records.suffix(part))
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
        let validation: SnapshotValidation = TestScale.isFull ? .complete : .checksum
        _ = try HybridEngine(contentsOfSnapshot: path, options: options, validation: validation)
      }
    }
  }
}

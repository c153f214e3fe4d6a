import Dispatch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Random edits of a snapshot, resealed with their checksum.
extension SnapshotValidationTests {
  /// Random single-byte edits, resealed: opening at any level gives an error or an engine, and the
  /// engine answers every query (and synchronizes and saves) in bounded time without crashing.
  /// What `.complete` accepts answers exactly like a scan of its records.
  @Test func randomEditsWithTheChecksumRecomputedNeverCrashOrHang() throws {
    let directory = try TemporaryDirectory()
    let original = Self.surgery()
    let structural =
      ["slots", "overflow", "units", "placeOrder", "counts"]
      + (0..<KeyBucket.count).flatMap { ["slots\($0)", "bytes\($0)"] }
    var random = SplitMix64(seed: 77)
    var opened = (structure: 0, complete: 0)
    for round in 0..<TestScale.rounds(quick: 40, full: 200) {
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
          for query in Self.queries + Self.bucket21Queries { _ = engine.search(query) }
          _ = engine.statistics
          outcome.structure = true
        }
        if let hybrid = try? HybridEngine(contentsOfSnapshot: path, validation: .structure) {
          for query in Self.queries { _ = hybrid.search(query) }
          _ = hybrid.synchronize(with: Self.records.prefix(30))
          for query in Self.queries { _ = hybrid.search(query, limit: 5) }
          _ = hybrid.status
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

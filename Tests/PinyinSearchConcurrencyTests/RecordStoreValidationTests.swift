import Testing

@testable import PinyinSearch

/// The checks of a store read from a snapshot (`RecordStore(validating:...)`) when its slots are
/// many enough to be checked in runs side by side: the same verdict as one pass, and the first
/// problem in slot order named, whichever run finds it first.
@Suite struct RecordStoreValidationTests {
  /// A store of more slots than are checked in one pass: 刘亦菲 and others (each of two units or
  /// more), 40,000 of them.
  static let store: RecordStore = {
    let names = ["刘亦菲", "张三", "iPhone 15", "138 0013 8000", "北京字节跳动"]
    let count = RecordStore.slotsValidatedInParallel + 7_232
    return RecordStore(idOrdered: (0..<count).map { Record(id: "r\($0)", text: names[$0 % names.count]) })
  }()

  /// Validates `store`'s columns with `units` in place of its own.
  static func validated(units: FlatArray<PreparedUnit>) -> Result<Int, SnapshotInconsistency> {
    let store = Self.store
    do throws(SnapshotInconsistency) {
      let validated = try RecordStore(
        validating: store.slots, bytes: store.bytes, units: units, idBytes: store.idBytes, idEnds: store.idEnds,
        ranks: store.ranks, idTable: store.idTable, isInIDOrder: store.isInIDOrder, hasWellFormedUTF8: false)
      return .success(validated.count)
    } catch {
      return .failure(error)
    }
  }

  /// `store`'s units with the second unit of each of `slots` ending at byte 0, before the first
  /// does: the slot's units overlap.
  static func units(overlappingIn slots: [Int]) -> FlatArray<PreparedUnit> {
    var units = store.units
    units.withUnsafeMutableBufferPointer { units in
      for slot in slots {
        let info = store.slots[slot]
        units[Int(info.unitStart) + 1].end = 0
      }
    }
    return units
  }

  @Test func manySlotsAreCheckedInRuns() throws {
    #expect(Self.store.slotCount > RecordStore.slotsValidatedInParallel)
    #expect(try Self.validated(units: Self.store.units).get() == Self.store.count)
  }

  @Test(arguments: [[39_999], [5, 39_999], [20_000, 39_000], [33_000]])
  func theFirstProblemInSlotOrderIsNamed(slots: [Int]) {
    guard case .failure(let error) = Self.validated(units: Self.units(overlappingIn: slots)) else {
      Issue.record("slots \(slots) overlap but the store was accepted")
      return
    }
    #expect(error.reason == "slot \(slots[0])'s units overlap")
  }
}

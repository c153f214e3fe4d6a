import Dispatch

extension RecordStore {
  /// A store of columns read from a snapshot, after checking what reading them relies on to
  /// stay in bounds: the columns agree in length; each slot's text, units and folded bytes lie
  /// inside their columns, its units end in increasing order and each has a known reading set
  /// and class; the id ends never descend and the last is the ids' end; live slots have ids and are
  /// as many as `count` says; the id table is a power of two.
  ///
  /// What a lookup reads past these (the id table's entries, the texts' UTF-8) is checked as it
  /// is read, so that a damaged file can make a lookup miss or a text show replacement
  /// characters, never crash; `SnapshotValidation.complete` finds such damage.
  ///
  /// - Throws: `SnapshotInconsistency` naming the first problem.
  /// - Complexity: O(n) in the number of slots and units.
  init(
    validating slots: FlatArray<Slot>, bytes: FlatArray<UInt8>, units: FlatArray<PreparedUnit>,
    idBytes: FlatArray<UInt8>, idEnds: FlatArray<UInt32>, ranks: FlatArray<Int64>, idTable: FlatArray<UInt32>,
    isInIDOrder: Bool, hasWellFormedUTF8: Bool
  ) throws(SnapshotInconsistency) {
    guard idEnds.count == slots.count, ranks.count == slots.count else {
      throw SnapshotInconsistency(
        reason: "\(slots.count) slots for \(idEnds.count) ids and \(ranks.count) ranks")
    }
    // As `add` requires: offsets fit in 32 bits with room to grow.
    guard bytes.count < Int(UInt32.max) / 4, units.count < Int(UInt32.max) / 2, idBytes.count < Int(UInt32.max) / 2
    else { throw SnapshotInconsistency(reason: "more than 1 GiB of text") }
    guard idTable.count >= 4, idTable.count & (idTable.count - 1) == 0 else {
      throw SnapshotInconsistency(reason: "the id table has \(idTable.count) entries")
    }
    let readingSets = UInt16(PinyinTable.shared.readingSetCount)
    let (byteCount, idByteCount) = (bytes.count, idBytes.count)
    let live = try slots.withUnsafeBufferPointer { slots throws(SnapshotInconsistency) -> Int in
      try units.withUnsafeBufferPointer { units throws(SnapshotInconsistency) -> Int in
        try idEnds.withUnsafeBufferPointer { idEnds throws(SnapshotInconsistency) -> Int in
          // Runs of slots checked side by side when there are many: each run's outcome in its
          // place, so that the first problem reported is the first in slot order.
          let runCount = slots.count < Self.slotsValidatedInParallel ? 1 : 2 * Processors.onlineCount
          let outcomes = ConcurrentResults<Result<Int, SnapshotInconsistency>>(count: runCount)
          let columns = ValidatedColumns(
            slots: slots, units: units, idEnds: idEnds, byteCount: byteCount, idByteCount: idByteCount,
            readingSets: readingSets)
          if runCount == 1 {
            outcomes.set(0, columns.check(0..<slots.count))
          } else {
            let slotCount = slots.count
            DispatchQueue.concurrentPerform(iterations: runCount) { run in
              let range = (slotCount * run / runCount)..<(slotCount * (run + 1) / runCount)
              outcomes.set(run, columns.check(range))
            }
          }
          var live = 0
          for run in 0..<runCount { live += try outcomes.take(run).get() }
          guard Int(idEnds.last ?? 0) == idByteCount else {
            throw SnapshotInconsistency(reason: "the ids end before their section does")
          }
          return live
        }
      }
    }
    self.init(
      slots: slots, bytes: bytes, units: units, idBytes: idBytes, idEnds: idEnds, ranks: ranks, idTable: idTable,
      count: live, isInIDOrder: isInIDOrder, hasWellFormedUTF8: hasWellFormedUTF8)
  }

  /// The fewest slots whose checks are split among the processors: below, the split would cost
  /// about what it saves (100,000 records' checks take some 11 million instructions).
  static var slotsValidatedInParallel: Int { 32_768 }
}

/// The columns of a store being read from a snapshot that the checks of each slot read, as
/// views, shared by the tasks that check runs of slots.
private struct ValidatedColumns: @unchecked Sendable {
  let slots: UnsafeBufferPointer<RecordStore.Slot>
  let units: UnsafeBufferPointer<PreparedUnit>
  let idEnds: UnsafeBufferPointer<UInt32>
  let byteCount: Int
  let idByteCount: Int
  let readingSets: UInt16

  /// The number of live slots in `range`, or the first problem of the slots there: text, units
  /// and folded bytes inside their columns, units ending in increasing order with a known
  /// reading set and class, id ends never descending (from the slot before the range's) and
  /// inside the ids, a live slot's id not empty.
  ///
  /// - Complexity: O(s + u) for the s slots of the range and their u units.
  func check(_ range: Range<Int>) -> Result<Int, SnapshotInconsistency> {
    var live = 0
    var idStart: UInt32 = range.lowerBound == 0 ? 0 : idEnds[range.lowerBound - 1]
    for number in range {
      let slot = slots[number]
      guard slot.flags <= 1 else { return .failure(SnapshotInconsistency(reason: "slot \(number) has unknown flags")) }
      guard UInt64(slot.textStart) + UInt64(slot.textCount) <= UInt64(byteCount) else {
        return .failure(SnapshotInconsistency(reason: "slot \(number)'s text lies outside"))
      }
      let unitStart = Int(slot.unitStart)
      let unitEnd = unitStart + Int(slot.unitCount)
      guard unitEnd <= units.count else {
        return .failure(SnapshotInconsistency(reason: "slot \(number)'s units lie outside"))
      }
      var previous: UInt32 = 0
      var index = unitStart  // a plain index: a loop over a slice of the buffer costs twice as much
      while index < unitEnd {
        let unit = units[index]
        guard unit.end > previous else {
          return .failure(SnapshotInconsistency(reason: "slot \(number)'s units overlap"))
        }
        guard unit.isWellFormed(readingSetCount: readingSets) else {
          return .failure(SnapshotInconsistency(reason: "slot \(number) has a unit of unknown reading set or class"))
        }
        previous = unit.end
        index &+= 1
      }
      guard UInt64(slot.byteStart) + UInt64(previous) <= UInt64(byteCount) else {
        return .failure(SnapshotInconsistency(reason: "slot \(number)'s bytes lie outside"))
      }
      let idEnd = idEnds[number]
      guard idEnd >= idStart, Int(idEnd) <= idByteCount else {
        return .failure(SnapshotInconsistency(reason: "slot \(number)'s id lies outside"))
      }
      if slot.isLive {
        guard idEnd > idStart else { return .failure(SnapshotInconsistency(reason: "slot \(number) has an empty id")) }
        live += 1
      }
      idStart = idEnd
    }
    return .success(live)
  }
}

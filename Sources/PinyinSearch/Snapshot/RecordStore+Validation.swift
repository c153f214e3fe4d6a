extension RecordStore {
  /// A store made of decoded arrays, after checking that every offset and length is in range,
  /// so that no later read can go out of bounds.
  ///
  /// - Throws: `SnapshotInconsistency` naming the first problem.
  init(
    validating ids: [String], texts: [String], ranks: [Int64], slots: [Slot], bytes: [UInt8], units: [PreparedUnit]
  ) throws(SnapshotInconsistency) {
    guard ids.count == slots.count, texts.count == slots.count, ranks.count == slots.count else {
      throw SnapshotInconsistency(
        reason: "\(slots.count) slots for \(ids.count) ids, \(texts.count) texts and \(ranks.count) ranks")
    }
    // As `add` requires: offsets fit in 32 bits with room to grow.
    guard bytes.count < Int(UInt32.max) / 2, units.count < Int(UInt32.max) / 2 else {
      throw SnapshotInconsistency(reason: "more than 2 GiB of folded text")
    }
    let readingSets = UInt16(PinyinTable.shared.readingSetCount)
    for (number, unit) in units.enumerated() where !unit.isWellFormed(readingSetCount: readingSets) {
      throw SnapshotInconsistency(reason: "unit \(number) has an unknown reading set or class")
    }
    var slots = slots
    var slotByID: [RecordID: Int] = [:]
    slotByID.reserveCapacity(slots.count)
    for (number, slot) in slots.enumerated() {
      slots[number].hasSingleUTF16Units = UTF16Length.of(texts[number]) == slot.unitCount
      let unitStart = Int(slot.unitStart)
      let unitEnd = unitStart + Int(slot.unitCount)
      guard unitEnd <= units.count else { throw SnapshotInconsistency(reason: "slot \(number)'s units lie outside") }
      var previous: UInt32 = 0
      for unit in units[unitStart..<unitEnd] {
        guard unit.end > previous else { throw SnapshotInconsistency(reason: "slot \(number)'s units overlap") }
        previous = unit.end
      }
      guard Int(slot.byteStart) + Int(previous) <= bytes.count else {
        throw SnapshotInconsistency(reason: "slot \(number)'s bytes lie outside")
      }
      guard slot.isLive else { continue }
      guard !ids[number].isEmpty else { throw SnapshotInconsistency(reason: "slot \(number) has an empty id") }
      guard slotByID.updateValue(number, forKey: RecordID(ids[number])) == nil else {
        throw SnapshotInconsistency(reason: "id \(ids[number]) is there twice")
      }
    }
    self.init(ids: ids, texts: texts, ranks: ranks, slots: slots, bytes: bytes, units: units, slotByID: slotByID)
  }
}

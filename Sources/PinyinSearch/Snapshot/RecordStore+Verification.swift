extension RecordStore {
  /// The first slot, removed ones included, whose prepared text (folded bytes and units) is not
  /// what preparing its text gives; nil when every slot's is.
  ///
  /// The store must have passed `init(validating:…)`, so that every slot's ranges are in bounds.
  ///
  /// - Complexity: O(n) in the total length of the texts.
  func firstPreparationDifference() -> SnapshotDifference? {
    var expectedBytes: [UInt8] = []
    var expectedUnits: [PreparedUnit] = []
    for (number, slot) in slots.enumerated() {
      expectedBytes.removeAll(keepingCapacity: true)
      expectedUnits.removeAll(keepingCapacity: true)
      PreparedText.append(texts[number], bytes: &expectedBytes, units: &expectedUnits)
      let unitStart = Int(slot.unitStart)
      let byteStart = Int(slot.byteStart)
      // Equal units end where the expected bytes do, which validation put inside `bytes`.
      guard expectedUnits.count == Int(slot.unitCount),
        expectedUnits.elementsEqual(units[unitStart..<(unitStart + expectedUnits.count)]),
        expectedBytes.elementsEqual(bytes[byteStart..<(byteStart + expectedBytes.count)])
      else { return .preparedText(slot: number, id: ids[number]) }
    }
    return nil
  }
}

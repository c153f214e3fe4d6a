extension RecordStore {
  /// The first record whose stored preparation (folded bytes and units) is not what its text
  /// gives, or whose text or id is not valid UTF-8, or whose id the id table does not find, or
  /// the first record out of id order in a store said to be in id order; nil when there is none.
  ///
  /// - Complexity: O(n) in the size of the texts.
  func firstPreparationDifference() -> SnapshotDifference? {
    var expectedBytes: [UInt8] = []
    var expectedUnits: [PreparedUnit] = []
    var live = 0
    for number in 0..<slotCount {
      let slot = slots[number]
      let text = bytes.withUnsafeBufferPointer {
        String(validUTF8: $0[Int(slot.textStart)..<Int(slot.textStart + slot.textCount)])
      }
      let id = withID(ofSlot: number) { String(validUTF8: $0) }
      guard let text, let id else {
        // Decoded, not copied: this store may hold these bytes as well-formed (`hasWellFormedUTF8`).
        return .preparedText(slot: number, id: withID(ofSlot: number) { String(decoding: $0, as: UTF8.self) })
      }
      expectedBytes.removeAll(keepingCapacity: true)
      expectedUnits.removeAll(keepingCapacity: true)
      PreparedText.append(text, bytes: &expectedBytes, units: &expectedUnits)
      let isPrepared = units.withUnsafeBufferPointer { units in
        bytes.withUnsafeBufferPointer { bytes in
          let unitStart = Int(slot.unitStart)
          let byteStart = Int(slot.byteStart)
          // Equal units end where the expected bytes do, which validation put inside `bytes`.
          return expectedUnits.count == Int(slot.unitCount)
            && expectedUnits.elementsEqual(units[unitStart..<(unitStart + expectedUnits.count)])
            && expectedBytes.elementsEqual(bytes[byteStart..<(byteStart + expectedBytes.count)])
        }
      }
      guard isPrepared else { return .preparedText(slot: number, id: id) }
      guard slot.isLive else { continue }
      live += 1
      guard self.slot(ofID: id) == number else { return .preparedText(slot: number, id: id) }
      if isInIDOrder && number > 0 && compareIDs(ofSlot: number - 1, with: number, in: self) > 0 {
        return .preparedText(slot: number, id: id)
      }
    }
    return nil
  }
}

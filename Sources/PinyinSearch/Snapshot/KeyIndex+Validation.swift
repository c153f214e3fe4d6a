extension KeyIndex {
  /// Checks what a lookup relies on that reading cannot check as it goes: every table is well
  /// formed (`KeyTable.validate(bucket:)`), the place order names each live record of `store`
  /// once, and the unindexed slots are live and in increasing order.
  ///
  /// The keys and postings themselves are not decoded here: every read of them is
  /// bounds-checked (`KeyTable`, `PostingList`), so that damaged ones can make a search return
  /// wrong records but not crash or hang; the checksum tells accidental damage, and
  /// `SnapshotValidation.complete` any other.
  ///
  /// - Throws: `SnapshotInconsistency` naming the first problem.
  /// - Complexity: O(n) in the number of records, O(1) in the size of the tables.
  func validate(against store: RecordStore) throws(SnapshotInconsistency) {
    guard tables.count == KeyBucket.count else { throw SnapshotInconsistency(reason: "\(tables.count) buckets") }
    func checkSlot(_ slot: Int) throws(SnapshotInconsistency) {
      guard slot < store.slotCount, store.isLive(slot) else {
        throw SnapshotInconsistency(reason: "the index names record slot \(slot), which holds no record")
      }
    }
    guard zip(overflow, overflow.dropFirst()).allSatisfy({ $0 < $1 }) else {
      throw SnapshotInconsistency(reason: "the unindexed records are not in increasing order")
    }
    for slot in overflow { try checkSlot(slot) }
    guard slotsByPlace.count == store.count else {
      throw SnapshotInconsistency(reason: "the place order has \(slotsByPlace.count) records, not \(store.count)")
    }
    // One pass over the place order, reading the store's slots through a view (not the store,
    // which would be retained per record), with a bit per slot for the records placed.
    let problem: SnapshotInconsistency? = store.withRecords { records in
      var isPlaced = [UInt64](repeating: 0, count: (records.slotCount + 63) / 64)
      return slotsByPlace.withUnsafeBufferPointer { slotsByPlace in
        for placed in slotsByPlace {
          let slot = Int(placed)
          guard slot < records.slotCount, records.isLive(slot) else {
            return SnapshotInconsistency(reason: "the index names record slot \(slot), which holds no record")
          }
          let bit: UInt64 = 1 << UInt64(slot & 63)
          guard isPlaced[slot >> 6] & bit == 0 else {
            return SnapshotInconsistency(reason: "the place order holds record slot \(slot) twice")
          }
          isPlaced[slot >> 6] |= bit
        }
        return nil
      }
    }
    if let problem { throw problem }
    for (bucket, table) in tables.enumerated() { try table.validate(bucket: bucket) }
  }
}

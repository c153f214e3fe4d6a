extension KeyIndex {
  /// Checks everything a lookup relies on to end and to stay in bounds: every table is well
  /// formed (a power-of-two slot table with a free slot, each entry in it once; key and posting
  /// starts in order and ending at their arrays' ends; every key in its own bucket), every
  /// posting names a live record of `store` with a start inside it, and the unindexed slots are
  /// live and in increasing order.
  ///
  /// - Throws: `SnapshotInconsistency` naming the first problem.
  /// - Complexity: O(n) in the size of the tables.
  func validate(against store: RecordStore) throws(SnapshotInconsistency) {
    guard tables.count == KeyBucket.count else { throw SnapshotInconsistency(reason: "\(tables.count) buckets") }
    func checkSlot(_ slot: Int) throws(SnapshotInconsistency) {
      guard slot < store.slots.count, store.slots[slot].isLive else {
        throw SnapshotInconsistency(reason: "an index entry names record slot \(slot), which holds no record")
      }
    }
    guard zip(overflow, overflow.dropFirst()).allSatisfy({ $0 < $1 }) else {
      throw SnapshotInconsistency(reason: "the unindexed records are not in increasing order")
    }
    for slot in overflow { try checkSlot(slot) }
    for (bucket, table) in tables.enumerated() {
      try table.validate(bucket: bucket)
      for raw in table.postings {
        let posting = Posting(rawValue: raw)
        try checkSlot(posting.slot)
        // Mixed matches (kind 3) only in an index of mixed keys.
        guard raw >> 6 & 3 != 3 || maxMixedKeyLength > 0 else {
          throw SnapshotInconsistency(reason: "a posting of bucket \(bucket) is mixed in an index without mixed keys")
        }
        // A start of 63 means "63 or more": the record has more units than that.
        let start = Int(raw & 63)
        let units = Int(store.slots[posting.slot].unitCount)
        guard start < units else {
          throw SnapshotInconsistency(
            reason:
              "a posting of bucket \(bucket) starts at unit \(start) of record slot \(posting.slot), which has \(units) units"
          )
        }
      }
    }
  }
}

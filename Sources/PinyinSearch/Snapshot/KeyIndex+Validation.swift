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
        // Kinds 0 to 4; mixed matches only in an index of mixed keys, keypad ones with the keypad.
        let kind = raw >> 5 & 7
        guard kind <= 4 else {
          throw SnapshotInconsistency(reason: "a posting of bucket \(bucket) has the unknown kind \(kind)")
        }
        guard kind != 3 || maxMixedKeyLength > 0 else {
          throw SnapshotInconsistency(reason: "a posting of bucket \(bucket) is mixed in an index without mixed keys")
        }
        guard kind != 4 || options.keypad else {
          throw SnapshotInconsistency(
            reason: "a posting of bucket \(bucket) is a keypad match in an index without them")
        }
        // A start of 31 means "31 or more": the record has more units than that.
        let start = Int(raw & 31)
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

extension KeyIndex {
  /// Checks that every table is well formed and that every posting and unindexed slot names a
  /// live record of `store`, with a start inside it.
  ///
  /// - Throws: `SnapshotInconsistency` naming the first problem.
  func validate(against store: RecordStore) throws(SnapshotInconsistency) {
    guard tables.count == KeyBucket.count else { throw SnapshotInconsistency(reason: "\(tables.count) buckets") }
    func checkSlot(_ slot: Int) throws(SnapshotInconsistency) {
      guard slot < store.slots.count, store.slots[slot].isLive else {
        throw SnapshotInconsistency(reason: "an index entry names record slot \(slot), which holds no record")
      }
    }
    for slot in overflow { try checkSlot(slot) }
    for (bucket, table) in tables.enumerated() {
      let entries = table.hashes.count
      guard table.slots.count >= 2, table.slots.count & (table.slots.count - 1) == 0, table.slots.count > entries,
        table.slots.allSatisfy({ Int($0) <= entries }),
        table.keyStarts.count == entries + 1, table.postingStarts.count == entries + 1,
        table.keyStarts.first == 0, table.postingStarts.first == 0,
        Int(table.keyStarts.last!) == table.keyBytes.count, Int(table.postingStarts.last!) == table.postings.count,
        zip(table.keyStarts, table.keyStarts.dropFirst()).allSatisfy({ $0 < $1 }),
        zip(table.postingStarts, table.postingStarts.dropFirst()).allSatisfy({ $0 <= $1 })
      else { throw SnapshotInconsistency(reason: "bucket \(bucket)'s table is malformed") }
      for entry in 0..<entries where KeyBucket.of(firstByte: table.keyBytes[Int(table.keyStarts[entry])]) != bucket {
        throw SnapshotInconsistency(reason: "bucket \(bucket) holds a key of another bucket")
      }
      for raw in table.postings {
        let posting = Posting(rawValue: raw)
        try checkSlot(posting.slot)
        guard raw >> 6 & 3 != 3, (posting.start ?? 0) < max(Int(store.slots[posting.slot].unitCount), 1) else {
          throw SnapshotInconsistency(reason: "a posting of bucket \(bucket) is out of range")
        }
      }
    }
  }
}

extension KeyIndex {
  /// The first difference between this index, read from a file, and `rebuilt`, the index built
  /// again from the same `store` with the file's configuration; nil when both leave out the same
  /// records and hold the same keys, each with the same postings in the same order.
  ///
  /// Keys are compared by lookup, not by entry number, so the order of entries in a table (which
  /// a lookup does not depend on) may differ. Both indexes must have passed `validate(against:)`.
  ///
  /// - Complexity: O(n) in the size of the two indexes.
  func firstDifference(from rebuilt: KeyIndex, in store: RecordStore) -> SnapshotDifference? {
    if let slot = Self.firstSlotInOne(overflow, rebuilt.overflow) {
      return .unindexedRecord(slot: slot, id: store.ids[slot])
    }
    for (table, expected) in zip(tables, rebuilt.tables) {
      // Every key of the records, found with the records' postings.
      for entry in 0..<expected.keyCount {
        let difference = expected.withKey(of: entry) { key -> SnapshotDifference? in
          guard let found = table.entry(of: key, hash: expected.hashes[entry]) else { return .missingKey(Array(key)) }
          guard
            table.postings[table.postingRange(of: found)].elementsEqual(
              expected.postings[expected.postingRange(of: entry)])
          else { return .postings(key: Array(key)) }
          return nil
        }
        if let difference { return difference }
      }
      // And no other key: every key of the file is one of the records', and the one its lookup finds.
      for entry in 0..<table.keyCount {
        let difference = table.withKey(of: entry) { key -> SnapshotDifference? in
          let hash = KeyHash.hash(key)
          guard table.entry(of: key, hash: hash) == entry, expected.entry(of: key, hash: hash) != nil else {
            return .extraKey(Array(key))
          }
          return nil
        }
        if let difference { return difference }
      }
    }
    return nil
  }

  /// The smallest slot in exactly one of two increasing lists, or nil when they are equal.
  private static func firstSlotInOne(_ first: [Int], _ second: [Int]) -> Int? {
    var (left, right) = (first[...], second[...])
    while let a = left.first, let b = right.first {
      if a != b { return min(a, b) }
      left = left.dropFirst()
      right = right.dropFirst()
    }
    return left.first ?? right.first
  }
}

extension KeyIndex {
  /// The first difference between this index, read from a file, and `rebuilt`, the index built
  /// again from the same `store` with the file's configuration; nil when both leave out the same
  /// records and hold the same keys, each with the same postings in the same order.
  ///
  /// Keys are compared by lookup and postings as the records they name, so neither the order of
  /// entries in a table nor the place order (which a search sees only through the postings) has
  /// to be the same. Both indexes must have passed `validate(against:)`.
  ///
  /// - Complexity: O(n) in the size of the two indexes.
  func firstDifference(from rebuilt: KeyIndex, in store: RecordStore) -> SnapshotDifference? {
    if let slot = Self.firstSlotInOne(overflow, rebuilt.overflow) {
      return .unindexedRecord(slot: slot, id: store.id(ofSlot: slot))
    }
    for bucket in 0..<KeyBucket.count {
      var difference: SnapshotDifference?
      // Every key of the records, found with the records' postings.
      rebuilt.tables[bucket].forEachKey { key, offset, count in
        let expected = Postings(bucket: bucket, offset: offset, count: count)
        guard let found = postings(of: key) else {
          difference = .missingKey(Array(key))
          return false
        }
        let isSame = withPostings(found) { found in
          rebuilt.withPostings(expected) { expected in found.count == expected.count && found.elementsEqual(expected) }
        }
        if !isSame { difference = .postings(key: Array(key)) }
        return isSame
      }
      if let difference { return difference }
      // And no other key: every key of the file is one of the records', and the one its lookup finds.
      tables[bucket].forEachKey { key, offset, _ in
        guard !key.isEmpty, postings(of: key)?.offset == offset, rebuilt.postings(of: key) != nil else {
          difference = .extraKey(Array(key))
          return false
        }
        return true
      }
      if let difference { return difference }
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

extension KeyTable {
  /// Checks that the table's arrays are consistent and that a lookup in it ends: the slot table
  /// has a power-of-two size, a free slot and each entry once; key and posting starts are in
  /// order (keys not empty) and end at their arrays' ends; every key belongs to `bucket`.
  ///
  /// - Throws: `SnapshotInconsistency` naming the first problem.
  func validate(bucket: Int) throws(SnapshotInconsistency) {
    let entries = hashes.count
    guard slots.count >= 2, slots.count & (slots.count - 1) == 0, slots.count > entries,
      keyStarts.count == entries + 1, postingStarts.count == entries + 1,
      keyStarts.first == 0, postingStarts.first == 0,
      Int(keyStarts.last!) == keyBytes.count, Int(postingStarts.last!) == postings.count,
      zip(keyStarts, keyStarts.dropFirst()).allSatisfy({ $0 < $1 }),
      zip(postingStarts, postingStarts.dropFirst()).allSatisfy({ $0 <= $1 })
    else { throw SnapshotInconsistency(reason: "bucket \(bucket)'s table is malformed") }
    guard slots.allSatisfy({ Int($0) <= entries }) else {
      throw SnapshotInconsistency(reason: "bucket \(bucket)'s slot table names an entry it does not have")
    }
    // A lookup probes until it finds its key or a free slot: without one it never ends.
    guard slots.contains(0) else {
      throw SnapshotInconsistency(reason: "bucket \(bucket)'s slot table has no free slot")
    }
    var isSeen = [Bool](repeating: false, count: entries)
    var seen = 0
    for value in slots where value != 0 {
      guard !isSeen[Int(value) - 1] else {
        throw SnapshotInconsistency(reason: "bucket \(bucket)'s slot table holds entry \(value - 1) twice")
      }
      isSeen[Int(value) - 1] = true
      seen += 1
    }
    guard seen == entries else {
      throw SnapshotInconsistency(reason: "bucket \(bucket)'s slot table lacks \(entries - seen) entries")
    }
    for entry in 0..<entries where KeyBucket.of(firstByte: keyBytes[Int(keyStarts[entry])]) != bucket {
      throw SnapshotInconsistency(reason: "bucket \(bucket) holds a key of another bucket")
    }
  }
}

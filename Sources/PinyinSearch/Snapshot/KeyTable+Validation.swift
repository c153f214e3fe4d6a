extension KeyTable {
  /// Checks that a lookup in the table can index its slot table (a power of two of at least
  /// two slots), that its offsets fit in 32 bits, and that its key and posting counts are
  /// within its bytes.
  ///
  /// - Throws: `SnapshotInconsistency` naming the problem.
  func validate(bucket: Int) throws(SnapshotInconsistency) {
    guard slots.count >= 2, slots.count & (slots.count - 1) == 0 else {
      throw SnapshotInconsistency(reason: "bucket \(bucket)'s slot table has \(slots.count) slots")
    }
    guard bytes.count < Int(UInt32.max) else {
      throw SnapshotInconsistency(reason: "bucket \(bucket) holds \(bytes.count) bytes")
    }
    // A key takes three bytes or more, a posting one or more: counts within the bytes add up
    // without overflow in the statistics.
    guard keyCount <= bytes.count, postingCount <= bytes.count else {
      throw SnapshotInconsistency(
        reason: "bucket \(bucket) counts \(keyCount) keys and \(postingCount) postings in \(bytes.count) bytes")
    }
  }
}

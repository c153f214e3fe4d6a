extension KeyTable {
  /// Checks that a lookup in the table can index its slot table: a power of two of at least
  /// two slots, each naming an offset inside the bytes.
  ///
  /// - Throws: `SnapshotInconsistency` naming the problem.
  func validate(bucket: Int) throws(SnapshotInconsistency) {
    guard slots.count >= 2, slots.count & (slots.count - 1) == 0 else {
      throw SnapshotInconsistency(reason: "bucket \(bucket)'s slot table has \(slots.count) slots")
    }
    guard bytes.count < Int(UInt32.max) else {
      throw SnapshotInconsistency(reason: "bucket \(bucket) holds \(bytes.count) bytes")
    }
  }
}

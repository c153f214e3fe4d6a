extension PreparedTextView {
  /// Calls `body` with the position and bytes of each unit that every match of this query text
  /// holds, unit for unit, in its record: one that is not Han, not white space or an
  /// apostrophe, and has a byte beyond ASCII.
  ///
  /// A literal match compares units; the pinyin kinds type a unit other than Han whole and a
  /// Han one as itself or by spellings, codes and keypad digits, which are ASCII and cannot
  /// spell it (Docs/Semantics.md). So the records holding such a unit hold every match of every
  /// kind: the in-memory index matches a query that nothing else narrows among them
  /// (`IndexedStore.collectAmongHolders`), and the sorted-set index reads their set.
  ///
  ///     // "a👨‍👩‍👧": body(1, the family's 18 bytes); "a" is ASCII, and so typed by spellings too.
  ///
  /// - Complexity: O(n) for the n bytes of the text.
  func forEachUnitEveryMatchHolds(_ body: (_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void) {
    var start = 0
    for (position, unit) in units.enumerated() {
      let end = Int(unit.end)
      defer { start = end }
      let unitBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
      guard !unit.isHan, !unit.isTransparent, unitBytes.contains(where: { $0 >= 0x80 }) else { continue }
      body(position, unitBytes)
    }
  }
}

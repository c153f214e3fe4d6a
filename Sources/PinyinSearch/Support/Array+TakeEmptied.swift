extension Array {
  /// Moves this array's storage out, emptied but with its capacity, leaving an empty array.
  ///
  /// The caller then holds the storage's only reference (when nothing else did), so that
  /// appending to the result allocates nothing while it has room: how a search reuses the
  /// arrays of the one before it (`SearchScratch`).
  ///
  ///     var kept: [Int] = [1, 2, 3]
  ///     var reused = kept.takeEmptied()  // [], capacity ≥ 3; kept is []
  mutating func takeEmptied() -> [Element] {
    var taken: [Element] = []
    swap(&taken, &self)
    taken.removeAll(keepingCapacity: true)
    return taken
  }
}

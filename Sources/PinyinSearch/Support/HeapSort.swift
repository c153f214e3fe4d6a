extension MutableCollection where Self: RandomAccessCollection, Element: Comparable {
  /// Sorts the elements in increasing order, in place and without allocating: the standard
  /// library's `sort()` is a merge sort that allocates a buffer for all but short collections,
  /// which a search's list of candidates must not.
  ///
  ///     var slots = [5, 1, 4, 1]
  ///     slots.heapSort()  // [1, 1, 4, 5]
  ///
  /// - Complexity: O(n log n) comparisons and swaps for n elements, whatever their order; not stable.
  mutating func heapSort() {
    let count = self.count
    guard count > 1 else { return }
    // Turn the elements into a max-heap, then move its root behind the shrinking heap.
    for parent in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(parent, end: count) }
    for end in stride(from: count - 1, to: 0, by: -1) {
      swapAt(startIndex, index(startIndex, offsetBy: end))
      siftDown(0, end: end)
    }
  }

  /// Restores the max-heap order below offset `parent` among the first `end` elements.
  private mutating func siftDown(_ parent: Int, end: Int) {
    var parent = parent
    while true {
      let left = 2 * parent + 1
      guard left < end else { return }
      var largest = left
      if left + 1 < end && self[index(startIndex, offsetBy: left)] < self[index(startIndex, offsetBy: left + 1)] {
        largest = left + 1
      }
      let parentIndex = index(startIndex, offsetBy: parent)
      let largestIndex = index(startIndex, offsetBy: largest)
      guard self[parentIndex] < self[largestIndex] else { return }
      swapAt(parentIndex, largestIndex)
      parent = largest
    }
  }
}

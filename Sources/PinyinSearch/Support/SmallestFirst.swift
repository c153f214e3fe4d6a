/// The elements of an array handed out smallest first, in place and without allocating: a
/// min-heap over the array's storage, for a caller that may stop after the first few of many —
/// building it costs O(n), each element taken O(log n), where sorting all would cost O(n log n).
///
///     var heap = SmallestFirst([5, 1, 4, 1])
///     while let next = heap.popSmallest() { print(next) }  // 1, 1, 4, 5
struct SmallestFirst<Element: Comparable> {
  /// The heap's elements in the first `count` places; the ones taken behind them, largest first.
  private(set) var elements: [Element]
  /// The number of elements not taken yet.
  private(set) var count: Int

  /// A heap of `elements`.
  init(_ elements: [Element]) {
    self.elements = elements
    count = elements.count
    guard count > 1 else { return }
    for parent in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(parent) }
  }

  /// Takes the smallest element not taken yet, or nil when every one has been.
  mutating func popSmallest() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    elements.swapAt(0, count)
    siftDown(0)
    return elements[count]
  }

  /// Restores the min-heap order below `parent` among the first `count` elements.
  private mutating func siftDown(_ parent: Int) {
    let count = count
    elements.withUnsafeMutableBufferPointer { elements in
      var parent = parent
      while true {
        let left = 2 * parent + 1
        guard left < count else { return }
        var smallest = left
        if left + 1 < count && elements[left + 1] < elements[left] { smallest = left + 1 }
        guard elements[smallest] < elements[parent] else { return }
        elements.swapAt(parent, smallest)
        parent = smallest
      }
    }
  }
}

/// The best `capacity` matches seen so far.
///
/// Matches offered best first — as an index's postings are read off the front — are kept in a
/// plain array in that order, with no heap work and no sort at the end. The first match offered
/// out of order turns the array into a binary max-heap whose root is the worst kept; from then
/// on keeping the first `offset + limit` results of n matches costs O(n log k) comparisons and
/// O(k) memory, instead of sorting all n.
struct TopMatches {
  private(set) var capacity: Int
  /// The kept matches: best first while `isInOrder`, else a max-heap with the worst at the root.
  private var heap: [RankedMatch] = []
  /// Whether every match kept so far came after the ones before it, so that `heap` is sorted.
  private var isInOrder = true
  private let order: IDOrder

  /// A collector of the best `capacity` matches of records whose ids `order` compares, kept in
  /// `storage` (emptied; its capacity is reused).
  init(capacity: Int, order: IDOrder, storage: [RankedMatch] = []) {
    self.capacity = max(capacity, 0)
    self.order = order
    heap = storage
    heap.removeAll(keepingCapacity: true)
    heap.reserveCapacity(min(self.capacity, 1024))
  }

  /// Whether `capacity` matches are kept: a further one must beat the worst of them.
  var isFull: Bool { heap.count >= capacity }

  /// The worst match kept.
  private var worst: RankedMatch? { isInOrder ? heap.last : heap.first }

  /// Whether a match of `kind` (fuzzy with `isFuzzy`) can no longer be kept: every kept one is
  /// of a better kind, or of the same kind exact where it would be fuzzy, and no room is left.
  func excludes(_ kind: MatchKind, isFuzzy: Bool = false) -> Bool {
    guard isFull else { return false }
    guard let worst else { return true }
    return worst.match.kind < kind || (isFuzzy && worst.match.kind == kind && !worst.match.isFuzzy)
  }

  /// Whether every match that `bound` precedes or equals would be turned away: `capacity`
  /// matches are kept and the worst of them comes before `bound`.
  @inline(__always)
  func turnsAway(atLeast bound: RankedMatch) -> Bool {
    guard capacity > 0, isFull, let worst else { return capacity <= 0 }
    return worst.precedes(bound, order: order)
  }

  /// Whether a match of the record in `slot` of store `source` is kept.
  func holds(slot: Int, source: Int) -> Bool {
    heap.contains { $0.slot == slot && $0.source == source }
  }

  /// Offers `candidate`; it is kept when it is among the best `capacity` seen.
  mutating func insert(_ candidate: RankedMatch) {
    guard capacity > 0 else { return }
    if isInOrder {
      guard let last = heap.last, candidate.precedes(last, order: order) else {
        // No better than the worst kept: it goes last, or nowhere when no room is left.
        if heap.count < capacity { heap.append(candidate) }
        return
      }
      makeHeap()
    }
    if heap.count < capacity {
      heap.append(candidate)
      siftUp(heap.count - 1)
    } else if candidate.precedes(heap[0], order: order) {
      heap[0] = candidate
      siftDown(0)
    }
  }

  /// The kept matches, best first.
  ///
  /// In order already, or a heapsort of the heap in place (consuming it, so that no copy is
  /// made): the worst is moved to the end, and the heap restored over the rest.
  consuming func sorted() -> [RankedMatch] {
    if isInOrder { return heap }
    var end = heap.count
    while end > 1 {
      end -= 1
      heap.swapAt(0, end)
      siftDown(0, end: end)
    }
    return heap
  }

  /// Turns the kept matches, best first, into a heap with the worst at the root: reversed,
  /// they are in heap order already (each parent no better than its children).
  private mutating func makeHeap() {
    heap.reverse()
    isInOrder = false
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[parent].precedes(heap[child], order: order) else { return }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  /// Restores the heap order below `index` among the first `end` matches.
  private mutating func siftDown(_ index: Int, end: Int? = nil) {
    let end = end ?? heap.count
    var parent = index
    while true {
      var worst = parent
      let left = 2 * parent + 1
      if left < end && heap[worst].precedes(heap[left], order: order) { worst = left }
      if left + 1 < end && heap[worst].precedes(heap[left + 1], order: order) { worst = left + 1 }
      guard worst != parent else { return }
      heap.swapAt(parent, worst)
      parent = worst
    }
  }
}

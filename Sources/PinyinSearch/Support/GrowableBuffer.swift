/// A growable array of plain values in raw memory, for an index build's hot loops: appending
/// and writing cost no copy-on-write check, as an `Array`'s do. Not copyable, so that the
/// memory has one owner, which frees it.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
  /// The memory; its first `count` elements are initialized.
  private(set) var storage: UnsafeMutableBufferPointer<Element>
  /// The number of elements.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` elements.
  init(capacity: Int = 16) {
    storage = .allocate(capacity: max(capacity, 1))
  }

  deinit { storage.deallocate() }

  /// The element at `index`, which must be below `count`.
  @inline(__always)
  subscript(index: Int) -> Element {
    get { storage[index] }
    nonmutating set { storage[index] = newValue }
  }

  /// The initialized elements.
  var elements: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(rebasing: storage[..<count]) }

  /// Appends `element`.
  @inline(__always)
  mutating func append(_ element: Element) {
    if count == storage.count { grow(toHold: count + 1) }
    storage[count] = element
    count += 1
  }

  /// Appends `elements`.
  @inline(__always)
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    if count + elements.count > storage.count { grow(toHold: count + elements.count) }
    if let source = elements.baseAddress {
      (storage.baseAddress! + count).initialize(from: source, count: elements.count)
    }
    count += elements.count
  }

  /// Forgets the elements, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// A copy of the elements as an array.
  var array: [Element] { Array(elements) }

  private mutating func grow(toHold minimum: Int) {
    var capacity = storage.count * 2
    while capacity < minimum { capacity *= 2 }
    let new = UnsafeMutableBufferPointer<Element>.allocate(capacity: capacity)
    if count > 0 { _ = new.initialize(from: storage[..<count]) }
    storage.deallocate()
    storage = new
  }
}

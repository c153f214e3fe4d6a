/// Contiguous plain values that an engine keeps: either memory of its own, or a section of a
/// memory-mapped snapshot (`MappedBytes`), read in place so that opening a snapshot copies
/// nothing and processes that open the same file share its pages.
///
/// Reading goes straight to the elements through a pointer, with no reference counting and no
/// case to tell apart. Copies share the elements until one of them is changed (copy on write);
/// a mapped section is never written: the first change copies it into memory of its own.
struct FlatArray<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  @unchecked Sendable
{
  // Sendable: elements are written only through a uniquely referenced `Storage`, and mapped
  // memory is never written (`MappedBytes`).

  /// Memory of a flat array's own, freed with it.
  private final class Storage {
    let elements: UnsafeMutablePointer<Element>
    let capacity: Int

    init(capacity: Int) {
      self.capacity = Swift.max(capacity, 1)
      elements = .allocate(capacity: self.capacity)
    }

    deinit { elements.deallocate() }
  }

  /// The memory of the array's own, when it is not mapped. (Kept apart from `file` rather than
  /// as one `AnyObject`: in the Swift 6 language mode, `isKnownUniquelyReferenced` of an
  /// `AnyObject` property answered false for a sole reference, and every change copied.)
  private var storage: Storage?
  /// The mapped file the elements lie in, when they are mapped.
  private var file: MappedBytes?
  /// The first element.
  private var base: UnsafeMutablePointer<Element>
  /// The number of elements.
  private(set) var count: Int
  /// The room of the memory of its own, or 0 when the elements are mapped.
  private var capacity: Int

  private init(storage: Storage, count: Int) {
    self.storage = storage
    file = nil
    base = storage.elements
    self.count = count
    capacity = storage.capacity
  }

  private init(file: MappedBytes, base: UnsafeMutablePointer<Element>, count: Int) {
    storage = nil
    self.file = file
    self.base = base
    self.count = count
    capacity = 0
  }

  /// An empty array.
  init() {
    self.init(storage: Storage(capacity: 1), count: 0)
  }

  /// The elements of `array`.
  init(_ array: [Element]) {
    let storage = Storage(capacity: array.count)
    array.withUnsafeBufferPointer { source in
      if let start = source.baseAddress { storage.elements.initialize(from: start, count: source.count) }
    }
    self.init(storage: storage, count: array.count)
  }

  /// `count` elements at byte `offset` of `file`, which must be aligned for `Element`.
  init(in file: MappedBytes, offset: Int, count: Int) {
    precondition(
      offset >= 0 && count >= 0 && offset + count * MemoryLayout<Element>.stride <= file.bytes.count, "inside the file")
    guard count > 0, let start = file.bytes.baseAddress else {
      self.init()
      return
    }
    let elements = start + offset
    precondition(Int(bitPattern: elements) % MemoryLayout<Element>.alignment == 0, "aligned for the element")
    self.init(
      file: file, base: UnsafeMutablePointer(mutating: elements.assumingMemoryBound(to: Element.self)), count: count)
  }

  /// Whether there are no elements.
  var isEmpty: Bool { count == 0 }

  /// The position of the first element: 0.
  var startIndex: Int { 0 }

  /// The position after the last element: `count`.
  var endIndex: Int { count }

  /// Whether the elements are read in place from a mapped file.
  var isMapped: Bool { file != nil }

  /// The element at `index`, which must be below `count`.
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index in range")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "index in range")
      makeUnique(minimumCapacity: count)
      base[index] = newValue
    }
  }

  /// Calls `body` with the elements, contiguous.
  func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<Element>) throws -> Result
  ) rethrows -> Result? {
    try withExtendedLifetime((storage, file)) { try body(UnsafeBufferPointer(start: base, count: count)) }
  }

  /// Calls `body` with the elements.
  @inline(__always)
  func withUnsafeBufferPointer<Result, Failure>(
    _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withExtendedLifetime((storage, file)) { () throws(Failure) -> Result in
      try body(UnsafeBufferPointer(start: base, count: count))
    }
  }

  /// The elements' memory, valid while this array, or a copy of it, lives unchanged: for a view
  /// over several arrays that its owner keeps alive (`withExtendedLifetime`), where nested
  /// `withUnsafeBufferPointer` calls would not do.
  var unsafeElements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// The elements as an array.
  var array: [Element] { withUnsafeBufferPointer { Array($0) } }

  /// Makes the elements this array's own, with room for `minimumCapacity`.
  private mutating func makeUnique(minimumCapacity: Int) {
    // Owned (capacity above 0), by this array alone, with room: write in place.
    if capacity >= minimumCapacity && isKnownUniquelyReferenced(&storage) { return }
    var newCapacity = Swift.max(minimumCapacity, 4)
    if minimumCapacity > capacity { newCapacity = Swift.max(newCapacity, capacity * 2) }
    let storage = Storage(capacity: newCapacity)
    storage.elements.initialize(from: base, count: count)
    self.storage = storage
    file = nil
    base = storage.elements
    capacity = storage.capacity
  }

  /// Calls `body` with the elements to change in place.
  mutating func withUnsafeMutableBufferPointer<Result>(_ body: (UnsafeMutableBufferPointer<Element>) -> Result)
    -> Result
  {
    makeUnique(minimumCapacity: count)
    return withExtendedLifetime((storage, file)) { body(UnsafeMutableBufferPointer(start: base, count: count)) }
  }

  /// Makes room for `minimumCapacity` elements.
  mutating func reserveCapacity(_ minimumCapacity: Int) {
    makeUnique(minimumCapacity: minimumCapacity)
  }

  /// Appends `element`.
  mutating func append(_ element: Element) {
    makeUnique(minimumCapacity: count + 1)
    (base + count).initialize(to: element)
    count += 1
  }

  /// Appends `elements`.
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    makeUnique(minimumCapacity: count + elements.count)
    (base + count).initialize(from: source, count: elements.count)
    count += elements.count
  }

  /// Appends `elements`.
  mutating func append<Elements: Sequence<Element>>(contentsOf elements: Elements) {
    let done: Void? = elements.withContiguousStorageIfAvailable { append(contentsOf: $0) }
    if done == nil {
      for element in elements { append(element) }
    }
  }

  /// Replaces the elements of `range` with `elements`.
  mutating func replaceSubrange<Elements: Collection<Element>>(_ range: Range<Int>, with elements: Elements) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range in bounds")
    if range.upperBound == count && elements.isEmpty {
      makeUnique(minimumCapacity: count)
      count = range.lowerBound
      return
    }
    var array = self.array
    array.replaceSubrange(range, with: elements)
    self = FlatArray(array)
  }
}

/// Contiguous plain values that an engine keeps: either an array of its own, or a section of a
/// memory-mapped snapshot (`MappedBytes`), read in place so that opening a snapshot copies
/// nothing and processes that open the same file share its pages.
///
/// A mapped section is never written: the first change copies it into an array of its own.
/// Readers take the elements as a buffer (`withUnsafeBufferPointer`) once per operation, not
/// element by element in hot loops.
struct FlatArray<Element: BitwiseCopyable>: @unchecked Sendable {
  // Sendable: an array is, and mapped memory is never written (`MappedBytes`).
  private enum Storage {
    case owned([Element])
    case mapped(UnsafeBufferPointer<Element>, MappedBytes)
  }

  private var storage: Storage

  /// The elements of `array`.
  init(_ array: [Element] = []) {
    storage = .owned(array)
  }

  /// `count` elements at byte `offset` of `file`, which must be aligned for `Element`.
  init(in file: MappedBytes, offset: Int, count: Int) {
    precondition(offset >= 0 && offset + count * MemoryLayout<Element>.stride <= file.bytes.count, "inside the file")
    let start = file.bytes.baseAddress.map { $0 + offset }
    precondition(
      count == 0 || Int(bitPattern: start) % MemoryLayout<Element>.alignment == 0, "aligned for the element")
    let elements = start.map { $0.assumingMemoryBound(to: Element.self) }
    storage = .mapped(UnsafeBufferPointer(start: count == 0 ? nil : elements, count: count), file)
  }

  /// The number of elements.
  var count: Int {
    switch storage {
    case .owned(let array): array.count
    case .mapped(let elements, _): elements.count
    }
  }

  /// Whether there are no elements.
  var isEmpty: Bool { count == 0 }

  /// Whether the elements are read in place from a mapped file.
  var isMapped: Bool {
    if case .mapped = storage { return true }
    return false
  }

  /// The element at `index`.
  @inline(__always)
  subscript(index: Int) -> Element {
    switch storage {
    case .owned(let array): array[index]
    case .mapped(let elements, _): elements[index]
    }
  }

  /// Calls `body` with the elements.
  @inline(__always)
  func withUnsafeBufferPointer<Result, Failure>(
    _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch storage {
    case .owned(let array):
      // `Array.withUnsafeBufferPointer` rethrows untyped errors: carry the typed one across.
      let result: Swift.Result<Result, Failure> = array.withUnsafeBufferPointer { elements in
        do throws(Failure) { return .success(try body(elements)) } catch { return .failure(error) }
      }
      return try result.get()
    case .mapped(let elements, _):
      return try body(elements)
    }
  }

  /// The elements as an array of their own (a copy, when mapped).
  var array: [Element] {
    switch storage {
    case .owned(let array): array
    case .mapped(let elements, _): Array(elements)
    }
  }

  /// Calls `body` with the elements as an array to change, copying a mapped section first.
  @inline(__always)
  mutating func withArray<Result>(_ body: (inout [Element]) -> Result) -> Result {
    var array: [Element]
    switch storage {
    case .owned(let owned): array = owned
    case .mapped(let elements, _): array = Array(elements)
    }
    storage = .owned([])  // so that `array` is the only reference: changed in place
    defer { storage = .owned(array) }
    return body(&array)
  }

  /// Sets the element at `index`.
  mutating func set(_ element: Element, at index: Int) {
    withArray { $0[index] = element }
  }

  /// Appends `element`.
  mutating func append(_ element: Element) {
    withArray { $0.append(element) }
  }

  /// Appends `elements`.
  mutating func append(contentsOf elements: some Sequence<Element>) {
    withArray { $0.append(contentsOf: elements) }
  }
}

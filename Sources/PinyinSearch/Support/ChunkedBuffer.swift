/// An append-only list of plain values in chunks of raw memory that never move, read back in
/// order, chunk by chunk: for an index build's pairs, the largest thing it holds.
///
/// A `GrowableBuffer` doubles: while it grows, the old and the new memory are both held (three
/// times what it holds), and after, up to half of it is unused. Here the chunks double up to
/// `maxChunkCapacity` elements, then stay that size, so at most one chunk's room is unused and
/// nothing is copied. Not copyable, so that the memory has one owner, which frees it.
struct ChunkedBuffer<Element: BitwiseCopyable>: ~Copyable {
  /// The most elements of a chunk (64 Ki): 256 KiB of `UInt32`s.
  static var maxChunkCapacity: Int { 1 << 16 }
  /// The elements of the first chunk.
  private static var firstChunkCapacity: Int { 1 << 8 }

  /// The chunks, each full but the last.
  private var chunks: [UnsafeMutableBufferPointer<Element>] = []
  /// The last chunk (empty before the first append), where elements are appended.
  private var last = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
  /// The number of elements in the last chunk.
  private var countInLast = 0
  /// The number of elements.
  private(set) var count = 0

  /// An empty buffer, which holds no memory until the first append.
  init() {}

  deinit { for chunk in chunks { chunk.deallocate() } }

  /// The bytes held, used or not.
  var capacityInBytes: Int { chunks.reduce(0) { $0 + $1.count } * MemoryLayout<Element>.stride }

  /// Appends `element`.
  @inline(__always)
  mutating func append(_ element: Element) {
    if countInLast == last.count { addChunk() }
    last[countInLast] = element
    countInLast += 1
    count += 1
  }

  /// The number of chunks.
  var chunkCount: Int { chunks.count }

  /// The elements of chunk `index`, in order. Two buffers appended to in step have the same
  /// chunks: chunk `index` of each holds the same elements' positions.
  func chunk(at index: Int) -> UnsafeBufferPointer<Element> {
    let chunk = UnsafeBufferPointer(chunks[index])
    return index == chunks.count - 1 ? UnsafeBufferPointer(rebasing: chunk[..<countInLast]) : chunk
  }

  /// Forgets the elements and frees their memory.
  mutating func removeAll() {
    for chunk in chunks { chunk.deallocate() }
    chunks = []
    last = UnsafeMutableBufferPointer(start: nil, count: 0)
    countInLast = 0
    count = 0
  }

  private mutating func addChunk() {
    let capacity = chunks.isEmpty ? Self.firstChunkCapacity : min(last.count * 2, Self.maxChunkCapacity)
    last = .allocate(capacity: capacity)
    chunks.append(last)
    countInLast = 0
  }
}

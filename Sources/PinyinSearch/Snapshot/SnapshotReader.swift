/// Reads a snapshot's fields and arrays, checking every length against the bytes there are.
struct SnapshotReader {
  let bytes: UnsafeRawBufferPointer
  let path: String
  private(set) var offset: Int

  init(_ bytes: UnsafeRawBufferPointer, path: String, offset: Int = 0) {
    self.bytes = bytes
    self.path = path
    self.offset = offset
  }

  mutating func read<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self, _ what: String)
    throws(SnapshotError)
    -> Integer
  {
    let size = MemoryLayout<Integer>.size
    guard bytes.count - offset >= size else { throw .corrupt(path: path, reason: "\(what) lies past the end") }
    let value = Integer(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Integer.self))
    offset += size
    return value
  }

  /// Reads a section of integers.
  mutating func section<Integer: FixedWidthInteger>(_ type: Integer.Type, _ what: String) throws(SnapshotError)
    -> [Integer]
  {
    let (count, start) = try sectionBounds(elementSize: MemoryLayout<Integer>.size, what)
    let size = MemoryLayout<Integer>.size
    return [Integer](unsafeUninitializedCapacity: count) { buffer, initialized in
      #if _endian(little)
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count * size)]))
      #else
        for index in 0..<count {
          buffer[index] = Integer(
            littleEndian: bytes.loadUnaligned(fromByteOffset: start + index * size, as: Integer.self))
        }
      #endif
      initialized = count
    }
  }

  /// Reads a section of `size`-byte elements with `element`, given each element's offset.
  mutating func section<Element>(size: Int, _ what: String, _ element: (Int) -> Element) throws(SnapshotError)
    -> [Element]
  {
    let (count, start) = try sectionBounds(elementSize: size, what)
    return (0..<count).map { element(start + $0 * size) }
  }

  private mutating func sectionBounds(elementSize: Int, _ what: String) throws(SnapshotError) -> (Int, Int) {
    let declared = try read(UInt64.self, "the length of \(what)")
    let available = (bytes.count - offset) / elementSize
    guard declared <= UInt64(available) else {
      throw .corrupt(path: path, reason: "\(what) holds \(declared) elements, more than the file")
    }
    let count = Int(declared)
    let start = offset
    let end = offset + count * elementSize
    offset = min(bytes.count, (end + 7) & ~7)
    for index in end..<offset where bytes[index] != 0 {
      throw .corrupt(path: path, reason: "the padding after \(what) is not zero")
    }
    return (count, start)
  }
}

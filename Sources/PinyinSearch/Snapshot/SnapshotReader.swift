/// Reads a snapshot's fields and arrays, checking every length against the bytes there are.
struct SnapshotReader {
  /// The snapshot's bytes.
  let file: MappedBytes
  /// The file's name, for errors.
  let path: String
  /// Where the next read starts.
  private(set) var offset: Int

  /// A reader of `file` from `offset`.
  init(_ file: MappedBytes, path: String, offset: Int = 0) {
    self.file = file
    self.path = path
    self.offset = offset
  }

  /// The little-endian integer at the current offset; `what` names it in errors.
  mutating func read<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self, _ what: String)
    throws(SnapshotError)
    -> Integer
  {
    let size = MemoryLayout<Integer>.size
    guard file.bytes.count - offset >= size else { throw .corrupt(path: path, reason: "\(what) lies past the end") }
    let value = Integer(littleEndian: file.bytes.loadUnaligned(fromByteOffset: offset, as: Integer.self))
    offset += size
    return value
  }

  /// The next section: a little-endian count, then that many elements of `type` as they lie in
  /// memory (every platform this library builds for is little-endian), then zeros up to a
  /// multiple of eight bytes; read in place. `what` names it in errors.
  mutating func section<Element: BitwiseCopyable>(_ type: Element.Type, _ what: String) throws(SnapshotError)
    -> FlatArray<Element>
  {
    let size = MemoryLayout<Element>.stride
    let declared = try read(UInt64.self, "the length of \(what)")
    let available = (file.bytes.count - offset) / size
    guard declared <= UInt64(available) else {
      throw .corrupt(path: path, reason: "\(what) holds \(declared) elements, more than the file")
    }
    let count = Int(declared)
    let start = offset
    let end = offset + count * size
    offset = min(file.bytes.count, (end + 7) & ~7)
    for index in end..<offset where file.bytes[index] != 0 {
      throw .corrupt(path: path, reason: "the padding after \(what) is not zero")
    }
    return FlatArray(in: file, offset: start, count: count)
  }
}

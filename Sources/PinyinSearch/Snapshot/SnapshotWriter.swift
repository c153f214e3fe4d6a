/// Little-endian encoding of a snapshot's header fields and arrays.
struct SnapshotWriter {
  private(set) var bytes: [UInt8] = []

  mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends a section: its element count, then its elements, padded to 8 bytes.
  mutating func appendSection<Integer: FixedWidthInteger>(_ values: [Integer]) {
    append(UInt64(values.count))
    #if _endian(little)
      values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    #else
      for value in values { append(value) }
    #endif
    padToEight()
  }

  /// Appends a section of `count` elements of `size` bytes each, written by `element`.
  mutating func appendSection(count: Int, size: Int, _ element: (Int, inout SnapshotWriter) -> Void) {
    append(UInt64(count))
    let start = bytes.count
    bytes.reserveCapacity(start + count * size + 8)
    for index in 0..<count { element(index, &self) }
    precondition(bytes.count == start + count * size, "a snapshot element has its declared size")
    padToEight()
  }

  mutating func overwrite<Integer: FixedWidthInteger>(_ value: Integer, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
    }
  }

  private mutating func padToEight() {
    while bytes.count % 8 != 0 { bytes.append(0) }
  }
}

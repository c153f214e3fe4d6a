/// Little-endian encoding of a snapshot's header fields and arrays.
struct SnapshotWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  /// Appends `value`, little-endian.
  mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends a section of `values`: their count, the values as they lie in memory (which has
  /// no padding for these types: integers and `RecordStore.Slot`), zeros up to eight bytes.
  mutating func appendSection<Element: BitwiseCopyable>(_ values: FlatArray<Element>) {
    append(UInt64(values.count))
    values.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeRawBufferPointer($0)) }
    padToEight()
  }

  /// Appends a section of units, each written field by field with a zero for its padding byte,
  /// so that equal stores give equal files.
  mutating func appendSection(_ units: FlatArray<PreparedUnit>) {
    append(UInt64(units.count))
    units.withUnsafeBufferPointer { units in
      bytes.reserveCapacity(bytes.count + units.count * 8 + 8)
      for unit in units {
        append(unit.end)
        append(unit.readingSet)
        append(unit.flags.rawValue)
        append(UInt8(0))
      }
    }
    padToEight()
  }

  /// Writes `value`, little-endian, over the bytes at `offset`.
  mutating func overwrite<Integer: FixedWidthInteger>(_ value: Integer, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
    }
  }

  /// Appends zeros up to a multiple of eight bytes.
  private mutating func padToEight() {
    while bytes.count % 8 != 0 { bytes.append(0) }
  }
}

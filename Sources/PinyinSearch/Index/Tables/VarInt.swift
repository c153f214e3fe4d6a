/// Unsigned LEB128, the index's compact integers: seven bits a byte, low bits first, the high
/// bit set on every byte but the last (300 is `AC 02`). Small numbers, which most place gaps
/// and counts are, take one byte.
enum VarInt {
  /// The most bytes a value below 2³² takes.
  static let maxByteCount = 5

  /// Appends `value` to `bytes`.
  @inline(__always)
  static func append(_ value: UInt32, to bytes: inout some RangeReplaceableCollection<UInt8>) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// The number of bytes `value` takes.
  @inline(__always)
  static func byteCount(of value: UInt32) -> Int {
    max(1, (32 - value.leadingZeroBitCount + 6) / 7)
  }

  /// The value at `position` in `bytes`, advancing `position` past it; nil when the bytes end
  /// first or it runs over five bytes (then `position` is left anywhere). Every read is
  /// bounds-checked: a damaged snapshot cannot make it read outside `bytes`.
  @inline(__always)
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt32? {
    guard position < bytes.count else { return nil }
    let first = bytes[position]
    position += 1
    if first < 0x80 { return UInt32(first) }
    var value = UInt32(first & 0x7F)
    var shift: UInt32 = 7
    while position < bytes.count && shift < 35 {
      let byte = bytes[position]
      position += 1
      value |= UInt32(truncatingIfNeeded: byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }
}

/// Comparing folded text as `SearchOptions.traditional` does: every scalar mapped through
/// `SimplifiedFolding` first (劉 and 刘 are equal), over UTF-8 bytes, without a `String`.
///
/// The query is folded once (`foldedToSimplified(_:)`), a record's units as they are compared
/// (`simplifiedEquals(_:_:)`), so that records are stored as they are written and the same store
/// serves every option.
extension SimplifiedFolding {
  /// Whether `bytes`, a unit's folded UTF-8 bytes, equal `simplified` once each of their
  /// scalars is mapped to its simplified form; `simplified` must be mapped already.
  ///
  /// - Complexity: O(`bytes.count`).
  @inline(__always)
  func simplifiedEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ simplified: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    var compared = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        guard compared < simplified.count, simplified[compared] == lead else { return false }
        index &+= 1
        compared &+= 1
        continue
      }
      let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
      var encoded = UTF8Encoding(folded(scalar))
      guard compared + encoded.count <= simplified.count else { return false }
      for offset in 0..<encoded.count {
        guard simplified[compared + offset] == encoded.next() else { return false }
      }
      compared &+= encoded.count
      index &+= length
    }
    return compared == simplified.count
  }

  /// Whether a scalar of `bytes` (UTF-8) has a traditional or simplified twin.
  func hasVariants(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
      if length > 1 && hasVariants(scalar) { return true }
      index += length
    }
    return false
  }

  /// Appends `bytes` (folded UTF-8 text) to `output` with each scalar mapped to its simplified
  /// form.
  ///
  /// - Complexity: O(`bytes.count`), without allocating beyond `output`'s growth.
  func appendSimplified(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var index = 0
    while index < bytes.count {
      let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
      var encoded = UTF8Encoding(length == 1 ? scalar : folded(scalar))
      for _ in 0..<encoded.count { output.append(encoded.next()) }
      index += length
    }
  }
}

/// The UTF-8 bytes of one scalar, one at a time, without an array.
struct UTF8Encoding {
  /// The number of bytes.
  let count: Int
  private var bytes: UInt32
  private var index = 0

  /// The encoding of `scalar` (a valid scalar value).
  @inline(__always)
  init(_ scalar: UInt32) {
    switch scalar {
    case ..<0x80:
      count = 1
      bytes = scalar
    case ..<0x800:
      count = 2
      bytes = (0xC0 | scalar >> 6) | (0x80 | scalar & 0x3F) << 8
    case ..<0x10000:
      count = 3
      bytes = (0xE0 | scalar >> 12) | (0x80 | scalar >> 6 & 0x3F) << 8 | (0x80 | scalar & 0x3F) << 16
    default:
      count = 4
      bytes =
        (0xF0 | scalar >> 18) | (0x80 | scalar >> 12 & 0x3F) << 8 | (0x80 | scalar >> 6 & 0x3F) << 16
        | (0x80 | scalar & 0x3F) << 24
    }
  }

  /// The next byte; call it `count` times.
  @inline(__always)
  mutating func next() -> UInt8 {
    let byte = UInt8(truncatingIfNeeded: bytes >> UInt32(8 * index))
    index &+= 1
    return byte
  }
}

extension PreparedText {
  /// This text with every scalar of every unit mapped to its simplified form: the same units
  /// (reading sets and classes of the text as written), their bytes and ends those of the
  /// mapped scalars.
  func foldedToSimplified(_ folding: SimplifiedFolding) -> PreparedText {
    var folded = PreparedText("")
    folded.bytes.reserveCapacity(bytes.count)
    folded.units.reserveCapacity(units.count)
    var start = 0
    bytes.withUnsafeBufferPointer { bytes in
      for unit in units {
        folding.appendSimplified(UnsafeBufferPointer(rebasing: bytes[start..<Int(unit.end)]), to: &folded.bytes)
        folded.units.append(
          PreparedUnit(end: UInt32(folded.bytes.count), readingSet: unit.readingSet, flags: unit.flags))
        start = Int(unit.end)
      }
    }
    return folded
  }
}

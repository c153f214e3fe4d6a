/// Whether bytes are well-formed UTF-8, and the string they encode if they are: what
/// `String(validating:as:)` does, which needs iOS 18 and macOS 15 while the package runs from
/// iOS 16 and macOS 13 (README, "Platforms"). `String(decoding:as:)`, available everywhere,
/// decodes once the bytes are known to be valid (it would otherwise replace what is not).
///
///     String(validUTF8: [0xE5, 0x88, 0x98])  // "刘"
///     String(validUTF8: [0xC0, 0xAF])        // nil: "/" in two bytes (overlong)
///     [0xED, 0xA0, 0x80].isValidUTF8         // false: U+D800, a surrogate
enum UTF8Validation {
  /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard, table 3-7): every sequence
  /// begins with a lead byte and has the continuation bytes it announces; none is overlong
  /// (C0, C1, E0 followed by less than A0, F0 by less than 90), encodes a surrogate (ED followed
  /// by A0 or more) or goes beyond U+10FFFF (F4 followed by 90 or more, F5 to FF). ASCII is
  /// skipped eight bytes at a time.
  ///
  /// - Complexity: O(`bytes.count`).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }  // no bytes
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let count = bytes.count
    var index = 0
    while index < count {
      while index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits == 0 {
        index += 8
      }
      guard index < count else { return true }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The length the lead byte announces, and the range of the byte after it.
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return false  // a continuation byte, C0, C1 or F5 to FF
      }
      guard count - index >= length, second.contains(bytes[index + 1]) else { return false }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}

extension Collection<UInt8> {
  /// Whether the bytes are well-formed UTF-8 (`UTF8Validation`).
  ///
  /// - Complexity: O(n); a collection without contiguous storage is copied first.
  package var isValidUTF8: Bool {
    withContiguousStorageIfAvailable(UTF8Validation.isValid)
      ?? ContiguousArray(self).withUnsafeBufferPointer(UTF8Validation.isValid)
  }
}

extension String {
  /// The string whose UTF-8 encoding is `bytes`, or nil when they are not well-formed UTF-8:
  /// `String(validating: bytes, as: UTF8.self)` on every system (`UTF8Validation`).
  ///
  ///     String(validUTF8: Array("刘亦菲".utf8))  // "刘亦菲"
  ///     String(validUTF8: [0x80])               // nil
  ///
  /// - Complexity: O(n).
  package init?(validUTF8 bytes: some Collection<UInt8>) {
    guard bytes.isValidUTF8 else { return nil }
    self.init(decoding: bytes, as: UTF8.self)
  }
}

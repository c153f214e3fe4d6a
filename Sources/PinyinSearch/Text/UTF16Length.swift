/// The length of a text in UTF-16 code units, from its UTF-8 bytes.
enum UTF16Length {
  /// The UTF-16 length of the valid UTF-8 `bytes`: their count, less the continuation bytes
  /// (`10xxxxxx`), plus one for each lead byte of four (`11110xxx`), counted eight bytes at a
  /// time.
  ///
  ///     Array("刘𧒽".utf8).withUnsafeBufferPointer(UTF16Length.of(utf8:))  // 3
  ///
  /// - Complexity: O(`bytes.count`), about two instructions a byte.
  static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var count = bytes.count
    var index = 0
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while index + 8 <= bytes.count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let continuations = (word >> 7) & ~(word >> 6) & ones
        let fourByteLeads = (word >> 7) & (word >> 6) & (word >> 5) & (word >> 4) & ones
        count += fourByteLeads.nonzeroBitCount - continuations.nonzeroBitCount
        index += 8
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte & 0xC0 == 0x80 { count -= 1 } else if byte >= 0xF0 { count += 1 }
      index += 1
    }
    return count
  }
}

/// Decoding one scalar of UTF-8 bytes that the library wrote or validated, without a `String`.
enum UTF8Scalar {
  /// The number of bytes of the scalar whose encoding begins with `lead`.
  @inline(__always)
  static func length(leadingWith lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
  }

  /// The scalar whose encoding begins at `index` of `bytes`, and its length in bytes; a
  /// sequence cut short by the end of `bytes` is decoded from the bytes there are.
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[index]
    let length = length(leadingWith: lead)
    guard length > 1 else { return (UInt32(lead), 1) }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length where index + offset < bytes.count {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return (value, length)
  }
}

extension String {
  /// The text of `bytes` when they are valid UTF-8, else nil: decoded, then compared with the
  /// bytes, since decoding replaces each ill-formed sequence with U+FFFD and so changes them.
  ///
  /// The library's `String(validUTF8:)` has `package` access, which does not reach this package
  /// of its own; `String(validating:as:)` would set the floor at iOS 18 and macOS 15, which the
  /// Apple check looks for in every target.
  ///
  ///     String(validUTF8: [0x61, 0xE5, 0x88, 0x98])  // "a刘"
  ///     String(validUTF8: [0x61, 0xE5, 0x88])        // nil: a sequence cut short
  init?(validUTF8 bytes: some Collection<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else { return nil }
    self = text
  }
}

/// The length of a text in UTF-16 code units, from its UTF-8 bytes.
enum UTF16Length {
  /// The UTF-16 length of `text`, counted over its UTF-8 bytes where they are contiguous: one
  /// code unit per scalar, two for a scalar of four bytes.
  ///
  ///     UTF16Length.of("刘𧒽") // 3
  static func of(_ text: String) -> Int {
    let counted = text.utf8.withContiguousStorageIfAvailable { bytes in
      var count = 0
      for byte in bytes where byte & 0xC0 != 0x80 { count &+= byte >= 0xF0 ? 2 : 1 }
      return count
    }
    return counted ?? text.utf16.count
  }
}

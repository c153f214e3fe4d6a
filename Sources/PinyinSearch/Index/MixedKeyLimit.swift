/// Which mixed keys an index stores: those of at most `maxBytes` bytes (`liuy`, `lyfe`), and
/// those that begin with a Han character typed as itself and have at most 3 characters (`刘de`,
/// `刘德h`), as people type a name's first character and then pinyin.
///
/// A record has many more mixed keys than keys of the other kinds, so they are kept short; a
/// query that is not such a key looks its mixed matches up among candidates instead. The rule
/// looks at the key's bytes only, so that the build and the lookup agree on every key, and it
/// holds for the beginnings of a stored key too: a longer key is never stored when a shorter
/// one is not.
struct MixedKeyLimit: Sendable {
  /// The longest mixed key stored, in bytes, whatever it begins with; 0 stores none.
  let maxBytes: Int
  /// The most characters of a stored mixed key that begins with a Han character.
  static let hanLedCharacters = 3

  /// Whether a mixed key of these bytes is stored.
  func admits(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard maxBytes > 0 else { return false }
    if key.count <= maxBytes { return true }
    guard let lead = key.first, lead >= 0xE0 else { return false }
    var scalars = 0
    var first: UInt32 = 0
    var index = 0
    while index < key.count {
      let byte = key[index]
      let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      if scalars == 0 {
        var value = UInt32(byte) & (0xFF >> (length + 1))
        for offset in 1..<length where index + offset < key.count {
          value = value << 6 | UInt32(key[index + offset] & 0x3F)
        }
        first = value
      }
      scalars += 1
      if scalars > Self.hanLedCharacters { return false }
      index += length
    }
    return PinyinTable.shared.readingSet(of: first) != 0
  }
}

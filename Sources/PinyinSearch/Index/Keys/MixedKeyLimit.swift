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
    var index = 0
    while index < key.count {
      scalars += 1
      if scalars > Self.hanLedCharacters { return false }
      index += UTF8Scalar.length(leadingWith: key[index])
    }
    let first = UTF8Scalar.decode(key, at: 0).value
    return PinyinTable.shared.readingSet(of: first) != 0
  }
}

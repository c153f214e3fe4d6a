/// The letters of a phone's dial pad (ITU E.161): `abc` on 2, `def` on 3, `ghi` on 4, `jkl` on 5,
/// `mno` on 6, `pqrs` on 7, `tuv` on 8, `wxyz` on 9. `SearchOptions.keypad` matches a query of
/// digits against spellings typed this way (Docs/Semantics.md, "keypad").
///
///     KeypadLayout.key(for: UInt8(ascii: "l"))  // UInt8(ascii: "5")
///     KeypadLayout.key(for: 0xE5)               // 0xE5: not a letter, kept
enum KeypadLayout {
  /// The key of `byte` when it is a lowercase ASCII letter, else `byte` itself: a text's folded
  /// bytes mapped byte by byte are its keypad form, its other characters kept.
  @inline(__always)
  static func key(for byte: UInt8) -> UInt8 {
    let letter = byte &- UInt8(ascii: "a")
    guard letter < 26 else { return byte }
    let key: UInt8
    if letter < 15 {
      key = 2 + letter / 3  // abc def ghi jkl mno
    } else if letter < 19 {
      key = 7  // pqrs
    } else if letter < 22 {
      key = 8  // tuv
    } else {
      key = 9  // wxyz
    }
    return UInt8(ascii: "0") + key
  }
}

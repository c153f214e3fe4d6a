extension PinyinTable {
  /// Whether `letters` (lowercase ASCII) begin some syllable of the table: `l`, `li`, `liu`
  /// do; `iu` and `lv` … `lx` do not. What a query's piece may be, typed for a Han character.
  ///
  /// - Complexity: O(1): one lookup in a set of the ~1,300 beginnings, built on first use.
  func isSyllablePrefix(_ letters: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let code = Self.prefixCode(letters) else { return false }
    return Self.syllablePrefixes.contains(code)
  }

  /// Every beginning of every syllable, each as `prefixCode(_:)`.
  private static let syllablePrefixes: Set<UInt32> = {
    let table = PinyinTable.shared
    var codes = Set<UInt32>()
    for syllable in 0..<table.syllableCount {
      let bytes = table.bytes(ofSyllable: UInt16(syllable))
      for length in 1...bytes.count {
        if let code = prefixCode(UnsafeBufferPointer(rebasing: bytes[..<length])) { codes.insert(code) }
      }
    }
    return codes
  }()

  /// Up to 6 lowercase letters as one number (5 bits a letter, then the length); nil for
  /// anything else.
  private static func prefixCode(_ letters: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard (1...6).contains(letters.count) else { return nil }
    var code = UInt32(letters.count)
    for letter in letters {
      let index = letter &- UInt8(ascii: "a")
      guard index < 26 else { return nil }
      code = code << 5 | UInt32(index + 1)
    }
    return code
  }
}

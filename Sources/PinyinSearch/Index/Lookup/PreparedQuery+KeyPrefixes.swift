extension PreparedQuery {
  /// The length in bytes of the longest beginning of `literal.bytes`, in whole units and
  /// without white space at its end, of at most `maxLength` bytes; nil when even the first unit
  /// is longer.
  func literalPrefixLength(maxLength: Int) -> Int? {
    var end = 0
    for unit in literal.units {
      if Int(unit.end) > maxLength { break }
      if !unit.flags.contains(.whitespace) { end = Int(unit.end) }
    }
    return end == 0 ? nil : end
  }

  /// The length in bytes of the pinyin form of the query as keys are filed (`canonicalPinyin`),
  /// or, when it is longer than `maxLength` bytes, of its longest beginning at a cut of
  /// `KeyPrefixes` (so that no unit's spelling is cut); nil when there is none.
  func pinyinPrefixLength(maxLength: Int) -> Int? {
    if canonicalPinyin.count <= maxLength { return canonicalPinyin.count }
    var best = 0
    canonicalPinyin.withUnsafeBufferPointer { pinyin in
      KeyPrefixes.forEachCut(of: pinyin) { cut in
        if cut <= maxLength { best = cut }
        return cut <= maxLength
      }
    }
    return best == 0 ? nil : best
  }

  /// The longest beginning of the pinyin form as keys are filed (`canonicalPinyin`), at a cut of
  /// `KeyPrefixes`, that `limit` admits as a mixed key; nil when there is none.
  func pinyinPrefix(admittedBy limit: MixedKeyLimit) -> [UInt8]? {
    let pinyin = canonicalPinyin
    var best = 0
    pinyin.withUnsafeBufferPointer { pinyin in
      KeyPrefixes.forEachCut(of: pinyin) { cut in
        let admitted = limit.admits(UnsafeBufferPointer(rebasing: pinyin[..<cut]))
        if admitted { best = cut }
        return admitted
      }
    }
    return best == 0 ? nil : Array(pinyin[..<best])
  }
}

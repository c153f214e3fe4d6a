/// Where a key may be cut so that the part before the cut is again a key of every record that
/// has the whole key: between two scalars that are each printable ASCII (`!`…`~`) or Han.
///
/// Such a cut always falls on a unit boundary (Unicode's grapheme rules never join two such
/// scalars), never next to white space, and never inside the spelling of a non-Han unit; so the
/// beginning is a literal, phone, full-pinyin or initials key of the record whenever the whole
/// key is. The index uses this twice: a key is not stored when a shorter beginning of it already
/// narrows the records down to a few, and a query whose key is not stored is answered from the
/// records of such a beginning.
enum KeyPrefixes {
  /// Calls `body` with each cut position of `key` in increasing order, then with `key.count`;
  /// stops when `body` returns false.
  @inline(__always)
  static func forEachCut(of key: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
    var index = 0
    var previousIsSafe = false
    while index < key.count {
      let (scalar, length) = decodeScalar(key, at: index)
      let isSafe = isSafeScalar(scalar)
      if index > 0 && previousIsSafe && isSafe {
        if !body(index) { return }
      }
      previousIsSafe = isSafe
      index += length
    }
    _ = body(key.count)
  }

  /// Whether `position` of `key`, valid UTF-8, is a cut or the end, found from the two scalars
  /// around it alone: what `forEachCut(of:_:)` calls its body with.
  ///
  /// - Complexity: O(1): at most two scalars are decoded.
  static func isCutOrEnd(_ position: Int, of key: UnsafeBufferPointer<UInt8>) -> Bool {
    if position == key.count { return true }
    guard position > 0, position < key.count, !isContinuation(key[position]) else { return false }
    var previous = position - 1
    while previous > 0 && isContinuation(key[previous]) { previous -= 1 }
    return isSafeScalar(decodeScalar(key, at: previous).0) && isSafeScalar(decodeScalar(key, at: position).0)
  }

  /// Whether `byte` continues a scalar's UTF-8 encoding rather than beginning one.
  @inline(__always)
  private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

  /// The last cut of `key` before its end, or nil when there is none.
  static func longestProperPrefix(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    // Most keys end with two printable ASCII characters: the cut between them is the last.
    if key.count >= 2 && key[key.count - 1] &- 0x21 < 0x5E && key[key.count - 2] &- 0x21 < 0x5E {
      return key.count - 1
    }
    var last: Int?
    forEachCut(of: key) { cut in
      if cut < key.count { last = cut }
      return true
    }
    return last
  }

  @inline(__always)
  private static func isSafeScalar(_ scalar: UInt32) -> Bool {
    (0x21...0x7E).contains(scalar) || (scalar >= 0x3000 && PinyinTable.shared.readingSet(of: scalar) != 0)
  }

  /// The scalar whose UTF-8 encoding starts at `index`, and its length in bytes.
  @inline(__always)
  private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    if bytes[index] >= 0xF8 { return (0, 1) }  // not UTF-8: the phone-run key marker
    return UTF8Scalar.decode(bytes, at: index)
  }
}

extension PreparedQuery {
  /// The initials keys that every record with a mixed match of this query holds one of: for
  /// each way of cutting the query into pieces — a beginning of a syllable, a Han character, or
  /// a character of another unit — the initial each piece stands for (its first letter, one of
  /// the character's initials, the character itself), joined. A mixed match covers the same
  /// units as the initials match of its pieces' initials (`liuyf` and `lyf` both cover 刘亦菲),
  /// so the records of these keys, or of their rare beginnings, are the candidates to check.
  ///
  /// The ways are followed piece by piece, merging those that reach the same point of the query
  /// with the same initials. A way ends early when `isSettled` says its key so far is enough
  /// (its records are few enough to check, or none has it), when more than `budget` ways are
  /// open, or when its key would pass `maxLength` bytes: the key so far then stands for its
  /// continuations (each record's key begins with it).
  ///
  ///     // "liuyf" → ["lyf", "luyf", "liuyf", …]: l|i|u|y|f as letters of other units, li|u|y|f, liu|y|f
  ///
  /// - Complexity: O(q × `budget` × 6) for a query of q bytes.
  func mixedInitials(
    maxLength: Int, budget: Int = 48, isSettled: (_ key: [UInt8]) -> Bool = { _ in false }
  ) -> [[UInt8]] {
    let table = PinyinTable.shared
    let query = pinyin
    var open: [(key: [UInt8], position: Int)] = [([], 0)]
    var keys: [[UInt8]] = []
    while !open.isEmpty {
      var next: [(key: [UInt8], position: Int)] = []
      var seen = Set<[UInt8]>()
      func add(_ key: [UInt8], _ position: Int) {
        guard seen.insert(key + [0xFF] + withUnsafeBytes(of: position) { Array($0) }).inserted else { return }
        if position == query.count || isSettled(key) {
          keys.append(key)
        } else {
          next.append((key, position))
        }
      }
      for (key, position) in open {
        let scalarLength = Self.scalarLength(at: position, in: query)
        let scalarEnd = position + scalarLength
        guard key.count + scalarLength <= maxLength else {
          keys.append(key)  // as long as a key may be: it stands for its longer continuations
          continue
        }
        // A character of a unit other than Han: its bytes are its initial.
        add(key + query[position..<scalarEnd], scalarEnd)
        // A beginning of a syllable, for a Han unit: its first letter.
        var length = 1
        while length <= 6 && position + length <= query.count {
          let isPrefix = query.withUnsafeBufferPointer {
            table.isSyllablePrefix(UnsafeBufferPointer(rebasing: $0[position..<(position + length)]))
          }
          guard isPrefix else { break }
          add(key + [query[position]], position + length)
          length += 1
        }
        // A Han character typed as itself: any of its initials.
        if scalarLength > 1 {
          let scalar = String(decoding: query[position..<scalarEnd], as: UTF8.self).unicodeScalars.first!
          var initials = table.setInitials[Int(table.readingSet(of: scalar.value))]
          while initials != 0 {
            add(key + [UInt8(ascii: "a") + UInt8(initials.trailingZeroBitCount)], scalarEnd)
            initials &= initials - 1
          }
        }
      }
      if next.count > budget {
        keys += next.map(\.key)
        break
      }
      open = next
    }
    var unique = Set<[UInt8]>()
    return keys.filter { !$0.isEmpty && unique.insert($0).inserted }
  }

  /// The length of the UTF-8 scalar that begins at `position` of `bytes`.
  private static func scalarLength(at position: Int, in bytes: [UInt8]) -> Int {
    let lead = bytes[position]
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    return min(length, bytes.count - position)
  }
}

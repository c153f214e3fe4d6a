extension PinyinTable {
  /// Whether `letters` (lowercase ASCII) begin some syllable of the table: `l`, `li`, `liu`
  /// do; `iu` and `lv` … `lx` do not. What a query's piece may be, typed for a Han character.
  ///
  /// - Complexity: O(`letters.count`): a walk down `SyllablePrefixTrie`.
  func isSyllablePrefix(_ letters: UnsafeBufferPointer<UInt8>) -> Bool {
    let trie = Self.syllablePrefixTrie
    var node = SyllablePrefixTrie.root
    for letter in letters {
      guard let child = trie.child(of: node, letter) else { return false }
      node = child
    }
    return !letters.isEmpty
  }

  /// Every beginning of every syllable of the shared table, built on first use.
  static let syllablePrefixTrie = SyllablePrefixTrie(table: .shared)
}

extension PinyinTable {
  /// Every beginning of every syllable of the shared table (`l`, `li`, `liu`; not `iu`): what a
  /// query's piece may be, typed for a Han character. Built on first use, or with an index of
  /// mixed keys.
  static let syllablePrefixTrie = SyllablePrefixTrie(table: .letters)
}

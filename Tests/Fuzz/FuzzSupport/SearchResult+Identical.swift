import PinyinSearch

extension [SearchResult] {
  /// Whether these are the same results as `others`, in the same order, fuzzy alike, ids and
  /// texts compared byte for byte (`String`'s `==` would call `é` and `e` + U+0301 equal, two
  /// records).
  public func isIdentical(to others: [SearchResult]) -> Bool {
    count == others.count
      && zip(self, others).allSatisfy { result, other in
        result.kind == other.kind && result.isFuzzy == other.isFuzzy && result.range == other.range
          && result.utf16Range == other.utf16Range
          && result.id.utf8.elementsEqual(other.id.utf8) && result.text.utf8.elementsEqual(other.text.utf8)
      }
  }
}

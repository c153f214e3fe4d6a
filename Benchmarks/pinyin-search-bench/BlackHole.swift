import PinyinSearch

/// Keeps every search result alive by folding it into a checksum that the report prints, so that
/// the optimiser cannot drop a search whose results would otherwise go unused.
struct BlackHole {
  /// The fold of everything consumed so far.
  private(set) var checksum: UInt64 = 0

  /// Folds `results` into the checksum.
  mutating func consume(_ results: [SearchResult]) {
    checksum = checksum &* 0x100_0000_01B3 &+ UInt64(results.count)
    for result in results {
      checksum = checksum &* 31 &+ UInt64(result.range.lowerBound &+ result.range.upperBound &+ result.id.utf8.count)
    }
  }
}

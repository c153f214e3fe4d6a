import PinyinSearchSamples
import Testing

@testable import PinyinSearch

/// The storage searches lend one another (`SearchScratch`, `PreparedQuery.Storage`), and the
/// sort that lets a search's list of candidates stay in it.
@Suite struct SearchScratchTests {
  @Test func heapSortSortsLikeTheStandardLibrary() {
    var generator = SplitMix64(seed: 7)
    for count in [0, 1, 2, 3, 5, 16, 17, 100, 1000] {
      for _ in 0..<20 {
        var values = (0..<count).map { _ in Int.random(in: 0..<(count / 2 + 1), using: &generator) }
        let expected = values.sorted()
        values.heapSort()
        #expect(values == expected, "\(count) values")
      }
    }
  }

  @Test func smallestFirstHandsOutTheElementsInIncreasingOrder() {
    var generator = SplitMix64(seed: 8)
    for count in [0, 1, 2, 3, 5, 16, 17, 100, 1000] {
      for _ in 0..<20 {
        let values = (0..<count).map { _ in UInt64.random(in: 0..<UInt64(count / 2 + 1), using: &generator) }
        var heap = SmallestFirst(values)
        var taken: [UInt64] = []
        while let next = heap.popSmallest() { taken.append(next) }
        #expect(taken == values.sorted(), "\(count) values")
        #expect(heap.popSmallest() == nil)
      }
    }
  }

  @Test func aQueryPreparedInReusedStorageEqualsOneInFreshStorage() {
    // Long, trimmed, spaced, digit and empty queries one after another through one scratch, so
    // that each starts from what the one before left.
    let queries = ["  lyf ", "zhang san", "138 0013 8000", "刘亦菲", "   ", "beijingdaxuezhongwenxi", "a", " 刘 d h "]
    var storage = PreparedQuery.Storage()
    for _ in 0..<2 {
      for query in queries {
        let reused = PreparedQuery(query, options: .default, reusing: &storage)
        let fresh = PreparedQuery(query)
        #expect(reused?.literal == fresh?.literal, "\(query)")
        #expect(reused?.pinyin == fresh?.pinyin, "\(query)")
        #expect(reused?.phoneDigits == fresh?.phoneDigits, "\(query)")
        #expect(reused?.isDigits == fresh?.isDigits, "\(query)")
        if let reused { storage.reclaim(reused) }
      }
    }
  }

  @Test func trimmingKeepsTheUnitsOfTheTrimmedText() throws {
    let prepared = try #require(PreparedQuery("  刘 dh\t"))
    #expect(prepared.literal == PreparedText("刘 dh"))
    #expect(prepared.pinyin == Array("刘dh".utf8))
  }
}

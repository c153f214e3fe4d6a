import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import RedisCluster
import Testing

@testable import PinyinSearchRedis

/// `RedisIndex.search(_:limit:offset:options:)` on a real Redis Cluster: an index written with
/// every option answers each subset of them as the scan built for that subset does, and refuses
/// an option it was not written for.
@Suite(.enabled(if: RedisTestCluster.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisIndexOptionSubsetTests {
  @Test func answersEverySubsetAsTheScanBuiltForIt() throws {
    var random = SplitMix64(seed: 3_400)
    let built = SearchOptions(mixed: true, fuzzy: [.zZh, .nL, .anAng], traditional: true, keypad: true)
    let records = RandomText.records(count: 150, using: &random)
    let client = try RedisIndexTests.client()
    let index = try RedisIndex(creating: try RedisTestCluster.freshNamespace(), client: client, options: built)
    _ = try index.put(records)
    for round in 0..<TestScale.rounds(24) {
      let subset = SearchOptions(
        mixed: round & 1 != 0, fuzzy: round & 2 != 0 ? [.nL] : round & 16 != 0 ? built.fuzzy : [],
        traditional: round & 4 != 0, keypad: round & 8 != 0)
      let scan = LinearScanEngine(records, options: subset)
      for _ in 0..<5 {
        let query = RandomText.query(for: records.randomElement(using: &random)!.text, options: built, using: &random)
        #expect(
          try index.search(query, limit: 10, offset: 1, options: subset) == scan.search(query, limit: 10, offset: 1),
          "\(subset), query \(query.debugDescription)")
      }
    }
    #expect(try index.search("lyf", options: nil) == index.search("lyf"), "nil: the index's own options")
    #expect(throws: SearchOptionsError(requested: SearchOptions(fuzzy: .uV), built: built)) {
      try index.search("lyf", options: SearchOptions(fuzzy: .uV))
    }
  }
}

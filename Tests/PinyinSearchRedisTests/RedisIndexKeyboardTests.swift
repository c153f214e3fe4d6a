import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import RedisCluster
import Testing

@testable import PinyinSearchRedis

/// A keyboard scheme on a real Redis Cluster: an index written with one answers queries typed in
/// it as the scan does (with the scheme and without), its namespace's description names the
/// scheme, and opening the namespace with another is refused naming both.
@Suite(.enabled(if: RedisTestCluster.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisIndexKeyboardTests {
  @Test(arguments: [Keyboard.xiaohe, .zhuyin])
  func answersQueriesTypedInTheSchemeAsTheScan(keyboard: Keyboard) throws {
    var random = SplitMix64(seed: 3_600 + UInt64(Keyboard.allCases.firstIndex(of: keyboard)!))
    let built = SearchOptions(mixed: true, fuzzy: [.zZh, .nL], keyboard: keyboard)
    let records = RandomText.records(count: 100, using: &random) + [Record(id: "liu", text: "刘亦菲")]
    let client = try RedisIndexTests.client()
    let namespace = try RedisTestCluster.freshNamespace()
    let index = try RedisIndex(creating: namespace, client: client, options: built)
    _ = try index.put(records)
    let scan = LinearScanEngine(records, options: built)
    let without = SearchOptions(mixed: true, fuzzy: [.zZh, .nL])
    let plain = LinearScanEngine(records, options: without)
    for round in 0..<TestScale.rounds(20) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.keyboardQuery(for: text, keyboard: keyboard, options: built, using: &random)
      #expect(try index.search(query, limit: 10) == scan.search(query, limit: 10), "\(query.debugDescription)")
      if round % 4 == 0 {
        #expect(
          try index.search(query, limit: 10, options: without) == plain.search(query, limit: 10),
          "without the scheme: \(query.debugDescription)")
      }
    }
    let code = keyboard == .zhuyin ? "xu.uzo" : "lqyifw"
    #expect(try index.search(code).first?.id == "liu")
    // Opened again: the scheme read from the namespace's description.
    #expect(try RedisIndex(opening: namespace, client: client).options == built)
    let other = SearchOptions(mixed: true, fuzzy: [.zZh, .nL], keyboard: keyboard == .zhuyin ? .xiaohe : .zhuyin)
    do {
      _ = try RedisIndex(creating: namespace, client: client, options: other)
      Issue.record("a namespace written with \(keyboard) opened with another scheme")
    } catch {
      let message = "\(error)"
      #expect(message.contains("keyboard \(keyboard)") && message.contains("keyboard \(other.keyboard!)"), "\(message)")
    }
  }
}

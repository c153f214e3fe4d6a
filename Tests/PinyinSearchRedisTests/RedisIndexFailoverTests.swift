import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import RedisCluster
import Testing

@testable import PinyinSearchRedis

/// A primary of the cluster shut down while queries run: its replica is promoted, the queries
/// resume after the client's redirections, and no answer is ever wrong (an error is allowed while
/// the cluster fails over). Runs on the cluster of `PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER`, whose
/// primaries a test may shut down; with five primaries (`.ci/run`), two such tests may run at
/// once and the survivors still elect the replicas.
@Suite(.enabled(if: RedisTestCluster.failoverAddresses != nil, "set PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER"))
struct RedisIndexFailoverTests {
  @Test func queriesDuringAFailoverAreRightOrErrors() throws {
    // Another failover test may be shutting a primary down meanwhile: the setup waits it out.
    let patient = RedisClusterConfiguration(
      timeout: .seconds(60), maxRetries: 40, retryBackoff: .milliseconds(100), maxRetryBackoff: .milliseconds(500))
    let quick = RedisClusterConfiguration(
      connectTimeout: .milliseconds(500), ioTimeout: .seconds(1), maxRetries: 2, retryBackoff: .milliseconds(100),
      maxRetryBackoff: .milliseconds(200))
    let seeds = (RedisTestCluster.failoverAddresses ?? []).joined(separator: ",")
    let client = try RedisClusterClient(seeds: seeds, configuration: RedisTestEnvironment.secured(patient))
    var random = SplitMix64(seed: 88)
    let records = RandomText.records(count: 300, using: &random)
    let scan = LinearScanEngine(records)
    let namespace = try RedisTestCluster.freshNamespace()
    try RedisIndex(creating: namespace, client: client).put(records)
    let index = try RedisIndex(
      opening: namespace,
      client: try RedisClusterClient(seeds: seeds, configuration: RedisTestEnvironment.secured(quick)))
    let queries = (0..<60).map { _ in RandomText.query(for: records.randomElement(using: &random)!.text, using: &random)
    }
    let expected = queries.map { scan.search($0, limit: 10) }

    // The last primary that has a live replica, its writes replicated before it goes.
    let nodes = try Self.nodes(of: client)
    let victim = try #require(
      nodes.last { primary in
        primary.isPrimary && !primary.isFailing
          && nodes.contains { $0.primaryID == primary.id && !$0.isFailing }
      }, "a primary with a live replica")
    for primary in try client.primaryAddresses() {
      _ = try? client.send(RedisCommand(["WAIT", "1", "2000"], route: .node(primary)))
    }
    // NOW: the node goes at once rather than first waiting for lagging replicas.
    _ = try client.send([RedisCommand(["SHUTDOWN", "NOSAVE", "NOW"], route: .node(victim.address))])

    let clock = ContinuousClock()
    let start = clock.now
    var failed = 0
    var answeredInARow = 0
    var number = 0
    while answeredInARow < 2 * queries.count && clock.now - start < .seconds(30) {
      let position = number % queries.count
      number += 1
      do {
        let results = try index.search(queries[position], limit: 10)
        #expect(results == expected[position], "a wrong answer for \(queries[position].debugDescription)")
        answeredInARow += 1
      } catch {
        failed += 1
        answeredInARow = 0
      }
    }
    #expect(answeredInARow >= 2 * queries.count, "queries answer again within 30 s ( \(failed) failed)")
    try client.refreshSlotMap()
    #expect(try client.primaryAddresses().contains(victim.address) == false, "a replica took the victim's slots")
  }

  /// A node of `CLUSTER NODES`.
  struct Node {
    var id: Substring
    var address: RedisAddress
    var isPrimary: Bool
    var isFailing: Bool
    var primaryID: Substring
  }

  /// The nodes the cluster lists, as the first primary the client knows sees them.
  static func nodes(of client: RedisClusterClient) throws -> [Node] {
    try client.refreshSlotMap()
    var reply: RESPValue?
    for primary in try client.primaryAddresses() where reply == nil {
      reply = try? client.send(RedisCommand(["CLUSTER", "NODES"], route: .node(primary)))
    }
    guard case .bulkString(let bytes?) = reply else { return [] }
    // A node the cluster no longer reaches may be listed as `:0@0` (flag `noaddr`): it is skipped.
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 4, let address = try? RedisAddress(parsing: String(fields[1].prefix { $0 != "@" }))
      else { return nil }
      return Node(
        id: fields[0], address: address, isPrimary: fields[2].contains("master"),
        isFailing: fields[2].contains("fail"), primaryID: fields[3])
    }
  }
}

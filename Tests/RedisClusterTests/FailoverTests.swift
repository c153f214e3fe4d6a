import PinyinSearchTestSupport
import Testing

@testable import RedisCluster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A primary's failure against a real cluster of its own, since the test shuts one of its
/// primaries down. Runs only when PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER holds its addresses:
///
///     Scripts/redis-cluster.sh start /tmp/rcf && export PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER=$(cat /tmp/rcf/addresses)
///
/// Each run needs a primary that still has a replica: a cluster of 3 primaries serves 3 runs.
@Suite(.enabled(if: TestClusters.failoverAddresses != nil))
struct FailoverTests {
  @Test func readsRecoverWithTheRightValuesAfterAPrimaryIsShutDown() throws {
    // Few retries, so that each round of reads ends soon while the replica is not yet promoted.
    let configuration = RedisClusterConfiguration(
      connectTimeout: .milliseconds(500),
      ioTimeout: .seconds(1),
      maxRetries: 2,
      retryBackoff: .milliseconds(100),
      maxRetryBackoff: .milliseconds(200)
    )
    let client = try RedisClusterClient(
      seeds: TestClusters.failoverAddresses ?? "", configuration: RedisTestEnvironment.secured(configuration))
    let nodes = try client.clusterNodes(asking: client.owner(of: HashSlot(rawValue: 0)!))
    let victim = try #require(
      nodes.first { primary in
        primary.isPrimary && !primary.isFailing
          && nodes.contains { $0.primaryID == primary.id && !$0.isFailing && $0.isConnected }
      },
      "a primary with a live replica (the cluster serves one run per primary: start a new one)"
    )

    // 100 keys served by the victim, with values unique to this run.
    let run = "\(getpid())-\(ContinuousClock.now)"
    var keys: [String] = []
    var number = 0
    while keys.count < 100 {
      let key = "failover:\(number)"
      if try client.owner(of: HashSlot(key: key)) == victim.address { keys.append(key) }
      number += 1
    }
    let values = keys.map { "\($0) of run \(run)" }
    let sets = try client.send(zip(keys, values).map { RedisCommand(["SET", $0, $1], keyAt: 1) })
    #expect(sets.allSatisfy { (try? $0.get()) == .simpleString("OK") })
    // The writes reach the replica before the primary goes: WAIT numreplicas timeout-ms.
    let replicated = try client.send(RedisCommand(["WAIT", "1", "1000"], route: .slot(HashSlot(key: keys[0]))))
    try #require(replicated == .integer(1), "the replica has every write")

    // NOW: without it, Redis (7.0 and later) first waits for lagging replicas, and on a loaded
    // machine the node went on serving reads meanwhile, so that they all succeeded before any
    // failover (seen in CI). The node goes without a reply: the connection drops, or (on a
    // loaded machine) the read times out first.
    let shutdown = try client.send([RedisCommand(["SHUTDOWN", "NOSAVE", "NOW"], route: .node(victim.address))])
    switch shutdown[0] {
    case .failure(.connectionClosed(let address, _)), .failure(.timedOut(let address, _)):
      #expect(address == victim.address)
    default:
      Issue.record("SHUTDOWN NOSAVE NOW: expected the connection to drop, got \(shutdown[0])")
      return
    }

    let clock = ContinuousClock()
    let start = clock.now
    var recoveredAfter: Duration?
    var rounds = 0
    var failedReads = 0
    while recoveredAfter == nil && clock.now - start < .seconds(20) {
      rounds += 1
      let results = try client.send(keys.map { RedisCommand(["GET", $0], keyAt: 1) })
      var succeeded = 0
      for (index, result) in results.enumerated() {
        switch result {
        case .success(let value):
          #expect(value == bulk(values[index]), "GET \(keys[index]) never gives a wrong value")
          succeeded += 1
        case .failure:
          failedReads += 1  // allowed while the replica is being promoted
        }
      }
      if succeeded == keys.count {
        recoveredAfter = clock.now - start
      } else {
        Socket.sleep(for: .milliseconds(100))
      }
    }
    let recovery = try #require(recoveredAfter, "every GET succeeds again within 20 s of the shutdown")
    print(
      "failover: every read succeeded \(recovery) after the shutdown, in round \(rounds); \(failedReads) reads failed before"
    )
    let promoted = try client.owner(of: HashSlot(key: keys[0]))
    #expect(promoted != victim.address, "a replica serves the victim's slots")
    _ = try client.send(keys.map { RedisCommand(["DEL", $0], keyAt: 1) })
  }
}

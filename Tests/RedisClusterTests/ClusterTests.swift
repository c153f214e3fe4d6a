import Dispatch
import PinyinSearchTestSupport
import Testing

@testable import RedisCluster

/// The client against a real Redis Cluster, never a mock. Runs only when
/// PINYIN_SEARCH_REDIS_CLUSTER holds the cluster's addresses; start one with
///
///     Scripts/redis-cluster.sh start /tmp/rc && export PINYIN_SEARCH_REDIS_CLUSTER=$(cat /tmp/rc/addresses)
///
/// The tests run one at a time: some move a slot between primaries and move it back, so that
/// the cluster ends as it began.
@Suite(.serialized, .enabled(if: TestClusters.addresses != nil))
struct ClusterTests {
  let client: RedisClusterClient

  init() throws {
    client = try RedisClusterClient(seeds: TestClusters.addresses ?? "", configuration: RedisTestEnvironment.secured())
  }

  /// Runs a step that puts the cluster back as it was, recording its failure as an issue.
  private func restore(_ what: String, _ body: () throws -> Void) {
    do {
      try body()
    } catch {
      Issue.record("could not \(what): \(error)")
    }
  }

  @Test func pipelinedSetAndGetOfAThousandKeysKeepTheOrder() throws {
    let keys = (0..<1000).map { "pipelined:\($0)" }
    var commands: [RedisCommand] = []
    for (index, key) in keys.enumerated() {
      commands.append(RedisCommand(["SET", key, "value \(index)"], keyAt: 1))
      commands.append(RedisCommand(["GET", key], keyAt: 1))
    }
    let results = try client.send(commands)
    try #require(results.count == 2000)
    for index in keys.indices {
      #expect(try results[2 * index].get() == .simpleString("OK"), "SET \(keys[index])")
      #expect(try results[2 * index + 1].get() == bulk("value \(index)"), "GET \(keys[index])")
    }
    let owners = try Set(keys.map { try client.owner(of: HashSlot(key: $0)) })
    #expect(owners.count == (try client.primaries().count), "the keys are spread over every primary")
    let deleted = try client.send(keys.map { RedisCommand(["DEL", $0], keyAt: 1) })
    #expect(try deleted.map { try $0.get() } == Array(repeating: .integer(1), count: 1000))
  }

  @Test func clientSeededWithOneNodeReachesEverySlot() throws {
    let seed = try #require(try RedisAddress.list(parsing: TestClusters.addresses ?? "").last)
    let client = RedisClusterClient(seeds: [seed], configuration: RedisTestEnvironment.secured())
    var keyOfSlot = [String?](repeating: nil, count: HashSlot.count)
    var found = 0
    var number = 0
    while found < HashSlot.count {
      let key = "slot-key:\(number)"
      let slot = Int(HashSlot(key: key).rawValue)
      if keyOfSlot[slot] == nil {
        keyOfSlot[slot] = key
        found += 1
      }
      number += 1
    }
    let keys = keyOfSlot.map { $0! }
    let sets = try client.send(keys.map { RedisCommand(["SET", $0, $0], keyAt: 1) })
    #expect(sets.allSatisfy { (try? $0.get()) == .simpleString("OK") }, "a SET in every slot")
    let gets = try client.send(keys.map { RedisCommand(["GET", $0], keyAt: 1) })
    #expect(try gets.map { try $0.get() } == keys.map(bulk), "a GET in every slot")
    _ = try client.send(keys.map { RedisCommand(["DEL", $0], keyAt: 1) })
  }

  @Test func askRedirectionDuringAMigrationReachesTheKeyWithoutChangingTheMap() throws {
    let key = "ask-redirection"
    let slot = HashSlot(key: key)
    try client.run(["SET", key, "moving"], on: client.owner(of: slot))
    let primaries = try client.primaries()
    let source = try #require(primaries.first { $0.address == (try client.owner(of: slot)) })
    let target = try #require(primaries.first { $0.id != source.id })

    try client.startMigration(of: slot, keys: [key], from: source, to: target)
    defer {
      // Back as it began: the key on the source, the slot the source's on every primary.
      restore("abort the migration of slot \(slot)") {
        try client.abortMigration(of: slot, from: source, to: target)
        _ = try client.send(RedisCommand(["DEL", key], keyAt: 1))
      }
    }
    #expect(
      throws: RedisError.server(code: "ASK", message: "\(slot) \(target.address)"),
      "the source sends clients to the target for a key it no longer has"
    ) { try client.run(["GET", key], on: source.address) }

    let results = try client.send([
      RedisCommand(["GET", key], keyAt: 1),
      RedisCommand(["EXISTS", "another-key"], keyAt: 1),
      RedisCommand(["GET", key], keyAt: 1),
    ])
    #expect(try results.map { try $0.get() } == [bulk("moving"), .integer(0), bulk("moving")])
    #expect(try client.owner(of: slot) == source.address, "an ASK redirection does not change the slot map")
  }

  @Test func movedRedirectionAfterTheSlotMovedUpdatesTheMap() throws {
    let key = "moved-redirection"
    let slot = HashSlot(key: key)
    #expect(try client.send(RedisCommand(["SET", key, "moved"], keyAt: 1)) == .simpleString("OK"))
    let primaries = try client.primaries()
    let source = try #require(primaries.first { $0.address == (try client.owner(of: slot)) })
    let target = try #require(primaries.first { $0.id != source.id })

    try client.moveSlot(slot, keys: [key], from: source, to: target)
    defer {
      restore("move slot \(slot) back") {
        try client.moveSlot(slot, keys: [key], from: target, to: source)
        _ = try client.send(RedisCommand(["DEL", key], keyAt: 1))
      }
    }
    #expect(try client.owner(of: slot) == source.address, "the client's map is stale")
    #expect(try client.send(RedisCommand(["GET", key], keyAt: 1)) == bulk("moved"))
    #expect(try client.owner(of: slot) == target.address, "MOVED updated the map")
  }

  @Test func wrongTypeIsTheResultOfThatCommandOnly() throws {
    let list = "wrong-type:list"
    _ = try client.send(RedisCommand(["DEL", list], keyAt: 1))
    let results = try client.send([
      RedisCommand(["RPUSH", list, "a"], keyAt: 1),
      RedisCommand(["GET", list], keyAt: 1),
      RedisCommand(["LLEN", list], keyAt: 1),
      RedisCommand(["NOSUCHCOMMAND", list], keyAt: 1),
    ])
    #expect(try results[0].get() == .integer(1))
    #expect(
      throws: RedisError.server(code: "WRONGTYPE", message: "Operation against a key holding the wrong kind of value")
    ) {
      try results[1].get()
    }
    #expect(try results[2].get() == .integer(1), "the commands after it have their replies")
    #expect(
      throws: RedisError.server(
        code: "ERR", message: "unknown command 'NOSUCHCOMMAND', with args beginning with: 'wrong-type:list' ")
    ) {
      try results[3].get()
    }
    _ = try client.send(RedisCommand(["DEL", list], keyAt: 1))
  }

  @Test func fourThreadsPipelineThroughOneClient() throws {
    let failures = Locked<[String]>([])
    let client = self.client
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for round in 0..<25 {
        var commands: [RedisCommand] = []
        for item in 0..<20 {
          let key = "threads:\(thread):\(item)"
          commands.append(RedisCommand(["SET", key, "\(round)"], keyAt: 1))
          commands.append(RedisCommand(["GET", key], keyAt: 1))
        }
        do {
          let results = try client.send(commands)
          for item in 0..<20 where (try? results[2 * item + 1].get()) != bulk("\(round)") {
            failures.withLock { $0.append("thread \(thread) round \(round) item \(item): \(results[2 * item + 1])") }
          }
        } catch {
          failures.withLock { $0.append("thread \(thread) round \(round): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    for thread in 0..<4 {
      _ = try client.send((0..<20).map { RedisCommand(["DEL", "threads:\(thread):\($0)"], keyAt: 1) })
    }
  }

  @Test func clusterEndsWithEverySlotStableAndServed() throws {
    for node in try client.primaries() {
      let lines = try client.text(["CLUSTER", "NODES"], on: node.address).split(separator: "\n")
      #expect(
        !lines.contains { $0.contains("->-") || $0.contains("-<-") },
        "no slot is migrating or importing on \(node.address)")
      #expect(try client.text(["CLUSTER", "INFO"], on: node.address).contains("cluster_slots_assigned:16384"))
    }
  }

  @Test func keylessCommandRoutedBySlot() throws {
    #expect(try client.send(RedisCommand(["PING"], route: .slot(HashSlot(rawValue: 16_383)!))) == .simpleString("PONG"))
  }
}

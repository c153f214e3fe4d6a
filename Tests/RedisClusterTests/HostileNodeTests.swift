import PinyinSearchTestSupport
import Testing

@testable import RedisCluster

/// Nodes that answer too slowly, too much or not at all (`HostileNode`): every wait ends at its
/// deadline and every reply is refused past its size limit, whatever the node does (review of
/// 2026-12-04, D1–D3).
@Suite struct HostileNodeTests {
  /// A configuration with short timeouts, so that the tests take a second or two.
  static let quick = RedisClusterConfiguration(
    connectTimeout: .milliseconds(500), ioTimeout: .milliseconds(500), timeout: .seconds(2))

  static func address(of node: HostileNode) throws -> RedisAddress {
    try RedisAddress(parsing: node.address)
  }

  /// D1: an array of 2^24 elements, one arriving every 100 ms: the reply's deadline ends it.
  @Test func aTricklingReplyFailsAtTheIOTimeout() async throws {
    try await withBlockingWaits {
      let node = try HostileNode { _ in .trickle(Array("*16777216\r\n".utf8), unit: Array(":1\r\n".utf8)) }
      let client = RedisClusterClient(seeds: [try Self.address(of: node)], configuration: Self.quick)
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: RedisError.noReachableSeed([.timedOut(address: try Self.address(of: node), operation: .read)])) {
        try client.refreshSlotMap()
      }
      let elapsed = clock.now - start
      #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(1), "waited \(elapsed)")
    }
  }

  /// D1: a valid slot map, one byte every 20 ms (longer in all than the reply's deadline).
  @Test func aValidSlotMapDrippedByteByByteFailsAtTheIOTimeout() async throws {
    try await withBlockingWaits {
      let node = try HostileNode { _ in
        .drip(Array("*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n$9\r\n127.0.0.1\r\n:7000\r\n".utf8), interval: .milliseconds(20))
      }
      let client = RedisClusterClient(seeds: [try Self.address(of: node)], configuration: Self.quick)
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: RedisError.noReachableSeed([.timedOut(address: try Self.address(of: node), operation: .read)])) {
        try client.refreshSlotMap()
      }
      #expect(clock.now - start < .seconds(1))
    }
  }

  /// D2: 16 strings of 512 MB announced: refused at the first length, before any is buffered.
  @Test func aFloodOfLargeStringsIsRefusedBeforeItIsBuffered() async throws {
    try await withBlockingWaits {
      let node = try HostileNode { _ in
        .flood(Array("*16\r\n$536870000\r\n".utf8), unit: [UInt8](repeating: UInt8(ascii: "x"), count: 65_536))
      }
      let address = try Self.address(of: node)
      let client = RedisClusterClient(seeds: [address], configuration: Self.quick)
      let clock = ContinuousClock()
      let start = clock.now
      let detail = "a reply of more than \(Self.quick.maxReplyBytes) bytes (the client's limit per reply)"
      #expect(throws: RedisError.noReachableSeed([.protocolError(address: address, detail: detail, offset: 5)])) {
        try client.refreshSlotMap()
      }
      #expect(clock.now - start < .seconds(1))
    }
  }

  /// D2: many small strings whose sum passes the limit, refused when the sum does.
  @Test func manySmallStringsAreRefusedWhenTheirSumPassesTheLimit() async throws {
    try await withBlockingWaits {
      let configuration = RedisClusterConfiguration(
        connectTimeout: .milliseconds(500), ioTimeout: .seconds(1), timeout: .seconds(2), maxReplyBytes: 4096)
      let node = try HostileNode { _ in
        .flood(Array("*100000\r\n".utf8), unit: Array("$20\r\nxxxxxxxxxxxxxxxxxxxx\r\n".utf8))
      }
      let address = try Self.address(of: node)
      let client = RedisClusterClient(seeds: [address], configuration: configuration)
      do {
        try client.refreshSlotMap()
        Issue.record("a reply of 2.6 MB was accepted")
      } catch let error as RedisError {
        guard case .noReachableSeed(let errors) = error, case .protocolError(address, let detail, _)? = errors.first
        else {
          Issue.record("expected a protocol error from \(address), got \(error)")
          return
        }
        #expect(detail == "a reply of more than 4096 bytes (the client's limit per reply)")
      }
    }
  }

  /// D1, D3: a node that gives a slot map and then never answers a command: the call fails at
  /// its time limit, however many retries the configuration allows.
  @Test func aCommandFailsAtTheCallsTimeLimit() async throws {
    try await withBlockingWaits {
      let slotsNode = try SlotsThenSilence()
      let configuration = RedisClusterConfiguration(
        connectTimeout: .milliseconds(300), ioTimeout: .milliseconds(300), timeout: .seconds(1), maxRetries: 100,
        retryBackoff: .milliseconds(10), maxRetryBackoff: .milliseconds(50))
      let client = RedisClusterClient(seeds: [slotsNode.address], configuration: configuration)
      let clock = ContinuousClock()
      let start = clock.now
      let results = try client.send([RedisCommand(["GET", "k"], keyAt: 1)])
      let elapsed = clock.now - start
      guard case .failure(.timeLimitExceeded(let limit, _)) = results[0] else {
        Issue.record("expected the time limit, got \(results[0])")
        return
      }
      #expect(limit == .seconds(1))
      #expect(elapsed >= .milliseconds(950) && elapsed < .milliseconds(1600), "took \(elapsed)")
    }
  }

  /// D3: six seeds that accept connections and never answer: all are asked within the call's
  /// time limit, not one after another.
  @Test func silentSeedsAreAskedTogetherWithinTheTimeLimit() async throws {
    try await withBlockingWaits {
      let listeners = try (0..<6).map { _ in try SilentListener() }
      let configuration = RedisClusterConfiguration(
        connectTimeout: .milliseconds(500), ioTimeout: .seconds(1), timeout: .seconds(2))
      let client = RedisClusterClient(seeds: listeners.map(\.address), configuration: configuration)
      let clock = ContinuousClock()
      let start = clock.now
      do {
        try client.refreshSlotMap()
        Issue.record("a silent seed answered")
      } catch let error as RedisError {
        guard case .noReachableSeed(let errors) = error else {
          Issue.record("expected no reachable seed, got \(error)")
          return
        }
        #expect(errors.count == 6, "every seed was asked: \(errors)")
      }
      let elapsed = clock.now - start
      #expect(elapsed < .milliseconds(2500), "took \(elapsed)")
    }
  }

  /// A seed that answers after three silent ones: found within the stagger, not three timeouts.
  @Test func aLiveSeedAfterSilentOnesAnswersWithinTheStagger() async throws {
    try await withBlockingWaits {
      let listeners = try (0..<3).map { _ in try SilentListener() }
      let live = try SlotsThenSilence()
      let configuration = RedisClusterConfiguration(ioTimeout: .seconds(2), timeout: .seconds(5))
      let client = RedisClusterClient(seeds: listeners.map(\.address) + [live.address], configuration: configuration)
      let clock = ContinuousClock()
      let start = clock.now
      try client.refreshSlotMap()
      #expect(try client.owner(of: HashSlot(rawValue: 7)!) == live.address)
      #expect(clock.now - start < .seconds(1), "took \(clock.now - start)")
    }
  }
}

/// A node that claims every slot in its answer to `CLUSTER SLOTS` and never answers anything
/// else.
final class SlotsThenSilence {
  let node: HostileNode
  let address: RedisAddress

  init() throws {
    let port = Locked<UInt16>(0)
    let node = try HostileNode { request in
      let reply = Array("*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n$9\r\n127.0.0.1\r\n:\(port.withLock { $0 })\r\n".utf8)
      return HostileNode.asksForSlots(request) ? .reply(reply) : .silence
    }
    port.withLock { $0 = node.port }
    self.node = node
    address = try RedisAddress(parsing: node.address)
  }
}

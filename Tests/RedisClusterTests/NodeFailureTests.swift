import PinyinSearchTestSupport
import Testing

@testable import RedisCluster

/// Failures to reach a node, against local sockets: no cluster is needed.
///
/// A wait that a timeout ends is at least the timeout, however busy the machine; the upper
/// bounds (`hangBound`) only tell a call that never returns from one on a loaded machine, where
/// a thread may wait seconds for a processor: they are far above any timeout configured here.
@Suite struct NodeFailureTests {
  /// What no call here takes unless it hangs or retries without end: it returns within its
  /// timeouts (at most 2.5 s), or at once when the connection is refused.
  static let hangBound = Duration.seconds(30)

  @Test func closedPortCannotConnectWithinTheConnectTimeout() async throws {
    try await withBlockingWaits {
      let address = try closedLoopbackPort()
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: RedisError.cannotConnect(address: address, reason: "Connection refused")) {
        _ = try NodeConnection(to: address, deadline: .now + .seconds(1))
      }
      #expect(clock.now - start < Self.hangBound)
    }
  }

  @Test func clientWithOnlyAClosedSeedReportsWhyNoSeedIsReachable() async throws {
    try await withBlockingWaits {
      let address = try closedLoopbackPort()
      let client = RedisClusterClient(
        seeds: [address], configuration: RedisClusterConfiguration(connectTimeout: .seconds(1)))
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: RedisError.noReachableSeed([.cannotConnect(address: address, reason: "Connection refused")])) {
        _ = try client.send(RedisCommand(["GET", "k"], keyAt: 1))
      }
      #expect(clock.now - start < Self.hangBound, "the connect timeout bounds the call")
    }
  }

  @Test func silentNodeTimesOutWithinTheIOTimeout() async throws {
    try await withBlockingWaits {
      let listener = try SilentListener()
      let connection = try NodeConnection(to: listener.address, deadline: .now + .seconds(1))
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: RedisError.timedOut(address: listener.address, operation: .read)) {
        _ = try connection.exchange([[Array("PING".utf8)]], deadline: .now + .milliseconds(300))
      }
      let elapsed = clock.now - start
      #expect(elapsed >= .milliseconds(290), "waited \(elapsed): the I/O timeout, not less")
      #expect(elapsed < Self.hangBound, "waited \(elapsed)")
      #expect(!connection.isReusable, "a connection that timed out is not used again")
    }
  }

  /// The configured I/O timeout, longer than the default (2 s) and the connect timeout, is the
  /// one waited for, once: the error names the one attempt at the one seed.
  @Test func clientWithASilentSeedTimesOutWithinTheIOTimeout() async throws {
    try await withBlockingWaits {
      let listener = try SilentListener()
      let configuration = RedisClusterConfiguration(connectTimeout: .seconds(1), ioTimeout: .milliseconds(2_500))
      let client = RedisClusterClient(seeds: [listener.address], configuration: configuration)
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: RedisError.noReachableSeed([.timedOut(address: listener.address, operation: .read)])) {
        try client.refreshSlotMap()
      }
      let elapsed = clock.now - start
      #expect(elapsed >= .milliseconds(2_490), "waited \(elapsed): the configured I/O timeout, not a default")
      #expect(elapsed < Self.hangBound, "waited \(elapsed)")
    }
  }

  /// A node that closes a plain connection before it sent a byte, as a port that speaks only TLS
  /// does, gets a hint in the error; a node that had answered on the connection does not.
  @Test func aPlainConnectionClosedBeforeAnyReplyHintsAtTLS() async throws {
    try await withBlockingWaits {
      let node = try HostileNode { request in
        request.starts(with: Array("*1\r\n$4\r\nPING".utf8)) ? .reply(Array("+PONG\r\n".utf8)) : .hangUp
      }
      let address = try RedisAddress(parsing: node.address)
      let ping: [[UInt8]] = [Array("PING".utf8)]
      let echo: [[UInt8]] = [Array("ECHO".utf8), Array("x".utf8)]
      let hint = " before any reply (as a port that speaks only TLS does to a client without TLS)"
      let fresh = try NodeConnection(to: address, deadline: .now + .seconds(2))
      #expect(throws: RedisError.connectionClosed(address: address, reason: "closed by the node" + hint)) {
        _ = try fresh.exchange([echo], deadline: .now + .seconds(2))
      }
      let answered = try NodeConnection(to: address, deadline: .now + .seconds(2))
      #expect(try answered.exchange([ping], deadline: .now + .seconds(2)) == [.simpleString("PONG")])
      #expect(throws: RedisError.connectionClosed(address: address, reason: "closed by the node")) {
        _ = try answered.exchange([echo], deadline: .now + .seconds(2))
      }
    }
  }

  @Test func unresolvableHostCannotConnect() throws {
    let address = RedisAddress(host: "no-such-host.invalid", port: 7000)
    do {
      _ = try NodeConnection(to: address, deadline: .now + .seconds(2))
      Issue.record("connected to \(address)")
    } catch {
      guard case .cannotConnect(let failed, let reason) = error else {
        Issue.record("expected cannot connect, got \(error)")
        return
      }
      #expect(failed == address)
      #expect(reason.hasPrefix("cannot resolve no-such-host.invalid: "))
    }
  }
}

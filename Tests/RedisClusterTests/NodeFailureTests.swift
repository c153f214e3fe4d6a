import Testing

@testable import RedisCluster

/// Failures to reach a node, against local sockets: no cluster is needed.
@Suite struct NodeFailureTests {
  @Test func closedPortCannotConnectWithinTheConnectTimeout() throws {
    let address = try closedLoopbackPort()
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: RedisError.cannotConnect(address: address, reason: "Connection refused")) {
      _ = try NodeConnection(to: address, deadline: .now + .seconds(1))
    }
    #expect(clock.now - start < .seconds(2))
  }

  @Test func clientWithOnlyAClosedSeedReportsWhyNoSeedIsReachable() throws {
    let address = try closedLoopbackPort()
    let client = RedisClusterClient(
      seeds: [address], configuration: RedisClusterConfiguration(connectTimeout: .seconds(1)))
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: RedisError.noReachableSeed([.cannotConnect(address: address, reason: "Connection refused")])) {
      _ = try client.send(RedisCommand(["GET", "k"], keyAt: 1))
    }
    #expect(clock.now - start < .seconds(2), "the connect timeout bounds the call")
  }

  @Test func silentNodeTimesOutWithinTheIOTimeout() throws {
    let listener = try SilentListener()
    let connection = try NodeConnection(to: listener.address, deadline: .now + .seconds(1))
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: RedisError.timedOut(address: listener.address, operation: .read)) {
      _ = try connection.exchange([[Array("PING".utf8)]], deadline: .now + .milliseconds(300))
    }
    let elapsed = clock.now - start
    #expect(elapsed >= .milliseconds(290) && elapsed < .seconds(2), "waited \(elapsed)")
    #expect(!connection.isReusable, "a connection that timed out is not used again")
  }

  @Test func clientWithASilentSeedTimesOutWithinTheIOTimeout() throws {
    let listener = try SilentListener()
    let configuration = RedisClusterConfiguration(connectTimeout: .seconds(1), ioTimeout: .milliseconds(300))
    let client = RedisClusterClient(seeds: [listener.address], configuration: configuration)
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: RedisError.noReachableSeed([.timedOut(address: listener.address, operation: .read)])) {
      try client.refreshSlotMap()
    }
    #expect(clock.now - start < .seconds(2))
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

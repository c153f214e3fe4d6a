import PinyinSearchTestSupport
import Testing

@testable import RedisCluster

/// TLS and credentials as the client checks them: against local sockets that do not speak TLS
/// (no cluster needed), and against the TLS-only cluster of `Scripts/redis-cluster.sh
/// start-secure` when the environment names one (`RedisTestEnvironment`): a certificate that the
/// trusted authorities did not sign, or that does not name the node, a missing client
/// certificate and missing credentials are each a clear error, never a connection.
@Suite struct TLSTests {
  @Test func aCAFileThatCannotBeReadIsNamed() throws {
    let listener = try SilentListener()
    let tls = RedisTLSConfiguration(caFile: "/no/such/ca.crt")
    let client = RedisClusterClient(seeds: [listener.address], configuration: RedisClusterConfiguration(tls: tls))
    #expect(throws: RedisError.tlsConfiguration("cannot read the CA file '/no/such/ca.crt': No such file or directory"))
    {
      try client.refreshSlotMap()
    }
  }

  @Test func aNodeThatDoesNotSpeakTLSFailsTheHandshakeWithinTheDeadline() throws {
    let node = try HostileNode { _ in .reply(Array("-ERR unknown command\r\n".utf8)) }
    let address = try RedisAddress(parsing: node.address)
    let context = try TLSContext(RedisTLSConfiguration())
    let clock = ContinuousClock()
    let start = clock.now
    do {
      _ = try NodeConnection(to: address, deadline: .now + .seconds(1), tls: context)
      Issue.record("a TLS connection to a node that speaks plain RESP")
    } catch {
      guard case .tlsHandshakeFailed(address, _) = error else {
        Issue.record("expected a failed handshake, got \(error)")
        return
      }
    }
    #expect(clock.now - start < .seconds(2))
  }

  @Test func aSilentNodeTimesOutInTheHandshake() throws {
    let listener = try SilentListener()
    let context = try TLSContext(RedisTLSConfiguration())
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: RedisError.timedOut(address: listener.address, operation: .tlsHandshake)) {
      _ = try NodeConnection(to: listener.address, deadline: .now + .milliseconds(300), tls: context)
    }
    #expect(clock.now - start < .seconds(2))
  }

  /// The first node of the secure test cluster, or nil when the test cluster is a plain one.
  static var secureNode: RedisAddress? {
    guard RedisTestEnvironment.isSecure, let addresses = RedisTestEnvironment.addresses else { return nil }
    return try? RedisAddress(parsing: String(addresses.split(separator: ",")[0]))
  }

  /// The handshake's failure with the secure cluster's first node under `tls`, or nil when it
  /// connected.
  static func failure(with tls: RedisTLSConfiguration) throws -> RedisError? {
    let node = try #require(secureNode)
    do {
      _ = try NodeConnection(to: node, deadline: .now + .seconds(2), tls: try TLSContext(tls))
      return nil
    } catch {
      return error
    }
  }

  /// A write to a node that has closed the connection is an error naming the node: OpenSSL's
  /// own socket writes raised SIGPIPE there, which ended the process (seen when a failover test
  /// shut a primary down under TLS). The node closes it on `CLIENT KILL` from another client.
  @Test(.enabled(if: secureNode != nil, "a TLS cluster (start-secure) in the environment"))
  func writesToANodeThatClosedTheConnectionFailWithoutASignal() async throws {
    try await withBlockingWaits {
      let node = try #require(Self.secureNode)
      let context = try TLSContext(try #require(RedisTestEnvironment.tls))
      let credentials = RedisTestEnvironment.credentials
      let closed = try NodeConnection(to: node, deadline: .now + .seconds(5), tls: context, credentials: credentials)
      let reply = try closed.exchange([[Array("CLIENT".utf8), Array("ID".utf8)]], deadline: .now + .seconds(5))
      guard case .integer(let id) = reply[0] else {
        Issue.record("CLIENT ID: \(reply[0])")
        return
      }
      let other = try NodeConnection(to: node, deadline: .now + .seconds(5), tls: context, credentials: credentials)
      _ = try other.exchange(
        [[Array("CLIENT".utf8), Array("KILL".utf8), Array("ID".utf8), Array(String(id).utf8)]],
        deadline: .now + .seconds(5))
      // The first writes may still reach the kernel's buffer; one after the node's reset fails.
      let command = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
      var failure: RedisError?
      for _ in 0..<50 where failure == nil {
        do {
          try closed.write(command, deadline: .now + .seconds(5))
          RedisCluster.Socket.sleep(for: .milliseconds(20))
        } catch let error as RedisError {
          failure = error
        }
      }
      guard case .connectionClosed(node, _)? = failure else {
        Issue.record("expected the connection to \(node) closed, got \(String(describing: failure))")
        return
      }
    }
  }

  @Test(.enabled(if: secureNode != nil, "a TLS cluster (start-secure) in the environment"))
  func aCertificateTheCADidNotSignIsRefused() throws {
    // The client's own certificate as the only authority: it signed nothing.
    let tls = RedisTLSConfiguration(
      caFile: RedisTestEnvironment.certificateFile, certificateFile: RedisTestEnvironment.certificateFile,
      keyFile: RedisTestEnvironment.keyFile)
    let error = try #require(try Self.failure(with: tls))
    guard case .tlsHandshakeFailed(_, let reason) = error else {
      Issue.record("expected a failed handshake, got \(error)")
      return
    }
    #expect(reason.hasPrefix("certificate verify failed: "), "\(reason)")
  }

  @Test(.enabled(if: secureNode != nil, "a TLS cluster (start-secure) in the environment"))
  func aCertificateForAnotherNameIsRefused() throws {
    let tls = RedisTLSConfiguration(
      caFile: RedisTestEnvironment.caFile, certificateFile: RedisTestEnvironment.certificateFile,
      keyFile: RedisTestEnvironment.keyFile, serverName: "redis.example.com")
    let error = try #require(try Self.failure(with: tls))
    #expect(
      error
        == .tlsHandshakeFailed(
          address: try #require(Self.secureNode), reason: "certificate verify failed: hostname mismatch"))
  }

  @Test(.enabled(if: secureNode != nil, "a TLS cluster (start-secure) in the environment"))
  func theRightAuthorityAndNameConnectAndTheServerNameMayBeGiven() throws {
    let tls = RedisTLSConfiguration(
      caFile: RedisTestEnvironment.caFile, certificateFile: RedisTestEnvironment.certificateFile,
      keyFile: RedisTestEnvironment.keyFile, serverName: "localhost")
    #expect(try Self.failure(with: tls) == nil)
  }

  @Test(.enabled(if: secureNode != nil, "a TLS cluster (start-secure) in the environment"))
  func aNodeThatVerifiesClientsRefusesOneWithoutACertificate() throws {
    let node = try #require(Self.secureNode)
    let client = RedisClusterClient(
      seeds: [node],
      configuration: RedisClusterConfiguration(
        credentials: RedisTestEnvironment.credentials, tls: RedisTLSConfiguration(caFile: RedisTestEnvironment.caFile)))
    // The node ends the connection during or just after the handshake (TLS 1.3 sends the
    // refusal after the client's finished message): either way, no answer.
    #expect(throws: RedisError.self) { try client.refreshSlotMap() }
  }

  @Test(.enabled(if: secureNode != nil, "a TLS cluster (start-secure) in the environment"))
  func withoutCredentialsTheDefaultUserIsOffAndWithAWrongPasswordAuthFails() throws {
    let node = try #require(Self.secureNode)
    let anonymous = RedisClusterClient(
      seeds: [node], configuration: RedisClusterConfiguration(tls: RedisTestEnvironment.tls))
    #expect(throws: RedisError.noReachableSeed([.server(code: "NOAUTH", message: "Authentication required.")])) {
      try anonymous.refreshSlotMap()
    }
    let wrong = RedisCredentials(user: RedisTestEnvironment.user, password: "not-the-password")
    let client = RedisClusterClient(
      seeds: [node], configuration: RedisClusterConfiguration(credentials: wrong, tls: RedisTestEnvironment.tls))
    do {
      try client.refreshSlotMap()
      Issue.record("authenticated with a wrong password")
    } catch {
      guard case .authenticationFailed(node, let reason) = error else {
        Issue.record("expected a refused AUTH, got \(error)")
        return
      }
      #expect(reason.hasPrefix("WRONGPASS"), "\(reason)")
      #expect(!"\(error)".contains("not-the-password"))
    }
  }
}

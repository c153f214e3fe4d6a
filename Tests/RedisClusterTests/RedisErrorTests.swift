import Testing

@testable import RedisCluster

@Suite struct RedisErrorTests {
  static let node = RedisAddress(host: "127.0.0.1", port: 7000)

  static let descriptions: [(error: RedisError, text: String)] = [
    (
      .cannotConnect(address: node, reason: "Connection refused"),
      "cannot connect to 127.0.0.1:7000: Connection refused"
    ),
    (.timedOut(address: node, operation: .connect), "timed out connecting to 127.0.0.1:7000"),
    (.timedOut(address: node, operation: .write), "timed out writing to 127.0.0.1:7000"),
    (.timedOut(address: node, operation: .read), "timed out waiting for a reply from 127.0.0.1:7000"),
    (
      .timedOut(address: node, operation: .tlsHandshake),
      "timed out in the TLS handshake with 127.0.0.1:7000 (a port without TLS does not answer one)"
    ),
    (
      .connectionClosed(address: node, reason: "closed by the node"),
      "connection to 127.0.0.1:7000 closed: closed by the node"
    ),
    (
      .protocolError(address: node, detail: "line feed without a carriage return", offset: 12),
      "protocol error from 127.0.0.1:7000 at byte 12: line feed without a carriage return"
    ),
    (
      .protocolError(address: node, detail: "CLUSTER SLOTS reply: not an array", offset: nil),
      "protocol error from 127.0.0.1:7000: CLUSTER SLOTS reply: not an array"
    ),
    (
      .server(code: "WRONGTYPE", message: "Operation against a key holding the wrong kind of value"),
      "server error WRONGTYPE: Operation against a key holding the wrong kind of value"
    ),
    (.server(code: "ERR", message: ""), "server error ERR"),
    (.slotNotServed(HashSlot(rawValue: 42)!), "hash slot 42 is not served by any node"),
    (
      .clusterUnavailable(attempts: 6, lastError: .server(code: "CLUSTERDOWN", message: "The cluster is down")),
      "cluster unavailable after 6 attempts: server error CLUSTERDOWN: The cluster is down"
    ),
    (.noReachableSeed([]), "no reachable seed node"),
    (
      .noReachableSeed([.timedOut(address: node, operation: .read), .cannotConnect(address: node, reason: "x")]),
      "no reachable seed node: timed out waiting for a reply from 127.0.0.1:7000; cannot connect to 127.0.0.1:7000: x"
    ),
    (
      .tooManyRedirections(count: 5, slot: HashSlot(rawValue: 7)!, address: node),
      "too many redirections (5), the last for hash slot 7 to 127.0.0.1:7000"
    ),
    (.invalidAddress("nope"), "invalid node address 'nope' (expected host:port)"),
  ]

  @Test(arguments: descriptions)
  func descriptionIsASentenceNamingWhatAndWhere(_ error: RedisError, _ text: String) {
    #expect(error.description == text)
  }

  @Test func errorRepliesSplitIntoCodeAndMessage() {
    #expect(RedisError.serverError("WRONGTYPE Operation x") == .server(code: "WRONGTYPE", message: "Operation x"))
    #expect(RedisError.serverError("NOAUTH") == .server(code: "NOAUTH", message: ""))
  }

  @Test func backoffDoublesUpToTheBound() {
    let configuration = RedisClusterConfiguration(retryBackoff: .milliseconds(50), maxRetryBackoff: .milliseconds(300))
    let waits = (1...6).map { configuration.backoff(beforeRetry: $0) }
    #expect(waits == [50, 100, 200, 300, 300, 300].map { Duration.milliseconds($0) })
  }
}

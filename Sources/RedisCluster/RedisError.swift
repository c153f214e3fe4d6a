/// An error of the Redis Cluster client, naming what failed and where.
///
/// Each case's ``description`` is a sentence fit for a command-line message, such as
/// `cannot connect to 127.0.0.1:7000: Connection refused`.
public enum RedisError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the client was doing when a timeout passed.
  public enum Operation: String, Hashable, Sendable {
    /// Opening the TCP connection.
    case connect
    /// Sending commands.
    case write
    /// Waiting for replies.
    case read
    /// The TLS handshake, after the TCP connection was open: a port that does not speak TLS
    /// (a plain Redis port) reads the client's first message as a command and never answers.
    case tlsHandshake
  }

  /// No TCP connection could be opened: the address does not resolve, or the node refused.
  case cannotConnect(address: RedisAddress, reason: String)
  /// The node did not accept the connection, take the commands, or reply in time.
  case timedOut(address: RedisAddress, operation: Operation)
  /// The node closed the connection, or it failed, before all replies had arrived.
  case connectionClosed(address: RedisAddress, reason: String)
  /// The node sent bytes that are not RESP2 (`offset` counts from the first byte it sent on
  /// the connection), or a reply of the wrong shape for what the client asked (`offset` is nil).
  case protocolError(address: RedisAddress, detail: String, offset: Int?)
  /// The node answered the command with an error, such as `WRONGTYPE`, `ERR` or `NOSCRIPT`.
  case server(code: String, message: String)
  /// No node serves the command's slot in the client's slot map.
  case slotNotServed(HashSlot)
  /// The command still failed after the configured number of attempts; `lastError` is why.
  indirect case clusterUnavailable(attempts: Int, lastError: RedisError)
  /// The call's time limit (``RedisClusterConfiguration/timeout``) passed before the command
  /// was answered; `lastError` is why its last attempt failed.
  indirect case timeLimitExceeded(limit: Duration, lastError: RedisError)
  /// No seed (nor any node the client knew) answered `CLUSTER SLOTS`; one error per node tried.
  case noReachableSeed([RedisError])
  /// The command was redirected more times than the configuration allows; the last redirection
  /// was to `address` for `slot`.
  case tooManyRedirections(count: Int, slot: HashSlot, address: RedisAddress)
  /// A node's address is not `host:port`; the text as given (with any credentials written
  /// before an `@` left out).
  case invalidAddress(String)
  /// The node refused the client's credentials (`AUTH`); `reason` is its error line, such as
  /// `WRONGPASS invalid username-password pair or user is disabled.`
  case authenticationFailed(address: RedisAddress, reason: String)
  /// The TLS configuration cannot be used: a file that cannot be read, or that holds no
  /// certificate or key OpenSSL can use.
  case tlsConfiguration(String)
  /// The TLS handshake with the node failed: its certificate was not trusted or does not name
  /// it, or the node does not speak TLS.
  case tlsHandshakeFailed(address: RedisAddress, reason: String)
  /// TLS is not supported yet on this platform: the client speaks TLS through the system's
  /// OpenSSL, on Linux.
  case tlsUnavailable
  /// Fewer replicas of the primary at `address` than asked acknowledged its writes in time
  /// (``RedisClusterClient/waitForReplicas(_:timeout:marker:)``).
  case replicasMissing(address: RedisAddress, acknowledged: Int, wanted: Int)

  /// The error as a sentence for a command-line message.
  public var description: String {
    switch self {
    case .cannotConnect(let address, let reason):
      return "cannot connect to \(address): \(reason)"
    case .timedOut(let address, let operation):
      switch operation {
      case .connect: return "timed out connecting to \(address)"
      case .write: return "timed out writing to \(address)"
      case .read: return "timed out waiting for a reply from \(address)"
      case .tlsHandshake:
        return "timed out in the TLS handshake with \(address) (a port without TLS does not answer one)"
      }
    case .connectionClosed(let address, let reason):
      return "connection to \(address) closed: \(reason)"
    case .protocolError(let address, let detail, let offset?):
      return "protocol error from \(address) at byte \(offset): \(detail)"
    case .protocolError(let address, let detail, nil):
      return "protocol error from \(address): \(detail)"
    case .server(let code, let message):
      return message.isEmpty ? "server error \(code)" : "server error \(code): \(message)"
    case .slotNotServed(let slot):
      return "hash slot \(slot) is not served by any node"
    case .clusterUnavailable(let attempts, let lastError):
      return "cluster unavailable after \(attempts) attempts: \(lastError)"
    case .timeLimitExceeded(let limit, let lastError):
      return "cluster unavailable: no answer within the time limit of \(limit): \(lastError)"
    case .noReachableSeed(let errors):
      let reasons = errors.map(\.description).joined(separator: "; ")
      return "no reachable seed node" + (reasons.isEmpty ? "" : ": " + reasons)
    case .tooManyRedirections(let count, let slot, let address):
      return "too many redirections (\(count)), the last for hash slot \(slot) to \(address)"
    case .invalidAddress(let text):
      return "invalid node address '\(text)' (expected host:port)"
    case .authenticationFailed(let address, let reason):
      return "authentication to \(address) failed: \(reason)"
    case .tlsConfiguration(let detail):
      return "TLS configuration: \(detail)"
    case .tlsHandshakeFailed(let address, let reason):
      return "TLS handshake with \(address) failed: \(reason)"
    case .tlsUnavailable:
      return "TLS is not supported yet on this platform (the client speaks TLS through OpenSSL, on Linux)"
    case .replicasMissing(let address, let acknowledged, let wanted):
      return "\(acknowledged) of the \(wanted) replicas asked for acknowledged the writes to \(address) in time"
    }
  }
}

extension RedisError {
  /// Whether sending the command again, or asking another node, would only fail the same way: a
  /// node that broke the protocol, refused the credentials or the TLS handshake, or a TLS
  /// configuration that cannot be used.
  var isPermanent: Bool {
    switch self {
    case .protocolError, .authenticationFailed, .tlsConfiguration, .tlsHandshakeFailed, .tlsUnavailable: true
    default: false
    }
  }

  /// Whether every node would fail the same way, so that the search for a reachable one can stop.
  var isTheSameOnEveryNode: Bool {
    switch self {
    case .authenticationFailed, .tlsConfiguration, .tlsUnavailable: true
    default: false
    }
  }
}

/// The timeouts, retry limits and reply size limit of a ``RedisClusterClient``, every one
/// bounded, and the credentials and TLS it connects with.
///
/// The defaults suit a cluster on a local network: connect within 1 s, give a node 2 s to take a
/// round of commands and send all of its replies, follow up to 5 redirections per command,
/// retry a command up to 5 times during a failover (waiting 50 ms, then twice as long each time
/// up to 1 s), give a whole call 5 s, and refuse a reply of more than 64 MiB.
///
/// A call's worst case is ``timeout``: every connection, exchange, slot-map read and backoff of
/// the call ends by then, and the call fails with
/// ``RedisError/timeLimitExceeded(limit:lastError:)`` (or an earlier error). Only a host name's
/// resolution by the system may outlast it, on a thread of its own that the call does not wait
/// for.
public struct RedisClusterConfiguration: Hashable, Sendable {
  /// The longest wait for a TCP connection to open, in `0.001...60` seconds; 1 s by default.
  public let connectTimeout: Duration
  /// The longest a node may take to take one round of commands and to send all of their
  /// replies, however its bytes arrive, in `0.001...600` seconds; 2 s by default. A node that
  /// passes it counts as failed: the client reads the slot map again and retries.
  public let ioTimeout: Duration
  /// The longest one call (``RedisClusterClient/send(_:)-(_:[RedisCommand])``,
  /// ``RedisClusterClient/refreshSlotMap()``) may take, retries, redirections, slot-map reads
  /// and backoffs included, in `0.001...3600` seconds; 5 s by default.
  public let timeout: Duration
  /// The most bytes one reply may take, in `1024...536870912`; 64 MiB by default. The client
  /// refuses a longer reply as soon as its announced lengths pass the limit, before buffering
  /// it (``RedisError/protocolError(address:detail:offset:)``).
  public let maxReplyBytes: Int
  /// The user and password sent (`AUTH`) on every connection, or nil to send none.
  public let credentials: RedisCredentials?
  /// How to speak TLS to the nodes, or nil for plain TCP.
  public let tls: RedisTLSConfiguration?
  /// How many `MOVED` or `ASK` redirections one command follows, in `1...100`; 5 by default.
  public let maxRedirections: Int
  /// How many times a command is sent again after a connection failure, a timeout,
  /// `TRYAGAIN`, `CLUSTERDOWN` or an unserved slot, in `0...100`; 5 by default.
  ///
  /// A command that timed out or whose connection failed may have run: a command that is not
  /// idempotent (`INCR`, `LPUSH`) may run twice. Set 0 to never send a command again.
  public let maxRetries: Int
  /// The wait before the first retry, in `0...10` seconds; 50 ms by default. Each later wait
  /// doubles, up to ``maxRetryBackoff``.
  public let retryBackoff: Duration
  /// The longest wait between two retries, in `0...10` seconds and at least ``retryBackoff``;
  /// 1 s by default.
  public let maxRetryBackoff: Duration

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - connectTimeout: The longest wait for a connection, in `0.001...60` seconds.
  ///   - ioTimeout: The longest a node may take to take a round of commands and send all of
  ///     their replies, in `0.001...600` seconds.
  ///   - timeout: The longest a whole call may take, in `0.001...3600` seconds.
  ///   - maxReplyBytes: The most bytes of one reply, in `1024...536870912`.
  ///   - credentials: The user and password to authenticate with, or nil.
  ///   - tls: The TLS configuration, or nil for plain TCP.
  ///   - maxRedirections: How many redirections one command follows, in `1...100`.
  ///   - maxRetries: How many times a failed command is sent again, in `0...100`.
  ///   - retryBackoff: The first wait between attempts, in `0...10` seconds.
  ///   - maxRetryBackoff: The longest wait between attempts, in `retryBackoff...10` seconds.
  public init(
    connectTimeout: Duration = .seconds(1),
    ioTimeout: Duration = .seconds(2),
    timeout: Duration = .seconds(5),
    maxReplyBytes: Int = 64 << 20,
    credentials: RedisCredentials? = nil,
    tls: RedisTLSConfiguration? = nil,
    maxRedirections: Int = 5,
    maxRetries: Int = 5,
    retryBackoff: Duration = .milliseconds(50),
    maxRetryBackoff: Duration = .seconds(1)
  ) {
    precondition(
      connectTimeout >= .milliseconds(1) && connectTimeout <= .seconds(60),
      "connectTimeout must be within 1 ms...60 s, not \(connectTimeout)"
    )
    precondition(
      ioTimeout >= .milliseconds(1) && ioTimeout <= .seconds(600),
      "ioTimeout must be within 1 ms...600 s, not \(ioTimeout)"
    )
    precondition(
      timeout >= .milliseconds(1) && timeout <= .seconds(3600), "timeout must be within 1 ms...3600 s, not \(timeout)")
    precondition(
      (1024...(512 << 20)).contains(maxReplyBytes),
      "maxReplyBytes must be within 1024...536870912, not \(maxReplyBytes)")
    precondition((1...100).contains(maxRedirections), "maxRedirections must be within 1...100, not \(maxRedirections)")
    precondition((0...100).contains(maxRetries), "maxRetries must be within 0...100, not \(maxRetries)")
    precondition(
      retryBackoff >= .zero && retryBackoff <= maxRetryBackoff && maxRetryBackoff <= .seconds(10),
      "retry backoffs must satisfy 0 <= retryBackoff <= maxRetryBackoff <= 10 s, not \(retryBackoff) and \(maxRetryBackoff)"
    )
    self.connectTimeout = connectTimeout
    self.ioTimeout = ioTimeout
    self.timeout = timeout
    self.maxReplyBytes = maxReplyBytes
    self.credentials = credentials
    self.tls = tls
    self.maxRedirections = maxRedirections
    self.maxRetries = maxRetries
    self.retryBackoff = retryBackoff
    self.maxRetryBackoff = maxRetryBackoff
  }

  /// The wait before retry number `retry` (1 for the first): the backoff doubled each time,
  /// capped at ``maxRetryBackoff``.
  func backoff(beforeRetry retry: Int) -> Duration {
    var wait = retryBackoff
    for _ in 1..<max(retry, 1) where wait < maxRetryBackoff {
      wait = wait * 2
    }
    return min(wait, maxRetryBackoff)
  }
}

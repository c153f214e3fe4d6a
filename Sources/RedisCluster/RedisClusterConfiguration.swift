/// The timeouts and retry limits of a ``RedisClusterClient``; every one is bounded.
///
/// The defaults suit a cluster on a local network: connect within 1 s, wait at most 2 s for a
/// node to take or send bytes, follow up to 5 redirections per command, and retry a command up
/// to 5 times during a failover, waiting 50 ms, then twice as long each time up to 1 s.
///
/// A command's worst case is bounded: each attempt costs at most the connect timeout and two
/// I/O timeouts per node tried, plus the slot-map refresh and the backoff between attempts.
public struct RedisClusterConfiguration: Hashable, Sendable {
  /// The longest wait for a TCP connection to open, in `0.001...60` seconds; 1 s by default.
  public let connectTimeout: Duration
  /// The longest wait for a node to take commands or send the next bytes of its replies, in
  /// `0.001...600` seconds; 2 s by default.
  public let ioTimeout: Duration
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
  ///   - ioTimeout: The longest wait for a node to take or send bytes, in `0.001...600` seconds.
  ///   - maxRedirections: How many redirections one command follows, in `1...100`.
  ///   - maxRetries: How many times a failed command is sent again, in `0...100`.
  ///   - retryBackoff: The first wait between attempts, in `0...10` seconds.
  ///   - maxRetryBackoff: The longest wait between attempts, in `retryBackoff...10` seconds.
  public init(
    connectTimeout: Duration = .seconds(1),
    ioTimeout: Duration = .seconds(2),
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
    precondition((1...100).contains(maxRedirections), "maxRedirections must be within 1...100, not \(maxRedirections)")
    precondition((0...100).contains(maxRetries), "maxRetries must be within 0...100, not \(maxRetries)")
    precondition(
      retryBackoff >= .zero && retryBackoff <= maxRetryBackoff && maxRetryBackoff <= .seconds(10),
      "retry backoffs must satisfy 0 <= retryBackoff <= maxRetryBackoff <= 10 s, not \(retryBackoff) and \(maxRetryBackoff)"
    )
    self.connectTimeout = connectTimeout
    self.ioTimeout = ioTimeout
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

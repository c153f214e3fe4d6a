#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `RedisIndex.synchronize(with:writing:)` keeps to one writer per namespace and how far
/// its writes must be copied before it returns.
///
/// A synchronization first takes the namespace's lease (`NS:lease`: a random token and
/// `holder`, expiring after `leaseTimeToLive`), renews it every third of that while it writes,
/// and releases it at the end. Another writer waits up to `leaseWait` for it, then fails naming
/// the holder; a writer that was killed leaves a lease that expires by itself, and the next
/// synchronization finishes what it left half done. With `replicas` above 0, the call returns
/// only once that many replicas of every primary have every write (`WAIT`).
///
///     let options = RedisWriteOptions(holder: "nightly import", leaseWait: .seconds(30), replicas: 1)
///     try index.synchronize(with: records, writing: options)
public struct RedisWriteOptions: Hashable, Sendable {
  /// Who writes, as a second writer's error names it (such as `pinyin-search index on host
  /// (pid 4242)`); `a pinyin-search writer (pid N)` by default.
  public var holder: String
  /// How long to wait for another writer's lease to end before failing; 0 (the default) fails
  /// at once.
  public var leaseWait: Duration
  /// How long the lease lasts without a renewal: how long a killed writer blocks the namespace.
  /// 15 s by default; renewed every third of it.
  public var leaseTimeToLive: Duration
  /// How many replicas of each primary must acknowledge the writes (`WAIT`) before the call
  /// returns; 0 (the default) waits for none.
  public var replicas: Int
  /// How long each primary waits for its replicas' acknowledgement; 1 s by default.
  public var replicaTimeout: Duration

  /// Options for a synchronization.
  ///
  /// - Parameters:
  ///   - holder: Who writes, for a second writer's error; nil for `a pinyin-search writer (pid N)`.
  ///   - leaseWait: How long to wait for another writer, from 0.
  ///   - leaseTimeToLive: How long a lease lasts unless renewed, at least 0.3 s.
  ///   - replicas: How many replicas of each primary must acknowledge the writes, from 0.
  ///   - replicaTimeout: How long each primary waits for them.
  public init(
    holder: String? = nil, leaseWait: Duration = .zero, leaseTimeToLive: Duration = .seconds(15), replicas: Int = 0,
    replicaTimeout: Duration = .seconds(1)
  ) {
    precondition(leaseWait >= .zero && leaseTimeToLive >= .milliseconds(300), "a lease of at least 0.3 s")
    precondition(replicas >= 0, "a number of replicas from 0")
    self.holder = holder ?? "a pinyin-search writer (pid \(getpid()))"
    self.leaseWait = leaseWait
    self.leaseTimeToLive = leaseTimeToLive
    self.replicas = replicas
    self.replicaTimeout = replicaTimeout
  }
}

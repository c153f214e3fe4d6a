import Dispatch
import PinyinSearch
import PinyinSearchRedis
import PinyinSearchTestSupport
import RedisCluster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Redis Cluster the tests run against, named by the environment (`.ci/run` starts one with
/// Scripts/redis-cluster.sh), and what the tests share to use it.
enum RedisTestCluster {
  /// The nodes of `PINYIN_SEARCH_REDIS_CLUSTER` (`127.0.0.1:7000,127.0.0.1:7001,…`), or nil.
  static let addresses: [String]? = RedisTestEnvironment.addresses?.split(separator: ",").map(String.init)

  /// The nodes of `PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER`, a cluster a test may kill a node of, or nil.
  static let failoverAddresses: [String]? = RedisTestEnvironment.failoverAddresses?.split(separator: ",").map(
    String.init)

  /// A client of the test cluster with `configuration`, its credentials and TLS added.
  static func client(
    _ configuration: RedisClusterConfiguration = RedisClusterConfiguration()
  ) throws -> RedisClusterClient {
    try RedisClusterClient(
      seeds: (addresses ?? []).joined(separator: ","), configuration: RedisTestEnvironment.secured(configuration))
  }

  /// A namespace no test used before: tests share the cluster and run at the same time.
  static func freshNamespace() throws -> RedisNamespace {
    try RedisNamespace("test-\(UInt64.random(in: 0 ... .max))")
  }
}

/// A flag one thread sets and another reads.
final class ManagedFlag: Sendable {
  private let value = Locked(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}

/// A closure run on a thread of its own, waited for with `join()`.
final class Thread: Sendable {
  private let body: @Sendable () -> Void
  private let finished = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Void) { self.body = body }

  func start() {
    DispatchQueue.global().async { [self] in
      body()
      finished.signal()
    }
  }

  func join() { finished.wait() }
}

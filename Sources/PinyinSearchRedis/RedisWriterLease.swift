import Dispatch
import PinyinSearch
import RedisCluster

/// The lease that makes one process at a time the writer of a namespace: the key `NS:lease`
/// holds a random token and who holds it, and expires unless renewed.
///
/// Taking it is `SET NX PX`; a thread renews it every third of its time to live, only while
/// the key still holds this lease's token (a script, so that checking and renewing are one
/// step), and releasing it deletes the key the same way. A renewal that finds another token, or
/// none, or that cannot reach the cluster until the lease would have ended, marks the lease
/// lost: the writer's next `check()` throws, and it stops before its next batch. A killed
/// writer's lease simply expires.
final class RedisWriterLease: Sendable {
  private let namespace: RedisNamespace
  private let client: RedisClusterClient
  /// The key's value: a random token, a space, and who holds the lease.
  private let value: [UInt8]
  private let timeToLive: Duration
  /// Set by the renewal thread, read before each batch (`check()`); `Locked`, not `Atomic`,
  /// which needs iOS 18 and macOS 15.
  private let isLost = Locked(false)
  private let stopRenewing = DispatchSemaphore(value: 0)
  private let renewalEnded = DispatchSemaphore(value: 0)

  /// `if GET(key) == token then PEXPIRE(key, ms)`, as one step.
  private static let renewal = Array(
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0".utf8)
  /// `if GET(key) == token then DEL(key)`, as one step.
  private static let release = Array(
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0".utf8)

  /// Takes the lease of `namespace`, waiting up to `options.leaseWait` for another writer's to
  /// end, and starts renewing it.
  ///
  /// - Throws: `RedisIndexError.namespaceBusy` naming the other writer when its lease did not
  ///   end in time; `.redis` when the cluster fails.
  init(acquiring namespace: RedisNamespace, client: RedisClusterClient, options: RedisWriteOptions)
    throws(RedisIndexError)
  {
    self.namespace = namespace
    self.client = client
    let token = String(UInt64.random(in: 0 ... .max), radix: 16) + String(UInt64.random(in: 0 ... .max), radix: 16)
    value = Array("\(token) \(options.holder)".utf8)
    timeToLive = options.leaseTimeToLive
    let giveUp = ContinuousClock.now + options.leaseWait
    while true {
      let key = namespace.leaseKey
      let replies = try RedisIndex.execute(
        [
          [Array("SET".utf8), key, value, Array("NX".utf8), Array("PX".utf8), Self.milliseconds(timeToLive)],
          [Array("GET".utf8), key], [Array("PTTL".utf8), key],
        ], client: client)
      if case .simpleString = replies[0] { break }
      let now = ContinuousClock.now
      guard now < giveUp else {
        let holder = (try RedisIndex.bulk(replies[1], key: key)).map(Self.holder(of:)) ?? "a writer that just ended"
        let remaining: Duration =
          if case .integer(let left) = replies[2], left > 0 { .milliseconds(left) } else { .zero }
        throw .namespaceBusy(namespace: namespace.name, holder: holder, remaining: remaining)
      }
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(min(100, Self.whole(giveUp - now))))
    }
    // A queue of its own gets a thread of its own: the global queues' threads may all be
    // busy with the writes (`DispatchQueue.concurrentPerform`), which would starve the renewals.
    DispatchQueue(label: "RedisWriterLease renewal").async { [self] in renewUntilStopped() }
  }

  /// Throws if the lease was lost: the writer must stop writing.
  ///
  /// - Throws: `RedisIndexError.leaseLost`.
  func check() throws(RedisIndexError) {
    if isLost.withLock({ $0 }) { throw .leaseLost(namespace: namespace.name) }
  }

  /// Stops renewing and deletes the key if it still holds this lease. Call once.
  func release() {
    stopRenewing.signal()
    renewalEnded.wait()
    _ = try? evaluate(Self.release)
  }

  /// Renews the lease every third of its time to live until `release()`; marks it lost when a
  /// renewal finds it gone or taken, or none succeeded for as long as it lives.
  private func renewUntilStopped() {
    defer { renewalEnded.signal() }
    var lastRenewal = ContinuousClock.now
    while stopRenewing.wait(timeout: .now() + .milliseconds(Self.whole(timeToLive / 3))) == .timedOut {
      do throws(RedisError) {
        guard case .integer(1) = try evaluate(Self.renewal, Self.milliseconds(timeToLive)) else {
          isLost.withLock { $0 = true }
          return
        }
        lastRenewal = .now
      } catch {
        guard ContinuousClock.now - lastRenewal < timeToLive else {
          isLost.withLock { $0 = true }
          return
        }
      }
    }
  }

  /// The reply to `EVAL script 1 NS:lease value arguments…`.
  private func evaluate(_ script: [UInt8], _ arguments: [UInt8]...) throws(RedisError) -> RESPValue {
    let command = [Array("EVAL".utf8), script, Array("1".utf8), namespace.leaseKey, value] + arguments
    return try client.send(RedisCommand(command, keyAt: 3))
  }

  /// Who holds a lease, from its key's value (after the token).
  private static func holder(of value: [UInt8]) -> String {
    let afterToken = value.drop { $0 != UInt8(ascii: " ") }.dropFirst()
    return afterToken.isEmpty ? "another program" : String(decoding: afterToken, as: UTF8.self)
  }

  /// `duration` in whole milliseconds, as a `PX` argument.
  private static func milliseconds(_ duration: Duration) -> [UInt8] {
    Array(String(whole(duration)).utf8)
  }

  /// `duration` in whole milliseconds, at least 1.
  private static func whole(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(1, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}

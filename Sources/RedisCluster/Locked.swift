#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a POSIX mutex, for state that several threads share briefly.
///
/// `Mutex` of the Synchronization library needs iOS 18 and macOS 15, and the package runs from
/// iOS 16 and macOS 13 (README, "Platforms"); and ThreadSanitizer on Linux does not see the futex
/// of its contended path and reports races that are not there; with a POSIX mutex, which it
/// understands, the client's concurrency tests run clean under `--sanitize=thread`.
///
/// The twin of `PinyinSearch`'s `Locked`, kept apart on purpose: this client depends on nothing
/// but the standard library and the C library, so that it knows nothing of pinyin and could be
/// a package of its own (Docs/Architecture.md).
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the mutex held.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

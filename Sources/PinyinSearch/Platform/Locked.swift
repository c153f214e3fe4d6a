#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a POSIX mutex, for state that threads share briefly: the results of a
/// build's tasks, the progress of a build, and (through `package` access) the tool's and the
/// Redis index's shared state.
///
///     let done = Locked(0)
///     done.withLock { $0 += 4096 }
///     done.withLock { $0 }  // 4096
///
/// Not `Mutex` or `Atomic` of the Synchronization library: they need iOS 18 and macOS 15, and the
/// package runs from iOS 16 and macOS 13 (README, "Platforms"); and the thread sanitizer on Linux
/// does not see the futex of `Mutex`'s contended path. Not `os_unfair_lock` on Darwin: one
/// implementation everywhere is the one the Linux tests, the thread sanitizer and the Apple
/// type-check (whose Darwin is glibc's headers) all see. The search path takes it only for a
/// query with a unit longer than a key (`LongUnitsOnDemand`); its other users run once per task
/// of a build, per 4,096 records indexed, per batch loaded.
///
/// `@unchecked Sendable` is safe because `value` is private and only touched inside `withLock`,
/// with the mutex held, and values of a `Sendable` type only; the mutex lives at a fixed heap
/// address for the object's lifetime, as POSIX requires, and is destroyed only in `deinit`,
/// when no thread can hold it.
package final class Locked<Value> {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// `value`, behind a mutex of its own.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Calls `body` with the value, the mutex held.
  ///
  /// - Throws: What `body` throws.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

extension Locked: @unchecked Sendable where Value: Sendable {}

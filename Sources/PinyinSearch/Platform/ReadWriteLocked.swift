#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that many threads may read at once and one thread at a time may change, behind a
/// POSIX read-write lock that prefers writers (so that a stream of searches cannot starve an add).
///
///     let counter = ReadWriteLocked(0)
///     counter.write { $0 += 1 }
///     counter.read { $0 }  // 1
///
/// `@unchecked Sendable` is safe because `value` is private and only touched inside `read`
/// (under the shared lock, by reference to an immutable view) and `write` (under the exclusive
/// lock); the lock itself lives at a fixed heap address for the object's lifetime, as POSIX
/// requires, and is destroyed only in `deinit`, when no thread can hold it.
final class ReadWriteLocked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock: UnsafeMutablePointer<pthread_rwlock_t>

  init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    var attributes = pthread_rwlockattr_t()
    pthread_rwlockattr_init(&attributes)
    #if canImport(Glibc)
      pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
    #endif
    let status = pthread_rwlock_init(lock, &attributes)
    pthread_rwlockattr_destroy(&attributes)
    precondition(status == 0, "pthread_rwlock_init failed with \(status)")
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  /// Calls `body` with the value while no writer can change it; readers run concurrently.
  func read<Result>(_ body: (borrowing Value) throws -> Result) rethrows -> Result {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body(value)
  }

  /// Calls `body` with exclusive access to the value.
  func write<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body(&value)
  }
}

extension ReadWriteLocked {
  /// The value cached for `key`, made by `make` under the write lock the first time: readers
  /// share the lock once it is there, and two callers never both make it (for values whose
  /// storage is never freed, a second one would be lost).
  func value<Key: Hashable, Cached>(for key: Key, orMake make: () -> Cached) -> Cached
  where Value == [Key: Cached] {
    if let cached = read({ $0[key] }) { return cached }
    return write { values in
      if let existing = values[key] { return existing }
      let made = make()
      values[key] = made
      return made
    }
  }
}

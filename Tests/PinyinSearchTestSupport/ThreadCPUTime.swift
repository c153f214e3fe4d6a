#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processor time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): what a
/// computation on this thread costs, which, unlike the wall clock, does not grow while other
/// processes or tests hold the processors. Tests that bound the cost of work done on the calling
/// thread measure with it, so that a loaded machine cannot fail them.
///
///     let (_, cost) = ThreadCPUTime.measure { engine.search(query) }
public enum ThreadCPUTime {
  /// The processor time this thread has used so far.
  public static var now: Duration {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else {
      preconditionFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed: errno \(errno)")
    }
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// The result of `body`, and the processor time it used on this thread (work it hands to
  /// other threads is not counted).
  public static func measure<Result>(_ body: () throws -> Result) rethrows -> (result: Result, cost: Duration) {
    let start = now
    let result = try body()
    return (result, now - start)
  }
}

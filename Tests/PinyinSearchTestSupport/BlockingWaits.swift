import Dispatch

/// Runs `body`, test code that blocks its thread (waits for a socket, a timeout or a child
/// process), without holding one of the threads that the tests share.
///
/// Swift Testing runs tests as tasks on Swift's cooperative threads, one per processor: on a
/// two-core machine a test that waits two seconds in `poll` or `waitpid` halves the run's
/// throughput for that long. Under `BlockingWaitExecutor`, `body` runs in the same task, so its
/// `#expect`s report to its test, but on a thread of its own. Where task executors are not
/// available (before macOS 15 and iOS 18), `body` runs where the test runs.
///
/// ```swift
/// @Test func aSilentNodeTimesOut() async throws {
///   try await withBlockingWaits { try client.refreshSlotMap() }
/// }
/// ```
public func withBlockingWaits<Result>(_ body: () throws -> Result) async rethrows -> Result {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    return try await withTaskExecutorPreference(BlockingWaitExecutor.shared) { try body() }
  }
  return try body()
}

/// A task executor that runs each job on a serial Dispatch queue of its own: such queues get a
/// thread even when every processor is busy or blocked, unlike Swift's cooperative threads.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class BlockingWaitExecutor: TaskExecutor {
  static let shared = BlockingWaitExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue(label: "PinyinSearchTestSupport.BlockingWaitExecutor").async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}

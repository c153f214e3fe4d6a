import Dispatch

/// Work run on a thread of Dispatch's global queue while the calling task is suspended: for the
/// calls that take long enough (opening or saving a snapshot, building an index) that an async
/// caller must not run them on its own thread, which belongs to the cooperative pool. No thread
/// waits for another: the work resumes the task when it is done.
enum BackgroundWork {
  /// The value of `work`, run on another thread.
  ///
  /// - Throws: What `work` throws.
  static func run<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(returning: Result { () throws(Failure) -> Value in try work() })
      }
    }
    return try result.get()
  }
}

/// The engine in async code: waiting for the index without blocking a thread, a stream of its
/// status for progress views, and snapshots opened and saved off the caller's thread.
///
/// `search` stays synchronous: it takes microseconds, less than a task switch, and never waits
/// for a build (searches read the last index and the changes since under a shared lock).
///
///     let engine = HybridEngine(contacts)
///     Task { for await status in engine.statusUpdates { progress = status } }
///     await engine.indexed()
///     let results = engine.search("lyf")
extension HybridEngine {
  /// What waits on the engine's builds, behind a lock of its own, taken before the state's.
  struct Listeners {
    /// The tasks suspended in `indexed()`, by token.
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    /// The tokens of waiting tasks cancelled before they were suspended.
    var cancelled: Set<UInt64> = []
    /// The streams of `statusUpdates`, by token.
    var observers: [UInt64: AsyncStream<IndexStatus>.Continuation] = [:]
    /// The last token handed out.
    var lastToken: UInt64 = 0

    /// A new token.
    mutating func nextToken() -> UInt64 {
      lastToken += 1
      return lastToken
    }
  }

  /// Returns once no index build is running or due, including builds that finishing ones
  /// start, as `waitUntilIndexed()` does, but without blocking a thread: the task is suspended
  /// and the build's end resumes it. A cancelled task returns at once.
  public func indexed() async {
    let token = listeners.write { $0.nextToken() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let waits = listeners.write { listeners -> Bool in
          guard !listeners.cancelled.contains(token), state.read({ $0.journal != nil }) else { return false }
          listeners.waiters[token] = continuation
          return true
        }
        if !waits { continuation.resume() }
      }
    } onCancel: {
      let waiter = listeners.write { listeners in
        listeners.cancelled.insert(token)
        return listeners.waiters.removeValue(forKey: token)
      }
      waiter?.resume()
    }
    listeners.write { _ = $0.cancelled.remove(token) }
  }

  /// The engine's status now, then at each change of it: a build started, progress in a build
  /// (every few thousand records), a build done, records added or removed. A slow reader sees
  /// the latest status, not every one; the stream ends when its reader stops reading.
  ///
  ///     for await status in engine.statusUpdates where status.isBuilding {
  ///       print("\(status.builtRecordCount) of \(status.buildRecordCount)")
  ///     }
  public var statusUpdates: AsyncStream<IndexStatus> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let token = listeners.write { listeners in
        let token = listeners.nextToken()
        listeners.observers[token] = continuation
        return token
      }
      continuation.onTermination = { [weak self] _ in
        _ = self?.listeners.write { $0.observers.removeValue(forKey: token) }
      }
      continuation.yield(status)
    }
  }

  /// Opens the snapshot at `path` as `init(contentsOfSnapshot:options:validation:)` does, on
  /// another thread while the calling task is suspended.
  ///
  /// - Throws: `SnapshotError`; see ``HashIndexEngine/init(contentsOfSnapshot:options:validation:)``.
  public static func open(
    contentsOfSnapshot path: String, options: SearchOptions? = nil, validation: SnapshotValidation = .checksum
  ) async throws(SnapshotError) -> HybridEngine {
    try await BackgroundWork.run { () throws(SnapshotError) -> HybridEngine in
      try HybridEngine(contentsOfSnapshot: path, options: options, validation: validation)
    }
  }

  /// Saves every record and an index of them to `path` as `save(toSnapshot:)` does (indexing the
  /// records changed since the last build first), on another thread while the calling task is
  /// suspended.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(toSnapshot path: String) async throws(SnapshotError) {
    try await BackgroundWork.run { [self] () throws(SnapshotError) in try save(toSnapshot: path) }
  }

  /// Gives every reader of `statusUpdates` the status now.
  func publishStatus() {
    let observers = listeners.read { Array($0.observers.values) }
    guard !observers.isEmpty else { return }
    let status = status
    for observer in observers { observer.yield(status) }
  }

  /// Resumes the tasks waiting in `indexed()` once no build is running or due.
  func resumeWaitersIfIndexed() {
    let waiters = listeners.write { listeners -> [CheckedContinuation<Void, Never>] in
      guard state.read({ $0.journal == nil }) else { return [] }
      defer { listeners.waiters.removeAll() }
      return Array(listeners.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }
}

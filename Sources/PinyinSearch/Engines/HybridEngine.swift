import Dispatch

/// A search engine that is searchable at once and fast once warm: it scans while a background
/// task builds the hash index, then answers through the index.
///
/// Records added, replaced or removed are visible to the very next search. Changes after the
/// index was built are kept aside — new and replaced records in a small store that every search
/// scans, removed ones as marks that searches skip — and folded into a new index in the
/// background once they grow (more than 1,024 records or an eighth of the index).
///
///     let engine = HybridEngine(SampleContacts.builtIn)
///     engine.search("lyf")            // answered by scanning, or by the index once built
///     engine.waitUntilIndexed()
///     engine.status.isHashPathReady   // true
///
/// Thread-safe: searches run concurrently with each other, with changes and with the build; a
/// change waits only for searches in progress (microseconds), never for a build.
public final class HybridEngine: Sendable {
  /// The last index and the changes made since, behind a lock.
  let state: ReadWriteLocked<State>
  /// How the index is built.
  public let configuration: IndexConfiguration
  /// The kinds of input the engine understands beyond the original three.
  public let options: SearchOptions
  /// Builds run one after another here.
  private let buildQueue = DispatchQueue(label: "PinyinSearch.HybridEngine.build")
  /// The tasks waiting for the index, and the streams of status updates (`HybridEngine+Async`).
  let listeners = ReadWriteLocked(Listeners())
  /// The records the running build has indexed: read by `status`, written every 4,096 records.
  private let progress = Locked(0)

  /// Creates an engine holding `records` that searches with `options`, and starts building its
  /// index in the background.
  ///
  /// - Complexity: O(n) in the total length of the texts, to prepare them; the index is built
  ///   afterwards, on another thread.
  public convenience init(
    _ records: some Sequence<Record> = [], options: SearchOptions = .default,
    configuration: IndexConfiguration = IndexConfiguration()
  ) {
    var recent = RecordStore()
    for record in records { recent.add(record) }
    self.init(state: State(recent: recent), options: options, configuration: configuration)
    startBuild()
  }

  /// An engine in `state`, which searches with `options` and builds its index with `configuration`.
  init(state: State, options: SearchOptions, configuration: IndexConfiguration) {
    self.state = ReadWriteLocked(state)
    self.options = options
    self.configuration = configuration
  }

  /// The number of records.
  public var count: Int { state.read { $0.count } }

  /// Adds `record`, or replaces the text of the record with the same id; the next search sees it.
  ///
  /// - Returns: Whether a record with that id was replaced.
  /// - Complexity: O(m) for a text of m units, plus waiting for searches in progress. Once the
  ///   records added or removed since the last build outnumber max(1,024, n/8) (added) or
  ///   max(1,024, n/4) (removed), a new build starts in the background.
  @discardableResult
  public func add(_ record: Record) -> Bool {
    change(.add(record))
  }

  /// Adds every record of `records` in order, as `add(_:)` does, under one lock.
  ///
  /// - Complexity: O(n) in the total length of the texts.
  public func add(contentsOf records: some Sequence<Record>) {
    state.write { state in
      for record in records { state.record(.add(record)) }
    }
    startBuildIfWorthIt()
    publishStatus()
  }

  /// Removes the record with `id`; the next search no longer finds it.
  ///
  /// - Returns: Whether there was such a record.
  /// - Complexity: Amortized O(1), plus waiting for searches in progress; an indexed record is
  ///   only marked as removed until the next build.
  @discardableResult
  public func remove(id: String) -> Bool {
    change(.remove(id))
  }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them;
  /// exactly what `LinearScanEngine` returns for the same records at that moment.
  ///
  /// - Complexity: Before the first build, that of `LinearScanEngine.search(_:limit:offset:)`;
  ///   after it, that of `HashIndexEngine.search(_:limit:offset:)`, plus O(r·m) for the r
  ///   records of m units changed since the last build, which are scanned.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    search(query, limit: limit, offset: offset, with: options)
  }

  /// The records matching `query` under `options`, a subset of the engine's (nil: the engine's
  /// own), best first, from position `offset` on, at most `limit` of them: exactly what an
  /// engine built for those options returns at that moment, from this engine's index.
  ///
  ///     let fuzzyOff = try engine.search(query, options: SearchOptions(mixed: true))
  ///
  /// - Throws: `SearchOptionsError` when `options` asks for one the engine was not built with.
  public func search(
    _ query: String, limit: Int = 20, offset: Int = 0, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    search(query, limit: limit, offset: offset, with: try self.options.resolving(options))
  }

  /// `search(_:limit:offset:)` with `options`, a subset of the engine's.
  private func search(_ query: String, limit: Int, offset: Int, with options: SearchOptions) -> [SearchResult] {
    state.read { state in
      MatchCollector.search(query, limit: limit, offset: offset, in: state.stores, options: options) {
        collector, prepared in
        if let indexed = state.indexed {
          collector.read(store: 0, skipping: state.removed)
          indexed.collectIndexed(prepared, into: &collector)
        }
        collector.read(store: 1)
        collector.scan(state.recent)
      }
    }
  }

  /// Whether the index answers searches, how far a build is, and the index's size.
  public var status: IndexStatus {
    state.read { state in
      IndexStatus(
        isHashPathReady: state.indexed != nil, isBuilding: state.journal != nil,
        builtRecordCount: state.journal != nil ? progress.withLock { $0 } : 0,
        buildRecordCount: state.journal != nil ? state.buildSize : 0,
        unindexedRecordCount: state.recent.count, removedRecordCount: state.removed.count,
        statistics: state.indexed.map { IndexStatistics($0, extraRecordBytes: state.recent.byteCount) })
    }
  }

  /// Waits until no build is running or due, including builds that finishing ones start;
  /// searches then go through the index (plus records changed since, if changes continue).
  public func waitUntilIndexed() {
    repeat {
      buildQueue.sync {}
    } while state.read { $0.journal != nil }
  }

  private func change(_ change: Change) -> Bool {
    let changed = state.write { $0.record(change) }
    startBuildIfWorthIt()
    publishStatus()
    return changed
  }

  /// Starts a build when the changes kept aside have grown enough and none is running.
  func startBuildIfWorthIt() {
    let isWorthIt = state.read { state in
      let indexedCount = state.indexed?.store.count ?? 0
      return state.journal == nil
        && (state.recent.count > max(1024, indexedCount / 8) || state.removed.count > max(1024, indexedCount / 4))
    }
    if isWorthIt { startBuild() }
  }

  /// Snapshots every record and indexes the snapshot on `buildQueue`, then swaps it in and
  /// applies the changes made meanwhile.
  private func startBuild() {
    let parts: [(store: RecordStore, removed: SlotSet)]? = state.write { state in
      guard state.journal == nil else { return nil }
      state.journal = []
      state.buildSize = state.count
      return state.parts
    }
    guard let parts else { return }
    progress.withLock { $0 = 0 }
    publishStatus()
    buildQueue.async { [self] in
      // Merged here rather than under the lock: sorting the ids takes a while.
      let snapshot = RecordStore(idOrderedMerging: parts)
      let index = KeyIndex(store: snapshot, configuration: configuration, options: options, sparesACore: true) {
        done in
        progress.withLock { $0 = done }
        publishStatus()
      }
      let indexed = IndexedStore(store: snapshot, index: index)
      indexed.longUnits.prepare()
      state.write { state in
        let journal = state.journal ?? []
        state = State(indexed: indexed)
        for change in journal { state.apply(change) }
      }
      startBuildIfWorthIt()
      publishStatus()
      resumeWaitersIfIndexed()
    }
  }
}

import Dispatch
import Synchronization

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
  private let state: ReadWriteLocked<State>
  private let configuration: IndexConfiguration
  /// Builds run one after another here.
  private let buildQueue = DispatchQueue(label: "PinyinSearch.HybridEngine.build")
  private let progress = Atomic<Int>(0)

  /// What the lock protects.
  private struct State {
    /// The last index built, and the store it refers to.
    var indexed: IndexedStore?
    /// Slots of `indexed.store` removed or replaced since it was built, as a bitset.
    var removed: [UInt64] = []
    var removedCount = 0
    /// Records added or replaced since the index was built; scanned at every search.
    var recent = RecordStore()
    /// While a build runs: the changes made since it started, to apply to its result.
    var journal: [Change]?
    /// The number of records the running build indexes.
    var buildSize = 0

    var count: Int { (indexed?.store.count ?? 0) - removedCount + recent.count }

    /// The text of the live record with `id`.
    func text(forID id: String) -> String? {
      if let text = recent.text(forID: id) { return text }
      guard let indexed, let slot = indexed.store.slot(ofID: id), !isRemoved(slot) else { return nil }
      return indexed.store.texts[slot]
    }

    /// The ids of every live record.
    func ids() -> [String] {
      var ids: [String] = []
      indexed?.store.forEachRecord { slot, _ in
        if !isRemoved(slot) { ids.append(indexed!.store.ids[slot]) }
      }
      recent.forEachRecord { slot, _ in ids.append(recent.ids[slot]) }
      return ids
    }

    /// Every live record in one store, with its precomputation copied.
    func mergedStore() -> RecordStore {
      var store = RecordStore()
      if let indexed {
        store.append(indexed.store, excluding: isRemoved)
        store.append(recent)
      } else {
        store = recent
      }
      return store
    }

    func isRemoved(_ slot: Int) -> Bool {
      removed.isEmpty ? false : removed[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }

    /// Marks the indexed record with `id`, if any, as removed.
    mutating func removeFromIndex(id: String) -> Bool {
      guard let slot = indexed?.store.slot(ofID: id), !isRemoved(slot) else { return false }
      if removed.isEmpty { removed = [UInt64](repeating: 0, count: indexed!.store.slots.count / 64 + 1) }
      removed[slot >> 6] |= 1 << UInt64(slot & 63)
      removedCount += 1
      return true
    }

    /// Applies `change`; returns whether it replaced or removed a record.
    @discardableResult
    mutating func apply(_ change: Change) -> Bool {
      switch change {
      case .add(let record):
        let replacedIndexed = removeFromIndex(id: record.id)
        let replacedRecent = recent.add(record)
        return replacedIndexed || replacedRecent
      case .remove(let id):
        let removedIndexed = removeFromIndex(id: id)
        let removedRecent = recent.remove(id: id)
        return removedIndexed || removedRecent
      }
    }
  }

  private enum Change {
    case add(Record)
    case remove(String)
  }

  /// Creates an engine holding `records` and starts building its index in the background.
  public init(_ records: some Sequence<Record> = [], configuration: IndexConfiguration = IndexConfiguration()) {
    self.configuration = configuration
    var recent = RecordStore()
    for record in records { recent.add(record) }
    state = ReadWriteLocked(State(recent: recent))
    startBuild()
  }

  /// Opens the index saved at `path` (by `save(toSnapshot:)` or `HashIndexEngine`), answering
  /// through it at once, with no text prepared again and no build.
  ///
  ///     let engine = try HybridEngine(contentsOfSnapshot: "contacts.snapshot")
  ///     let summary = engine.synchronize(with: recordsFromTheSource)  // only changes are prepared
  ///     try engine.save(toSnapshot: "contacts.snapshot")
  ///
  /// - Throws: `SnapshotError`; see `HashIndexEngine.init(contentsOfSnapshot:)`.
  public init(contentsOfSnapshot path: String) throws(SnapshotError) {
    let (indexed, configuration) = try Snapshot.decode(SnapshotFile.read(path), path: path)
    self.configuration = configuration
    state = ReadWriteLocked(State(indexed: indexed))
  }

  /// Saves every record and an index of them to `path`, replacing any file there atomically.
  /// Records changed since the last build are indexed first, in the calling thread.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(toSnapshot path: String) throws(SnapshotError) {
    let (current, hasChanges) = state.read { state in
      (state.indexed, state.recent.count > 0 || state.removedCount > 0 || state.indexed == nil)
    }
    let indexed: IndexedStore
    if let current, !hasChanges {
      indexed = current
    } else {
      let store = state.read { $0.mergedStore() }
      indexed = IndexedStore(store: store, index: KeyIndex(store: store, configuration: configuration))
    }
    try SnapshotFile.replace(path, with: Snapshot.encode(indexed, configuration: configuration))
  }

  /// Makes the records those of `records` (the source data): adds the new ones, replaces those
  /// whose text changed, removes those whose id is not there, and leaves the rest untouched —
  /// only new and changed texts are prepared.
  ///
  /// - Returns: How many records were added, replaced, removed and left as they were.
  @discardableResult
  public func synchronize(with records: some Sequence<Record>) -> SynchronizationSummary {
    var summary = SynchronizationSummary()
    // The later text of a repeated id counts.
    var order: [RecordID] = []
    var latest: [RecordID: Record] = [:]
    for record in records where latest.updateValue(record, forKey: RecordID(record.id)) == nil {
      order.append(RecordID(record.id))
    }
    let seen = Set(order)
    var changes: [Record] = []
    state.read { state in
      for id in order {
        let record = latest[id]!
        guard let text = state.text(forID: record.id), text.utf8.elementsEqual(record.text.utf8) else {
          changes.append(record)
          continue
        }
      }
    }
    var removals: [String] = []
    state.read { state in removals = state.ids().filter { !seen.contains(RecordID($0)) } }
    state.write { state in
      for record in changes {
        if state.apply(.add(record)) { summary.replaced += 1 } else { summary.added += 1 }
        state.journal?.append(.add(record))
      }
      for id in removals where state.apply(.remove(id)) {
        summary.removed += 1
        state.journal?.append(.remove(id))
      }
    }
    summary.unchanged = seen.count - summary.added - summary.replaced
    startBuildIfWorthIt()
    return summary
  }

  /// The number of records.
  public var count: Int { state.read { $0.count } }

  /// Adds `record`, or replaces the text of the record with the same id; the next search sees it.
  ///
  /// - Returns: Whether a record with that id was replaced.
  @discardableResult
  public func add(_ record: Record) -> Bool {
    change(.add(record))
  }

  /// Adds every record of `records` in order, as `add(_:)` does, under one lock.
  public func add(contentsOf records: some Sequence<Record>) {
    state.write { state in
      for record in records {
        state.apply(.add(record))
        state.journal?.append(.add(record))
      }
    }
    startBuildIfWorthIt()
  }

  /// Removes the record with `id`; the next search no longer finds it.
  ///
  /// - Returns: Whether there was such a record.
  @discardableResult
  public func remove(id: String) -> Bool {
    change(.remove(id))
  }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them;
  /// exactly what `LinearScanEngine` returns for the same records at that moment.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    let offset = max(offset, 0)
    guard limit > 0, let prepared = PreparedQuery(query) else { return [] }
    return state.read { state in
      let stores = (state.indexed.map { [$0.store] } ?? [RecordStore()]) + [state.recent]
      var top = TopMatches(capacity: offset.addingClamped(limit), ids: stores.map(\.ids))
      prepared.withMatcher { matcher in
        state.indexed?.collect(prepared, with: matcher, into: &top, source: 0, isRemoved: state.isRemoved)
        state.recent.scan(with: matcher, into: &top, source: 1)
      }
      return top.results(from: offset, stores: stores)
    }
  }

  /// Whether the index answers searches, how far a build is, and the index's size.
  public var status: IndexStatus {
    state.read { state in
      IndexStatus(
        isHashPathReady: state.indexed != nil, isBuilding: state.journal != nil,
        builtRecordCount: state.journal != nil ? progress.load(ordering: .relaxed) : 0,
        buildRecordCount: state.journal != nil ? state.buildSize : 0,
        unindexedRecordCount: state.recent.count, removedRecordCount: state.removedCount,
        statistics: state.indexed.map {
          IndexStatistics(
            recordCount: $0.store.count, keyCount: $0.index.keyCount, postingCount: $0.index.postingCount,
            unindexedRecordCount: $0.index.overflow.count, indexByteCount: $0.index.byteCount,
            recordByteCount: $0.store.byteCount + state.recent.byteCount)
        })
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
    let changed = state.write { state in
      state.journal?.append(change)
      return state.apply(change)
    }
    startBuildIfWorthIt()
    return changed
  }

  /// Starts a build when the changes kept aside have grown enough and none is running.
  private func startBuildIfWorthIt() {
    let isWorthIt = state.read { state in
      let indexedCount = state.indexed?.store.count ?? 0
      return state.journal == nil
        && (state.recent.count > max(1024, indexedCount / 8) || state.removedCount > max(1024, indexedCount / 4))
    }
    if isWorthIt { startBuild() }
  }

  /// Snapshots every record and indexes the snapshot on `buildQueue`, then swaps it in and
  /// applies the changes made meanwhile.
  private func startBuild() {
    let snapshot: RecordStore? = state.write { state in
      guard state.journal == nil else { return nil }
      let snapshot = state.mergedStore()
      state.journal = []
      state.buildSize = snapshot.count
      return snapshot
    }
    guard let snapshot else { return }
    progress.store(0, ordering: .relaxed)
    buildQueue.async { [self] in
      let index = KeyIndex(store: snapshot, configuration: configuration, sparesACore: true) { done in
        progress.store(done, ordering: .relaxed)
      }
      state.write { state in
        let journal = state.journal ?? []
        state = State(indexed: IndexedStore(store: snapshot, index: index))
        for change in journal { state.apply(change) }
      }
      startBuildIfWorthIt()
    }
  }
}

/// What `HybridEngine.synchronize(with:)` changed.
public struct SynchronizationSummary: Sendable, Hashable {
  /// Records whose id was new.
  public var added = 0
  /// Records whose text changed.
  public var replaced = 0
  /// Records whose id was not in the source.
  public var removed = 0
  /// Records left as they were (their text was not prepared again).
  public var unchanged = 0
}

/// What a `HybridEngine` is doing, for monitoring and progress bars.
public struct IndexStatus: Sendable, Hashable {
  /// Whether an index has been built, so that searches go through it (plus the few records
  /// changed since, which are scanned).
  public var isHashPathReady: Bool
  /// Whether a build is running in the background.
  public var isBuilding: Bool
  /// How many records the running build has indexed so far.
  public var builtRecordCount: Int
  /// How many records the running build indexes in all.
  public var buildRecordCount: Int
  /// Records added or replaced since the last build, answered by scanning.
  public var unindexedRecordCount: Int
  /// Records of the last build removed or replaced since.
  public var removedRecordCount: Int
  /// The size of the last index built, if any.
  public var statistics: IndexStatistics?
}

extension HybridEngine {
  /// Opens the index saved at `path` (by `save(toSnapshot:)` or `HashIndexEngine`), answering
  /// through it at once, with no text prepared again and no build.
  ///
  ///     let engine = try HybridEngine(contentsOfSnapshot: "contacts.snapshot")
  ///     let summary = engine.synchronize(with: recordsFromTheSource)  // only changes are prepared
  ///     try engine.save(toSnapshot: "contacts.snapshot")
  ///
  /// - Parameters:
  ///   - path: The snapshot file.
  ///   - options: The options the engine searches with, which the file must have been built
  ///     for; nil, the default, takes those it was built for (``SnapshotInfo/options``).
  ///   - validation: How thoroughly to check the file; see
  ///     ``HashIndexEngine/init(contentsOfSnapshot:options:validation:)``.
  /// - Throws: `SnapshotError`; see ``HashIndexEngine/init(contentsOfSnapshot:options:validation:)``.
  /// - Complexity: O(n) in the size of the file; `.complete` adds a build of the index.
  public convenience init(
    contentsOfSnapshot path: String, options: SearchOptions? = nil, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) {
    let (indexed, configuration, options) = try Snapshot.open(path, options: options, validation: validation)
    self.init(state: State(indexed: indexed), options: options, configuration: configuration)
  }

  /// Saves every record and an index of them to `path`, replacing any file there atomically,
  /// as `HashIndexEngine.save(toSnapshot:)` does (permissions kept, symbolic links followed).
  /// Records changed since the last build are indexed first, in the calling thread.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(toSnapshot path: String) throws(SnapshotError) {
    let (current, hasChanges) = state.read { state in
      (state.indexed, state.recent.count > 0 || state.removed.count > 0 || state.indexed == nil)
    }
    let indexed: IndexedStore
    if let current, !hasChanges {
      indexed = current
    } else {
      let store = RecordStore(idOrderedMerging: state.read { $0.parts })
      indexed = IndexedStore(
        store: store, index: KeyIndex(store: store, configuration: configuration, options: options))
    }
    try Snapshot.save(indexed, configuration: configuration, options: options, to: path)
  }
}

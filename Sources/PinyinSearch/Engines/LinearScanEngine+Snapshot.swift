extension LinearScanEngine {
  /// Opens the records of the snapshot at `path` (one that any engine saved), to search by
  /// scanning: no text is prepared again.
  ///
  ///     var engine = try LinearScanEngine(contentsOfSnapshot: "contacts.snapshot")
  ///     engine.add(Record(id: "new", text: "王五"))  // the records are the engine's own to change
  ///
  /// - Parameters:
  ///   - path: The snapshot file.
  ///   - options: The options the engine searches with, which the file must have been built
  ///     for; nil, the default, takes those it was built for.
  ///   - validation: How thoroughly to check the file; see
  ///     ``HashIndexEngine/init(contentsOfSnapshot:options:validation:)``.
  /// - Throws: `SnapshotError`; see ``HashIndexEngine/init(contentsOfSnapshot:options:validation:)``.
  /// - Complexity: O(n) in the size of the file.
  public init(
    contentsOfSnapshot path: String, options: SearchOptions? = nil, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) {
    let (indexed, _, options) = try Snapshot.open(path, options: options, validation: validation)
    self.init(store: indexed.store, options: options)
  }

  /// Saves the records and an index of them, built with `configuration`, to `path`, replacing
  /// any file there atomically, so that any engine can open it (the index is built here, in
  /// the calling thread).
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(
    toSnapshot path: String, configuration: IndexConfiguration = IndexConfiguration()
  ) throws(SnapshotError) {
    let ordered = RecordStore(idOrderedMerging: [(store, SlotSet())])
    let index = KeyIndex(store: ordered, configuration: configuration, options: options)
    try Snapshot.save(
      IndexedStore(store: ordered, index: index), configuration: configuration, options: options, to: path)
  }

  /// Opens the snapshot at `path` as `init(contentsOfSnapshot:options:validation:)` does, on
  /// another thread while the calling task is suspended.
  ///
  /// - Throws: `SnapshotError`; see ``init(contentsOfSnapshot:options:validation:)``.
  public static func open(
    contentsOfSnapshot path: String, options: SearchOptions? = nil, validation: SnapshotValidation = .checksum
  ) async throws(SnapshotError) -> LinearScanEngine {
    try await BackgroundWork.run { () throws(SnapshotError) -> LinearScanEngine in
      try LinearScanEngine(contentsOfSnapshot: path, options: options, validation: validation)
    }
  }

  /// Saves as `save(toSnapshot:configuration:)` does, on another thread while the calling task
  /// is suspended.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(
    toSnapshot path: String, configuration: IndexConfiguration = IndexConfiguration()
  ) async throws(SnapshotError) {
    try await BackgroundWork.run { [self] () throws(SnapshotError) in
      try save(toSnapshot: path, configuration: configuration)
    }
  }
}

extension HashIndexEngine {
  /// Builds the index of `records` for searches with `options` as
  /// `init(_:options:configuration:)` does, on another thread while the calling task is
  /// suspended: a build takes about a second per 100,000 contact-like records.
  public static func build(
    _ records: [Record], options: SearchOptions = .default, configuration: IndexConfiguration = IndexConfiguration()
  ) async -> HashIndexEngine {
    await BackgroundWork.run { HashIndexEngine(records, options: options, configuration: configuration) }
  }

  /// Opens the snapshot at `path` as `init(contentsOfSnapshot:options:validation:)` does, on
  /// another thread while the calling task is suspended.
  ///
  /// - Throws: `SnapshotError`; see ``init(contentsOfSnapshot:options:validation:)``.
  public static func open(
    contentsOfSnapshot path: String, options: SearchOptions? = nil, validation: SnapshotValidation = .checksum
  ) async throws(SnapshotError) -> HashIndexEngine {
    try await BackgroundWork.run { () throws(SnapshotError) -> HashIndexEngine in
      try HashIndexEngine(contentsOfSnapshot: path, options: options, validation: validation)
    }
  }

  /// Saves the index to `path` as `save(toSnapshot:)` does, on another thread while the
  /// calling task is suspended.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(toSnapshot path: String) async throws(SnapshotError) {
    try await BackgroundWork.run { [self] () throws(SnapshotError) in try save(toSnapshot: path) }
  }
}

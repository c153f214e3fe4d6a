extension Snapshot {
  /// The indexed store and configuration saved in the snapshot file at `path`, checked as
  /// `decode(_:path:)` checks them.
  ///
  /// - Throws: `SnapshotError`, naming `path`.
  /// - Complexity: O(n) in the size of the file.
  static func open(_ path: String) throws(SnapshotError) -> (IndexedStore, IndexConfiguration) {
    try decode(SnapshotFile.read(path), path: path)
  }

  /// Saves `indexed`, built with `configuration`, to `path`, replacing any file there
  /// atomically (see `SnapshotFile.replace(_:with:)`).
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  static func save(_ indexed: IndexedStore, configuration: IndexConfiguration, to path: String) throws(SnapshotError) {
    try SnapshotFile.replace(path, with: encode(indexed, configuration: configuration))
  }
}

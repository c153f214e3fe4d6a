extension Snapshot {
  /// The indexed store and configuration saved in the snapshot file at `path`, checked as
  /// `validation` says (see `decode(_:path:validation:)`).
  ///
  /// - Throws: `SnapshotError`, naming `path`.
  /// - Complexity: O(n) in the size of the file; with `.complete`, also a build of the index.
  static func open(
    _ path: String, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration) {
    try decode(SnapshotFile.read(path), path: path, validation: validation)
  }

  /// Saves `indexed`, built with `configuration`, to `path`, replacing any file there
  /// atomically (see `SnapshotFile.replace(_:with:)`).
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  static func save(_ indexed: IndexedStore, configuration: IndexConfiguration, to path: String) throws(SnapshotError) {
    try SnapshotFile.replace(path, with: encode(indexed, configuration: configuration))
  }
}

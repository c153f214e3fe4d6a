extension Snapshot {
  /// The indexed store, configuration and options saved in the snapshot file at `path`, checked
  /// as `validation` says (see `decode(_:path:validation:)`).
  ///
  /// - Throws: `SnapshotError`, naming `path`.
  /// The file is memory-mapped, its columns read in place (see `MappedBytes`).
  ///
  /// - Complexity: O(n) in the number of records and units, and with `.checksum` in the size of
  ///   the file; with `.complete`, also a build of the index.
  static func open(
    _ path: String, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration, SearchOptions) {
    try decode(SnapshotFile.map(path), path: path, validation: validation)
  }

  /// The indexed store, configuration and options saved in the snapshot file at `path` for
  /// `options` (nil: whatever the file was built for), checked as `validation` says.
  ///
  /// - Throws: `SnapshotError.options` when the file was built for other options than those
  ///   named; the other errors of `open(_:validation:)`.
  static func open(
    _ path: String, options: SearchOptions?, validation: SnapshotValidation
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration, SearchOptions) {
    let (indexed, configuration, found) = try open(path, validation: validation)
    if let options, found != options { throw .options(path: path, expected: options, found: found) }
    return (indexed, configuration, found)
  }

  /// What the snapshot file at `path` holds, from its header (see `info(of:path:)`).
  ///
  /// - Throws: `SnapshotError`, naming `path`.
  static func info(ofFile path: String) throws(SnapshotError) -> SnapshotInfo {
    try info(of: SnapshotFile.map(path), path: path)
  }

  /// Saves `indexed`, built with `configuration` for `options`, to `path`, replacing any file
  /// there atomically (see `SnapshotFile.replace(_:with:)`).
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  static func save(
    _ indexed: IndexedStore, configuration: IndexConfiguration, options: SearchOptions, to path: String
  ) throws(SnapshotError) {
    try SnapshotFile.replace(path, with: encode(indexed, configuration: configuration, options: options))
  }
}

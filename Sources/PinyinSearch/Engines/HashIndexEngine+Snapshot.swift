extension HashIndexEngine {
  /// Opens the index saved at `path` by `save(toSnapshot:)`, ready to answer at once: no text is
  /// prepared again and no index is built.
  ///
  ///     let engine = try HashIndexEngine(contentsOfSnapshot: "contacts.snapshot")
  ///
  /// - Throws: `SnapshotError` when the file is missing, damaged or not a snapshot, or was
  ///   written by another format version or pinyin table (`isIncompatible`: rebuild it).
  /// - Complexity: O(n) in the size of the file: a read, a checksum, checks of every offset.
  public init(contentsOfSnapshot path: String) throws(SnapshotError) {
    let (indexed, configuration) = try Snapshot.open(path)
    self.init(indexed: indexed, configuration: configuration)
  }

  /// Saves the index to `path`, replacing any file there atomically: a crash leaves the old
  /// file or the new one, never a mix. The new file keeps the old one's permissions (and owner
  /// and group where allowed); through a symbolic link, the link's final target is replaced.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(toSnapshot path: String) throws(SnapshotError) {
    try Snapshot.save(indexed, configuration: configuration, to: path)
  }
}

extension HashIndexEngine {
  /// Opens the index saved at `path` by `save(toSnapshot:)`, ready to answer at once: no text is
  /// prepared again and no index is built.
  ///
  ///     let engine = try HashIndexEngine(contentsOfSnapshot: "contacts.snapshot")
  ///     let checked = try HashIndexEngine(contentsOfSnapshot: "untrusted.snapshot", validation: .complete)
  ///
  /// - Parameters:
  ///   - path: The snapshot file.
  ///   - options: The options the engine searches with, which the file must have been built
  ///     for; nil, the default, takes those it was built for (``SnapshotInfo/options``).
  ///   - validation: How thoroughly to check the file (see ``SnapshotValidation``): at every level
  ///     no file can make a search read out of bounds or loop; `.checksum`, the default, also
  ///     finds accidental damage; `.complete` also finds a file crafted to give wrong answers.
  /// - Throws: `SnapshotError` when the file is missing, damaged or not a snapshot, or was
  ///   written by another format version or pinyin table or for other `options`
  ///   (`isIncompatible`: rebuild it);
  ///   `SnapshotError.inconsistent` when `.complete` finds stored data that the records do not give.
  /// - Complexity: O(n) in the size of the file: a read, a checksum (unless `.structure`), checks
  ///   of every offset. `.complete` adds the preparation of every text and a build of the index.
  public init(
    contentsOfSnapshot path: String, options: SearchOptions? = nil, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) {
    let (indexed, configuration, options) = try Snapshot.open(path, options: options, validation: validation)
    self.init(indexed: indexed, configuration: configuration, options: options)
  }

  /// Saves the index to `path`, replacing any file there atomically: a crash leaves the old
  /// file or the new one, never a mix. The new file keeps the old one's permissions (and owner
  /// and group where allowed); through a symbolic link, the link's final target is replaced.
  ///
  /// - Throws: `SnapshotError.io` when the file cannot be written.
  public func save(toSnapshot path: String) throws(SnapshotError) {
    try Snapshot.save(indexed, configuration: configuration, options: options, to: path)
  }
}

/// The file operations of snapshots: map a file into memory, and replace a file atomically.
enum SnapshotFile {
  /// The contents of the regular file at `path`, mapped into memory (see `MappedBytes`).
  static func map(_ path: String) throws(SnapshotError) -> MappedBytes {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, .readOnly)
    } catch {
      throw .io(operation: "open", path: path, errno: error)
    }
    defer { try? file.close() }
    let status: FileDescriptor.Status
    do {
      status = try file.status()
    } catch {
      throw .io(operation: "stat", path: path, errno: error)
    }
    if status.isDirectory { throw .isDirectory(path: path) }
    // Not a regular file (a pipe, a device): nothing to map, an empty snapshot.
    guard status.isRegularFile else { return MappedBytes(copying: UnsafeRawBufferPointer(start: nil, count: 0)) }
    do {
      return try MappedBytes(mapping: file, size: status.size)
    } catch {
      throw .io(operation: "map", path: path, errno: error)
    }
  }

  /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either the
  /// old file or the new one, whole: the bytes go to a new file in the same folder, are flushed
  /// to disk, and the new file is renamed over the old one; then the folder is flushed.
  ///
  /// When `path` is a symbolic link, the file replaced is its final target (links to links are
  /// followed, at most 40), and the links stay. The new file keeps the old one's permissions,
  /// and its owner and group where the process may set them (a user who is not root cannot
  /// give a file away: it is then the user's own); a file that did not exist is created with
  /// 0644 less the umask.
  ///
  /// The new file is created exclusively, under an unpredictable name (`SnapshotTemporaryName`),
  /// never through a link or file planted there. Before it, the temporary files of this
  /// destination left by writers that died (killed before their rename) are removed.
  ///
  /// - Throws: `SnapshotError.io` naming the step that failed; the old file is then untouched.
  static func replace(_ path: String, with bytes: [UInt8]) throws(SnapshotError) {
    var random = SystemRandomNumberGenerator()
    try replace(path, with: bytes, using: &random)
  }

  /// Replaces the file at `path` with `bytes` as `replace(_:with:)` does, drawing the random
  /// part of temporary names from `random` (a seeded generator in tests).
  static func replace(
    _ path: String, with bytes: [UInt8], using random: inout some RandomNumberGenerator
  ) throws(SnapshotError) {
    let destination: String
    let existing: FileDescriptor.Status?
    do {
      destination = try FileSystem.finalTarget(of: path)
    } catch {
      throw .io(operation: "resolve", path: path, errno: error)
    }
    do {
      existing = try FileSystem.status(of: destination)
    } catch {
      throw .io(operation: "stat", path: destination, errno: error)
    }
    removeStaleTemporaryFiles(of: destination)
    // Private until it has the old file's owner and permissions.
    let (file, temporary) = try createTemporaryFile(
      for: destination, permissions: existing == nil ? 0o644 : 0o600, using: &random)
    var isDone = false
    defer {
      if !isDone { FileSystem.removeFile(temporary) }
    }
    var operation = "set the permissions of"
    do throws(Errno) {
      do throws(Errno) {
        if let existing, existing.isRegularFile {
          // First the owner, which may clear the set-user-ID and set-group-ID bits, then those.
          // A process that may not give the file away may still give it a group it belongs to.
          if (try? file.setOwner(existing.owner, group: existing.group)) == nil, let own = try? file.status() {
            try? file.setOwner(own.owner, group: existing.group)
          }
          try file.setPermissions(existing.permissions)
        }
        operation = "write"
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try file.writeAll(buffer) } }.get()
        operation = "flush"
        try file.synchronize()
      } catch {
        try? file.close()
        throw error
      }
      operation = "close"
      try file.close()
    } catch {
      throw .io(operation: operation, path: temporary, errno: error)
    }
    do {
      try FileSystem.rename(temporary, to: destination)
    } catch {
      throw .io(operation: "rename \(temporary) to", path: destination, errno: error)
    }
    isDone = true
    if let folder = try? FileDescriptor.open(FileSystem.folder(of: destination), .folder) {
      try? folder.synchronize()
      try? folder.close()
    }
  }

  /// How many temporary names are tried before giving up, as `mkstemp` does (with far fewer:
  /// 64 random bits do not collide by chance, only by someone planting every name).
  static let temporaryNameAttempts = 100

  /// A new file next to `destination`, created exclusively under a fresh temporary name (the
  /// next name when one is taken), and its path.
  private static func createTemporaryFile(
    for destination: String, permissions: UInt32, using random: inout some RandomNumberGenerator
  ) throws(SnapshotError) -> (FileDescriptor, String) {
    let folder = FileSystem.folder(of: destination)
    let destinationName = FileSystem.name(of: destination)
    var lastError = Errno.fileExists
    var temporary = ""
    for _ in 0..<temporaryNameAttempts {
      let name = SnapshotTemporaryName(
        destinationName: destinationName, processID: FileSystem.processID, random: random.next())
      temporary = folder + "/" + name.text
      do {
        return (try FileDescriptor.open(temporary, .createNew(permissions: permissions)), temporary)
      } catch {
        lastError = error
        if error != .fileExists { break }
      }
    }
    throw .io(operation: "create \(temporary)", path: destination, errno: lastError)
  }

  /// Removes the temporary files of `destination` (exactly `SnapshotTemporaryName`'s pattern)
  /// whose writer is no longer running: they are what a writer killed before its rename leaves.
  /// Links are removed, not followed; nothing else is touched; errors are ignored.
  private static func removeStaleTemporaryFiles(of destination: String) {
    let folder = FileSystem.folder(of: destination)
    let destinationName = FileSystem.name(of: destination)
    guard let names = try? FileSystem.names(inFolder: folder) else { return }
    for name in names {
      guard let temporary = SnapshotTemporaryName(parsing: name, destinationName: destinationName),
        temporary.processID != FileSystem.processID, !FileSystem.isProcessRunning(temporary.processID)
      else { continue }
      FileSystem.removeFile(folder + "/" + name)
    }
  }
}

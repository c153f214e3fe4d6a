/// The file operations of snapshots: read a whole file, and replace a file atomically.
enum SnapshotFile {
  /// The whole contents of the regular file at `path`.
  static func read(_ path: String) throws(SnapshotError) -> [UInt8] {
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
    var bytes = [UInt8](repeating: 0, count: status.size)
    var done = 0
    while done < status.size {
      let read = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...])) }
      }
      let count: Int
      do {
        count = try read.get()
      } catch {
        throw .io(operation: "read", path: path, errno: error)
      }
      if count == 0 { break }  // the file shrank meanwhile
      done += count
    }
    if done < status.size { bytes.removeSubrange(done...) }
    return bytes
  }

  /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either the
  /// old file or the new one, whole: the bytes go to a new file in the same folder, are flushed
  /// to disk, and the new file is renamed over the old one; then the folder is flushed.
  static func replace(_ path: String, with bytes: [UInt8]) throws(SnapshotError) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let temporary = "\(path).tmp-\(FileSystem.processID)"
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(temporary, .writeCreatingOrTruncating)
    } catch {
      throw .io(operation: "create \(temporary)", path: path, errno: error)
    }
    var isDone = false
    defer {
      if !isDone { FileSystem.removeFile(temporary) }
    }
    var operation = "write"
    do throws(Errno) {
      do throws(Errno) {
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
      try FileSystem.rename(temporary, to: path)
    } catch {
      throw .io(operation: "rename \(temporary) to", path: path, errno: error)
    }
    isDone = true
    if let folder = try? FileDescriptor.open(folder.isEmpty ? "/" : folder, .folder) {
      try? folder.synchronize()
      try? folder.close()
    }
  }
}

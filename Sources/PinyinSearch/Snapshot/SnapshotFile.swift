#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations of snapshots: read a whole file, and replace a file atomically.
enum SnapshotFile {
  /// The whole contents of the regular file at `path`.
  static func read(_ path: String) throws(SnapshotError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
    defer { close(descriptor) }
    var information = stat()
    guard fstat(descriptor, &information) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
    if information.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    let size = Int(information.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, size - done) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .io(operation: "read", path: path, errno: errno)
      }
      if count == 0 { break }  // the file shrank meanwhile
      done += count
    }
    if done < size { bytes.removeSubrange(done...) }
    return bytes
  }

  /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either the
  /// old file or the new one, whole: the bytes go to a new file in the same folder, are flushed
  /// to disk, and the new file is renamed over the old one; then the folder is flushed.
  static func replace(_ path: String, with bytes: [UInt8]) throws(SnapshotError) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let temporary = "\(path).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .io(operation: "create \(temporary)", path: path, errno: errno) }
    var isDone = false
    defer {
      if !isDone { unlink(temporary) }
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        let error = errno
        close(descriptor)
        throw .io(operation: "write", path: temporary, errno: error)
      }
      written += count
    }
    guard fsync(descriptor) == 0 else {
      let error = errno
      close(descriptor)
      throw .io(operation: "flush", path: temporary, errno: error)
    }
    guard close(descriptor) == 0 else { throw .io(operation: "close", path: temporary, errno: errno) }
    guard rename(temporary, path) == 0 else { throw .io(operation: "rename \(temporary) to", path: path, errno: errno) }
    isDone = true
    let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// The C library's message for error number `errno`.
  static func errorMessage(_ errno: Int32) -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(cString: message)
  }
}

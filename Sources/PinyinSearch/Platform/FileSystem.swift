#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The operations on paths that snapshots need.
enum FileSystem {
  /// Renames `source` to `destination`, atomically replacing any file there.
  static func rename(_ source: String, to destination: String) throws(Errno) {
    #if canImport(Glibc)
      let status = Glibc.rename(source, destination)
    #elseif canImport(Musl)
      let status = Musl.rename(source, destination)
    #elseif canImport(Darwin)
      let status = Darwin.rename(source, destination)
    #endif
    guard status == 0 else { throw Errno.current }
  }

  /// The status of the file at `path`, following symbolic links; nil when nothing is there
  /// (`ENOENT`, or `ENOTDIR` for a path through a file).
  static func status(of path: String) throws(Errno) -> FileDescriptor.Status? {
    var information = stat()
    guard stat(path, &information) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw Errno.current
    }
    return FileDescriptor.Status(information)
  }

  /// The content of the symbolic link at `path` (`readlink`); nil when `path` is not a link or
  /// nothing is there (`ENOENT`, or `ENOTDIR` for a path through a file).
  static func linkContent(of path: String) throws(Errno) -> String? {
    var capacity = 256
    while true {
      var buffer = [UInt8](repeating: 0, count: capacity)
      let length = buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, capacity) }
      }
      if length < 0 {
        if errno == EINVAL || errno == ENOENT || errno == ENOTDIR { return nil }
        throw Errno.current
      }
      // A result that fills the buffer may have been cut: read again with more room.
      if length < capacity { return String(decoding: buffer[..<length], as: UTF8.self) }
      capacity *= 4
    }
  }

  /// The path that `path` finally names: the target of its symbolic link, of that target's
  /// link, and so on, each relative target read from its link's folder; `path` itself when it
  /// is not a link. The folders on the way are not resolved, only the last component.
  ///
  /// - Throws: `.tooManySymbolicLinks` after `maxLinks` links (a loop, most likely).
  static func finalTarget(of path: String, maxLinks: Int = 40) throws(Errno) -> String {
    var current = path
    for _ in 0...maxLinks {
      guard let content = try linkContent(of: current) else { return current }
      current = content.hasPrefix("/") ? content : folder(of: current) + "/" + content
    }
    throw .tooManySymbolicLinks
  }

  /// The folder part of `path`: `.` for a bare name, `/` for a name at the root.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = path[..<slash]
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last component of `path`, after its last `/`.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The names in the folder at `path`, without `.` and `..`, in no particular order; names that
  /// are not valid UTF-8 are left out.
  static func names(inFolder path: String) throws(Errno) -> [String] {
    guard let folder = opendir(path) else { throw Errno.current }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      // Read the name in place, as a C string: an entry is only as long as its name, so copying
      // the whole `d_name` array could read past the end of the buffer it sits in.
      let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
        field.withMemoryRebound(to: CChar.self, capacity: 1) { String(validatingCString: $0) }
      }
      if let name, name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// Removes the directory entry at `path` if it is there (a symbolic link itself, never what it
  /// points to; never a folder); errors are ignored (used to clean up).
  static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// The running process's id, which names its temporary files.
  static var processID: Int32 { getpid() }

  /// Whether a process numbered `processID` exists: `kill(pid, 0)` succeeds or fails for
  /// another reason than `ESRCH` (a process of another user, which this one may not signal).
  static func isProcessRunning(_ processID: Int32) -> Bool {
    kill(pid_t(processID), 0) == 0 || errno != ESRCH
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What tests look at and plant in a folder: permissions, owners, symbolic links, the names a
/// folder holds, processes that have ended.
public enum FileInspection {
  /// The permission bits (`st_mode & 0o7777`) of the file at `path`, following links.
  public static func mode(of path: String) throws -> UInt32 {
    var information = stat()
    guard stat(path, &information) == 0 else { throw HarnessError("stat \(path)", errno: errno) }
    return UInt32(information.st_mode) & 0o7777
  }

  /// The owner and group of the file at `path`, following links.
  public static func owner(of path: String) throws -> (user: UInt32, group: UInt32) {
    var information = stat()
    guard stat(path, &information) == 0 else { throw HarnessError("stat \(path)", errno: errno) }
    return (UInt32(information.st_uid), UInt32(information.st_gid))
  }

  /// Sets the permission bits of the file at `path`.
  public static func setMode(_ mode: UInt32, of path: String) throws {
    guard chmod(path, mode_t(mode)) == 0 else { throw HarnessError("chmod \(path)", errno: errno) }
  }

  /// Sets the owner and group of the file at `path` (only root may give a file away).
  public static func setOwner(user: UInt32, group: UInt32, of path: String) throws {
    guard chown(path, uid_t(user), gid_t(group)) == 0 else { throw HarnessError("chown \(path)", errno: errno) }
  }

  /// This process's id.
  public static var processID: Int32 { getpid() }

  /// Whether the effective user is root, who may change any file's owner.
  public static var isRoot: Bool { geteuid() == 0 }

  /// Creates a symbolic link at `path` whose content is `target`.
  public static func makeSymbolicLink(at path: String, to target: String) throws {
    guard symlink(target, path) == 0 else { throw HarnessError("symlink \(path)", errno: errno) }
  }

  /// The content of the symbolic link at `path`, or nil when `path` is not one.
  public static func linkTarget(of path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length >= 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether anything (a file, a folder, a link, even a dangling one) is at `path`.
  public static func exists(_ path: String) -> Bool {
    var information = stat()
    return lstat(path, &information) == 0
  }

  /// Creates the folder at `path`.
  public static func makeFolder(_ path: String) throws {
    guard mkdir(path, 0o755) == 0 else { throw HarnessError("mkdir \(path)", errno: errno) }
  }

  /// The names in the folder at `path`, without `.` and `..`, sorted.
  public static func names(in path: String) throws -> [String] {
    guard let folder = opendir(path) else { throw HarnessError("opendir \(path)", errno: errno) }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      // In place: an entry is only as long as its name, shorter than the whole `d_name` array.
      let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
        field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The id of a process that has ended: a child that ran `/bin/true` and was waited for. The
  /// system could give the number to a new process later, but not within a test.
  public static func endedProcessID() throws -> Int32 {
    var process = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { free(argv[0]) }
    let result = posix_spawn(&process, "/bin/true", nil, nil, argv, nil)
    guard result == 0 else { throw HarnessError("posix_spawn /bin/true", errno: result) }
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      guard errno == EINTR else { throw HarnessError("waitpid", errno: errno) }
    }
    return process
  }
}

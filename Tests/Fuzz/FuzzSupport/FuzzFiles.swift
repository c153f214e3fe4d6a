#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the fuzz targets need: reading inputs to replay, writing seeds and
/// the snapshot target's scratch file. A failure ends the process with a message: these tools
/// have nothing to recover.
public enum FuzzFiles {
  /// The bytes of the file at `path`.
  public static func read(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      bytes += chunk[..<count]
      if count < chunk.count {
        if ferror(file) != 0 { fail("cannot read \(path)") }
        return bytes
      }
    }
  }

  /// Writes `bytes` to the file at `path`, replacing it.
  public static func save(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot create \(path)") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard fclose(file) == 0, written == bytes.count else { fail("cannot write \(path)") }
  }

  /// Whether `path` names a directory.
  public static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// The paths of the entries of directory `path` that are not directories, sorted.
  public static func files(in path: String) -> [String] {
    guard let directory = opendir(path) else { fail("cannot list \(path)") }
    defer { closedir(directory) }
    var paths: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      let file = path + "/" + name
      if name != "." && name != ".." && !isDirectory(file) { paths.append(file) }
    }
    return paths.sorted()
  }

  /// Creates directory `path`, and the directories above it, unless they exist.
  public static func makeDirectory(_ path: String) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else { fail("cannot create \(prefix)") }
      prefix += "/"
    }
  }

  /// Removes the file at `path`, if there is one.
  public static func remove(_ path: String) {
    unlink(path)
  }

  /// A path for a scratch file of this process named `name`: in `$TMPDIR`, else /tmp.
  public static func scratchPath(_ name: String) -> String {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(directory)/\(name)-\(getpid())"
  }

  /// Writes `message` and a line break to standard error at once (it is not buffered).
  public static func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Ends the process with status 1 after writing `message`.
  static func fail(_ message: String) -> Never {
    printError("error: \(message)")
    exit(1)
  }
}

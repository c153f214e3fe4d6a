#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes all of `bytes` to file descriptor `descriptor`, retrying after interruptions;
/// `what` names the destination in errors.
public func writeAll(_ bytes: [UInt8], to descriptor: Int32, what: String) throws {
  var written = 0
  while written < bytes.count {
    let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { throw HarnessError("write to \(what)", errno: errno) }
    written += count
  }
}

/// A fresh directory under /tmp for one test, removed with everything in it when released.
public final class TemporaryDirectory {
  /// The directory's path.
  public let path: String

  /// Creates the directory.
  public init() throws {
    var template = Array("/tmp/pinyin-search-tests.XXXXXX".utf8CString)
    guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw HarnessError("mkdtemp", errno: errno)
    }
    path = String(cString: created)
  }

  deinit {
    _ = system("rm -rf '\(path)'")
  }

  /// Writes `bytes` to file `name` in the directory, replacing it; returns its path.
  @discardableResult
  public func write(_ bytes: [UInt8], to name: String) throws -> String {
    let file = path + "/" + name
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw HarnessError("open \(file)", errno: errno) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor, what: file)
    return file
  }

  /// Writes `text` as UTF-8 to file `name`; returns its path.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> String {
    try write(Array(text.utf8), to: name)
  }

  /// The path of `name` in the directory, for a file the test creates otherwise.
  public func adopt(_ name: String) -> String {
    path + "/" + name
  }

  /// The bytes of the file at `path`.
  public static func contents(of path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw HarnessError("fopen \(path)", errno: errno) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[..<count])
    }
    return bytes
  }
}

/// Reads at most `buffer.count` bytes from `descriptor` (the C library's `read`, named so that
/// types with a `read` method of their own can call it on every platform).
///
/// - Returns: The count read, 0 at the end of the input, or -1 with `errno` set.
public func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}

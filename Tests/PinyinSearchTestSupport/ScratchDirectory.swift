#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under /tmp for one test, removed with everything in it when released.
public final class ScratchDirectory {
  /// The directory's path.
  public let path: String

  /// Creates the directory.
  public init() {
    var template = Array("/tmp/pinyin-search-tests.XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(created != nil, "mkdtemp failed: \(errno)")
    path = String(cString: created!)
  }

  deinit {
    _ = system("rm -rf '\(path)'")
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String {
    path + "/" + name
  }

  /// The bytes of file `path`.
  public static func read(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
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

  /// Writes `bytes` to file `path`, replacing it.
  public static func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { preconditionFailure("cannot write \(path)") }
    defer { fclose(file) }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
  }
}

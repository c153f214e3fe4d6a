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

  /// Removes the file at `path`, if it is there; errors are ignored (used to clean up).
  static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// The running process's id, which names its temporary files.
  static var processID: Int32 { getpid() }
}

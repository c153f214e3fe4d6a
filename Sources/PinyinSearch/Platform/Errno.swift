#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error number of the C library, as `errno` reports it after a failed file operation.
///
/// A small `RawRepresentable` value in the manner of swift-system's `Errno`: errors carry the
/// number, compare equal in tests, and look up the system's message only when printed. The
/// library reports it inside `SnapshotError.io`; the command-line tool uses it for its own files.
///
///     if case .io(_, _, let errno) = error, errno == .noSuchFile { … }  // build it afresh
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  /// The C value, e.g. 2 for `ENOENT` on Linux and Darwin.
  public var rawValue: Int32

  /// The error numbered `rawValue`.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// No such file or directory (`ENOENT`).
  public static let noSuchFile = Errno(rawValue: ENOENT)
  /// A directory where a file was expected (`EISDIR`).
  public static let isDirectory = Errno(rawValue: EISDIR)
  /// Permission denied (`EACCES`).
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// A file exists where a new one was to be created (`EEXIST`).
  public static let fileExists = Errno(rawValue: EEXIST)
  /// Too many symbolic links to follow, or a loop of them (`ELOOP`).
  public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)

  /// The C library's message for the number, e.g. "No such file or directory".
  public var description: String {
    guard let message = strerror(rawValue) else { return "error \(rawValue)" }
    return String(cString: message)
  }

  /// The calling thread's `errno`, read right after a failed call.
  @_spi(CommandLineTool) public static var current: Errno { Errno(rawValue: errno) }
}

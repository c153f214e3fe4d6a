import PinyinSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Errno {
  /// The current value of `errno`, read right after a failed call.
  static var current: Errno { Errno(rawValue: errno) }
}

/// The few C library calls the tool makes, so that no other file of the module imports the C library.
///
/// Every call retries when interrupted by a signal (`EINTR`) and reports failure as an `Errno`.
enum System {
  /// The standard input's file descriptor.
  static let standardInput: Int32 = 0
  /// The standard output's file descriptor.
  static let standardOutput: Int32 = 1
  /// The standard error's file descriptor.
  static let standardError: Int32 = 2

  /// Opens the file at `path` for reading.
  ///
  /// - Returns: The file descriptor, which the caller closes with `close(_:)`.
  /// - Throws: The reason it cannot be opened, or `.isDirectory` for a directory (which Linux
  ///   would open, only to fail on the first read).
  static func openForReading(_ path: String) throws(Errno) -> Int32 {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw Errno.current }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw Errno.isDirectory
    }
    return descriptor
  }

  /// Closes `descriptor`, ignoring errors (the tool only closes files it has read).
  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #elseif canImport(Darwin)
      _ = Darwin.close(descriptor)
    #endif
  }

  /// Reads at most `buffer.count` bytes from `descriptor` into `buffer`.
  ///
  /// - Returns: The number of bytes read; 0 at the end of the input. Returns as soon as some
  ///   bytes are available, so a pipe or terminal is read line by line as it is written.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(descriptor, base, buffer.count)
      #elseif canImport(Musl)
        let count = Musl.read(descriptor, base, buffer.count)
      #elseif canImport(Darwin)
        let count = Darwin.read(descriptor, base, buffer.count)
      #endif
      if count >= 0 { return count }
      if errno != EINTR { throw Errno.current }
    }
  }

  /// Writes all of `bytes` to `descriptor`, continuing after partial writes.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      #if canImport(Glibc)
        let count = Glibc.write(descriptor, next, remaining)
      #elseif canImport(Musl)
        let count = Musl.write(descriptor, next, remaining)
      #elseif canImport(Darwin)
        let count = Darwin.write(descriptor, next, remaining)
      #endif
      if count < 0 {
        if errno == EINTR { continue }
        throw Errno.current
      }
      next += count
      remaining -= count
    }
  }

  /// The size in bytes of the regular file open as `descriptor`; nil for a pipe, a terminal or
  /// anything else whose size is not known in advance.
  static func regularFileSize(_ descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// The size in bytes of the file at `path`, or nil when it cannot be examined.
  static func fileSize(_ path: String) -> Int? {
    var information = stat()
    return stat(path, &information) == 0 ? Int(information.st_size) : nil
  }

  /// Whether `descriptor` is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) != 0
  }

  /// The value of the environment variable `name`, or nil when it is not set.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

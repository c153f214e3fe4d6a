@_spi(CommandLineTool) import PinyinSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few C library calls the tool makes, so that no other file of the module imports the C library
/// (but `Interactive/Terminal.swift`); file reads and writes go through the library's `FileDescriptor`.
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
    let file = try FileDescriptor.open(path, .readOnly)
    if (try? file.status())?.isDirectory == true {
      try? file.close()
      throw Errno.isDirectory
    }
    return file.rawValue
  }

  /// Closes `descriptor`, ignoring errors (the tool only closes files it has read).
  static func close(_ descriptor: Int32) {
    try? FileDescriptor(rawValue: descriptor).close()
  }

  /// Reads at most `buffer.count` bytes from `descriptor` into `buffer`.
  ///
  /// - Returns: The number of bytes read; 0 at the end of the input. Returns as soon as some
  ///   bytes are available, so a pipe or terminal is read line by line as it is written.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try FileDescriptor(rawValue: descriptor).read(into: buffer)
  }

  /// Writes all of `bytes` to `descriptor`, continuing after partial writes.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
    try FileDescriptor(rawValue: descriptor).writeAll(bytes)
  }

  /// The size in bytes of the regular file open as `descriptor`; nil for a pipe, a terminal or
  /// anything else whose size is not known in advance.
  static func regularFileSize(_ descriptor: Int32) -> Int? {
    guard let status = try? FileDescriptor(rawValue: descriptor).status(), status.isRegularFile else { return nil }
    return status.size
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

  /// The machine's host name, or `an unnamed host`.
  static func hostName() -> String {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count - 1) == 0 else { return "an unnamed host" }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// This process's id.
  static func processID() -> Int32 {
    getpid()
  }

  /// The value of the environment variable `name`, or nil when it is not set.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Gives SIGQUIT its default action (end the process, with a core dump where enabled) unless
  /// the process was started with it ignored, as `nohup` and shells' background jobs do.
  static func quitOnQuitSignal() {
    var current = sigaction()
    guard sigaction(SIGQUIT, nil, &current) == 0 else { return }
    #if os(Linux)
      let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    #else
      let handler = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
    #endif
    let ignore = unsafeBitCast(SIG_IGN, to: Int.self)
    if handler != ignore { _ = signal(SIGQUIT, SIG_DFL) }
  }
}

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

  /// The path that names the process's controlling terminal, whatever its standard streams are.
  static let controllingTerminalPath = "/dev/tty"

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

  /// Makes the crash signals end the process with their default action (a core dump where
  /// enabled, the status of the signal), which Swift's runtime prevents for a signal sent by
  /// another process: its backtracer, which takes them at start, prints a backtrace and returns,
  /// and a signal that no fault raised then leaves the process running, `batch` reading its next
  /// query as if nothing happened.
  ///
  /// The handler installed here still hands a crash of the process's own — a fault, or a signal
  /// it raised itself, as `abort()` does — to the disposition it replaced (the backtracer),
  /// then ends the process with the default action; a signal sent by another process
  /// (`kill`, `sigqueue`) ends it at once, without a backtrace. A signal the process was
  /// started with ignored stays ignored. The interactive search's terminal puts its own
  /// handlers over these while it holds the terminal (`Terminal`).
  static func endWithDefaultActionOnCrashSignals() {
    _ = replacedCrashActions  // initialised before any handler that reads it exists
    for number in crashSignals {
      var current = sigaction()
      guard sigaction(number, nil, &current) == 0 else { continue }
      #if os(Linux)
        let disposition = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      #else
        let disposition = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
      #endif
      if disposition == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
      replacedCrashActions[Int(number)] = current
      var action = sigaction()
      #if os(Linux)
        action.__sigaction_handler.sa_sigaction = { number, info, context in
          endWithDefaultAction(number, info: info, context: context)
        }
      #else
        action.__sigaction_u.__sa_sigaction = { number, info, context in
          endWithDefaultAction(number, info: info, context: context)
        }
      #endif
      sigemptyset(&action.sa_mask)
      // The runtime's alternate stack, if it set one up, serves a stack overflow here too.
      action.sa_flags = SA_SIGINFO | (current.sa_flags & SA_ONSTACK)
      _ = sigaction(number, &action, nil)
    }
  }

  /// The signals Swift's runtime hands to its backtracer, but SIGQUIT (`quitOnQuitSignal()`).
  static let crashSignals: [Int32] = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE]
}

/// The dispositions `System.endWithDefaultActionOnCrashSignals()` replaced, indexed by signal
/// number, for its handler to hand the process's own crashes to.
///
/// Safety of `nonisolated(unsafe)`: the pointer never changes and is initialised before any
/// handler is installed; entry `n` is written by `System.endWithDefaultActionOnCrashSignals()`
/// before the handler of signal `n` exists (once, at start, on the main thread) and only read
/// afterwards, by that handler.
nonisolated(unsafe) private let replacedCrashActions: UnsafeMutablePointer<sigaction> = {
  let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  pointer.initialize(repeating: sigaction(), count: 65)
  return pointer
}()

/// The handler of `System.crashSignals`: for a crash of the process's own (a fault the kernel
/// raised, or a signal the process sent itself), runs the disposition it replaced, Swift's
/// backtracer by default; then, whoever sent it, gives signal `number` its default action and
/// raises it again, which ends the process when the handler returns (the signal is blocked
/// while it runs). Async-signal-safe: `sigaction` data read, the replaced handler (itself a
/// signal handler), `signal`, `raise`.
private func endWithDefaultAction(
  _ number: Int32, info: UnsafeMutablePointer<siginfo_t>?, context: UnsafeMutableRawPointer?
) {
  let replaced = replacedCrashActions[Int(number)]
  if let info, !isSentByAnotherProcess(info.pointee) {
    #if os(Linux)
      let function = unsafeBitCast(replaced.__sigaction_handler.sa_handler, to: Int.self)
    #else
      let function = unsafeBitCast(replaced.__sigaction_u.__sa_handler, to: Int.self)
    #endif
    // Neither SIG_DFL (0) nor SIG_IGN (1): a function to call.
    if function > 1 {
      if replaced.sa_flags & SA_SIGINFO != 0 {
        #if os(Linux)
          replaced.__sigaction_handler.sa_sigaction?(number, info, context)
        #else
          replaced.__sigaction_u.__sa_sigaction?(number, info, context)
        #endif
      } else {
        #if os(Linux)
          replaced.__sigaction_handler.sa_handler?(number)
        #else
          replaced.__sigaction_u.__sa_handler?(number)
        #endif
      }
    }
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}

/// Whether a signal was sent by a process with `kill` or `sigqueue`, rather than raised by the
/// kernel for a fault or by the process itself (`raise` and `abort` send it to their own thread,
/// `SI_TKILL` on Linux). On Darwin, where `raise` too is `SI_USER`, a signal the process sent
/// itself counts as sent by another: it ends the process without the backtracer, which is off
/// there by default anyway, and the system's crash reporter still sees it.
private func isSentByAnotherProcess(_ info: siginfo_t) -> Bool {
  info.si_code == SI_USER || info.si_code == SI_QUEUE
}

@_spi(CommandLineTool) import PinyinSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal of the interactive search: raw mode, the alternate screen, its size, key bytes
/// and resize signals. The only code that touches the terminal (with `System`, the only code
/// that imports the C library).
///
/// The terminal is the process's controlling terminal, opened as `/dev/tty`
/// (`openDevice(_:)`), not standard input and output: as with fzf, the screen and the keys
/// go there, and standard output carries only the record chosen, so that `x=$(pinyin-search
/// interactive)` works, and standard input may carry the records (`--data -`).
///
/// `open(device:)` saves the terminal's settings, installs signal handlers that put them back, then
/// switches to raw mode (no echo, no line editing, no signals from Ctrl-C or Ctrl-Z: every key
/// arrives as bytes), the alternate screen and bracketed paste. `restore()` undoes all of it and
/// is called on every way out: a normal return, an error (`defer`), and — through the handlers —
/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals SIGSEGV, SIGBUS, SIGABRT, SIGILL,
/// SIGTRAP (Swift's runtime traps) and SIGFPE. A handler restores the terminal, then hands the
/// signal to the disposition it replaced (by default: end the process, or the Swift runtime's
/// backtracer), so the process still ends as the signal says. SIGKILL cannot be caught; after
/// one, `reset` or `stty sane` repairs the terminal.
///
/// SIGWINCH (a resize) writes a byte to a pipe that `nextEvent(timeout:)` polls along with the
/// keyboard, so a resize is never lost between two polls. The handled signals are unblocked on
/// the calling thread while the terminal is held, in case the parent started the process with
/// them blocked; `restore()` puts the signal mask back.
///
///     let terminal = try Terminal.open(device: Terminal.openDevice("/dev/tty"))
///     defer { terminal.restore() }
///     try terminal.write("\u{1B}[Hhello")
///     let event = try terminal.nextEvent(timeout: 100)
final class Terminal {
  /// Where keys are read and the settings changed: the terminal device, closed by `restore()`.
  let input: Int32
  /// Where the screen is drawn: the same device.
  let output: Int32
  /// The pipe SIGWINCH writes to.
  private let resizePipe: (read: Int32, write: Int32)
  /// The calling thread's signal mask before `open(device:)`.
  private var previousSignalMask = sigset_t()
  /// Whether `restore()` has run.
  private var isRestored = false

  /// What `nextEvent(timeout:)` reports.
  enum Event: Equatable {
    /// Bytes typed or pasted.
    case input([UInt8])
    /// The terminal changed size.
    case resized
    /// Nothing happened within the timeout.
    case timeout
    /// The terminal is gone (it was closed or hung up).
    case endOfInput
  }

  /// A terminal on `input` and `output`, its resize signals arriving on `resizePipe`.
  private init(input: Int32, output: Int32, resizePipe: (read: Int32, write: Int32)) {
    self.input = input
    self.output = output
    self.resizePipe = resizePipe
  }

  /// Opens the terminal at `path` (`/dev/tty`: the controlling terminal) for reading keys and
  /// drawing; the descriptor goes to `open(device:)`.
  ///
  /// - Throws: `CommandLineError.notATerminal` when the process has no controlling terminal
  ///   (or `path` names no terminal); `.terminalFailed` when it cannot be opened otherwise.
  static func openDevice(_ path: String) throws(CommandLineError) -> Int32 {
    var device: Int32
    repeat {
      #if canImport(Glibc)
        device = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
      #elseif canImport(Musl)
        device = Musl.open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
      #elseif canImport(Darwin)
        device = Darwin.open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
      #endif
    } while device < 0 && errno == EINTR
    guard device >= 0 else {
      let error = Errno.current
      // No controlling terminal: ENXIO on Linux, ENXIO or ENODEV elsewhere; none at all: ENOENT.
      if [ENXIO, ENODEV, ENOENT].contains(error.rawValue) { throw .notATerminal }
      throw .terminalFailed(error)
    }
    guard isatty(device) != 0 else {
      System.close(device)
      throw .notATerminal
    }
    return device
  }

  /// Takes over the terminal open as `device` (which it closes when restored, or when this
  /// fails): saves its settings, installs the restoring signal handlers, and enters raw mode,
  /// the alternate screen and bracketed paste.
  ///
  /// - Throws: `CommandLineError.terminalFailed` when it cannot be set up.
  static func open(device: Int32) throws(CommandLineError) -> Terminal {
    let (input, output) = (device, device)
    guard tcgetattr(input, savedSettings) == 0 else {
      let error = Errno.current
      System.close(device)
      throw .terminalFailed(error)
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      let error = Errno.current
      System.close(device)
      throw .terminalFailed(error)
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    let terminal = Terminal(input: input, output: output, resizePipe: (ends[0], ends[1]))
    installSignalHandlers(input: input, output: output, resizeNotifier: ends[1])
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in endingSignals + [SIGWINCH] { sigaddset(&handled, signal) }
    pthread_sigmask(SIG_UNBLOCK, &handled, &terminal.previousSignalMask)
    var raw = savedSettings.pointee
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSADRAIN, &raw) == 0 else {  // keys typed ahead stay readable
      let error = Errno.current
      terminal.restore()
      throw .terminalFailed(error)
    }
    do throws(CommandLineError) {
      try terminal.write(enterSequence)
    } catch {
      terminal.restore()
      throw error
    }
    return terminal
  }

  /// Gives the terminal back as it was: the normal screen, the cursor shown, the saved settings
  /// (discarding keys typed but not read, so they do not reach the shell), the signal handlers
  /// that were there before; then closes it. Does nothing the second time.
  func restore() {
    guard !isRestored else { return }
    isRestored = true
    restoreSequence.withUTF8Buffer { try? System.writeAll(output, UnsafeRawBufferPointer($0)) }
    _ = tcsetattr(input, TCSAFLUSH, savedSettings)
    // Only now: a signal arriving meanwhile still finds a handler that restores (again, harmlessly).
    uninstallSignalHandlers()
    pthread_sigmask(SIG_SETMASK, &previousSignalMask, nil)
    System.close(resizePipe.read)
    System.close(resizePipe.write)
    System.close(input)
  }

  /// Restores the terminal if nothing else did.
  deinit { restore() }

  /// The terminal's size, or `TerminalSize.fallback` when it does not say.
  var size: TerminalSize {
    var window = winsize()
    let result = withUnsafeMutablePointer(to: &window) { ioctl(output, UInt(TIOCGWINSZ), $0) }
    guard result == 0, window.ws_row > 0, window.ws_col > 0 else { return .fallback }
    return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
  }

  /// Writes `text` to the terminal at once.
  ///
  /// - Throws: `CommandLineError.writeFailed`.
  func write(_ text: String) throws(CommandLineError) {
    var text = text
    do throws(Errno) {
      // `withUTF8` rethrows untyped errors, so the typed error crosses it as a `Result`.
      try text.withUTF8 { bytes in
        Result { () throws(Errno) in try System.writeAll(output, UnsafeRawBufferPointer(bytes)) }
      }.get()
    } catch {
      throw .writeFailed(error)
    }
  }

  /// Waits up to `timeout` milliseconds (-1: without limit) for keys or a resize.
  ///
  /// - Throws: `CommandLineError.terminalFailed` when polling or reading fails.
  func nextEvent(timeout: Int32) throws(CommandLineError) -> Event {
    var descriptors = [
      pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0),
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
    ]
    var ready: Int32
    repeat {
      ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
    } while ready < 0 && errno == EINTR  // a signal: the resize pipe says if it was SIGWINCH
    guard ready >= 0 else { throw .terminalFailed(.current) }
    if ready == 0 { return .timeout }
    if descriptors[0].revents != 0 {
      var drained = [UInt8](repeating: 0, count: 64)
      _ = drained.withUnsafeMutableBytes { read(resizePipe.read, $0.baseAddress, $0.count) }
      return .resized
    }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count: Int
    do throws(Errno) {
      count = try bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in try System.read(input, into: buffer) }
      }.get()
    } catch {
      if error.rawValue == EIO { return .endOfInput }  // the terminal hung up
      throw .terminalFailed(error)
    }
    return count == 0 ? .endOfInput : .input(Array(bytes[..<count]))
  }

  /// Alternate screen (saving the cursor), bracketed paste on, screen cleared.
  private static let enterSequence = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J"
}

// MARK: - Signal handling

// What the signal handlers use. A handler may only make async-signal-safe calls (write,
// tcsetattr, sigaction, raise) and must not allocate, take locks or initialise globals lazily;
// so everything it reads is set up before it is installed, in memory that never moves.

/// The terminal settings to restore, saved by `Terminal.open(device:)`.
///
/// Safety of `nonisolated(unsafe)`: the pointer itself never changes (a `let`, initialised on
/// first use, which is `Terminal.open(device:)` on the main thread before any handler exists). The
/// pointee is written only by `tcgetattr` in `Terminal.open(device:)`, before `installSignalHandlers`
/// publishes `armedInput` (an `AtomicDescriptor`: sequentially consistent, so a release); a
/// handler reads it only after taking a non-negative `armedInput` (so an acquire), so it sees the
/// complete write. One session
/// runs per process, so the pointee is not written again while a handler may read it.
nonisolated(unsafe) private let savedSettings: UnsafeMutablePointer<termios> = {
  let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  pointer.initialize(to: termios())
  return pointer
}()

/// The dispositions the handlers replaced, indexed by signal number, put back when the search
/// ends normally.
///
/// Safety of `nonisolated(unsafe)`: as for `savedSettings`, the pointer never changes and is
/// initialised before any handler is installed; entry `n` is written by `sigaction` while
/// installing the handler of signal `n` and read only by `uninstallSignalHandlers()`, on the
/// thread that installed them.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
  pointer.initialize(repeating: sigaction(), count: signalSlots)
  return pointer
}()

/// Room for every signal number the handlers are installed for.
private let signalSlots = 65

/// The descriptor whose settings a handler restores; -1 when there is nothing to restore.
private let armedInput = AtomicDescriptor(-1)
/// The descriptor a handler writes `restoreSequence` to.
private let armedOutput = AtomicDescriptor(-1)
/// The write end of the resize pipe; -1 when none.
private let resizeNotifier = AtomicDescriptor(-1)

/// Bracketed paste off, attributes reset, cursor shown, normal screen (restoring the cursor):
/// a `StaticString`, whose bytes are in the binary, so a handler writes it without allocating.
private let restoreSequence: StaticString = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// The signals after which the terminal is restored before the process ends.
private let endingSignals: [Int32] = [
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE,
]

/// Arms the handlers: publishes the descriptors, then installs a restoring handler for each of
/// `endingSignals` and the resize handler for SIGWINCH, keeping the dispositions they replace.
private func installSignalHandlers(input: Int32, output: Int32, resizeNotifier notifier: Int32) {
  _ = previousActions  // initialise the globals a handler reads before any handler exists
  _ = restoreSequence
  armedOutput.store(output)
  resizeNotifier.store(notifier)
  armedInput.store(input)
  for signal in endingSignals {
    install(signal, flags: 0) { restoreTerminalAndRaise($0) }
  }
  install(SIGWINCH, flags: SA_RESTART) { noteResize($0) }
}

/// Installs `handler` for `signal`, keeping the disposition it replaces in `previousActions`.
private func install(_ signal: Int32, flags: Int32, handler: @escaping @convention(c) (Int32) -> Void) {
  var action = sigaction()
  #if os(Linux)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  sigemptyset(&action.sa_mask)
  action.sa_flags = flags
  _ = sigaction(signal, &action, previousActions + Int(signal))
}

/// Disarms the handlers (after the terminal was restored by other means) and puts back the
/// dispositions they replaced.
private func uninstallSignalHandlers() {
  armedInput.store(-1)
  resizeNotifier.store(-1)
  for signal in endingSignals + [SIGWINCH] {
    _ = sigaction(signal, previousActions + Int(signal), nil)
  }
}

/// The handler of `endingSignals`: restores the terminal once (whichever thread gets there
/// first), says in one line which signal ended a crash or a quit, then re-raises `number` with
/// its default action, which ends the process when the handler returns. Not the disposition it
/// replaced: the Swift runtime's backtracer would print over the terminal, wait for a key and,
/// for a signal sent by another process, let the process run on without its screen.
/// Async-signal-safe: atomics, `write`, `tcsetattr`, `signal`, `raise`.
private func restoreTerminalAndRaise(_ number: Int32) {
  let savedErrno = errno
  let input = armedInput.exchange(-1)
  if input >= 0 {
    let output = armedOutput.load()
    restoreSequence.withUTF8Buffer { bytes in _ = write(output, bytes.baseAddress, bytes.count) }
    _ = tcsetattr(input, TCSAFLUSH, savedSettings)
  }
  if let message = endingMessage(for: number) {
    message.withUTF8Buffer { bytes in _ = write(System.standardError, bytes.baseAddress, bytes.count) }
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
  errno = savedErrno
}

/// The line written when signal `number` ends the search abnormally; nil for the signals that
/// end it on request (SIGINT, SIGTERM, SIGHUP). `StaticString`s, written without allocating.
private func endingMessage(for number: Int32) -> StaticString? {
  switch number {
  case SIGQUIT: "pinyin-search: quit (SIGQUIT)\n"
  case SIGSEGV: "pinyin-search: crashed (SIGSEGV)\n"
  case SIGBUS: "pinyin-search: crashed (SIGBUS)\n"
  case SIGABRT: "pinyin-search: crashed (SIGABRT)\n"
  case SIGILL: "pinyin-search: crashed (SIGILL)\n"
  case SIGTRAP: "pinyin-search: crashed (SIGTRAP)\n"
  case SIGFPE: "pinyin-search: crashed (SIGFPE)\n"
  default: nil
  }
}

/// The SIGWINCH handler: one byte down the resize pipe (which never blocks: it is non-blocking,
/// and a full pipe already says "resized").
private func noteResize(_ signal: Int32) {
  let savedErrno = errno
  let notifier = resizeNotifier.load()
  if notifier >= 0 {
    var byte: UInt8 = 1
    _ = write(notifier, &byte, 1)
  }
  errno = savedErrno
}

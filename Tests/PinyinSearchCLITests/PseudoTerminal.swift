import PinyinSearchTestSupport

@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `pinyin-search` running in a pseudo-terminal that the test opened: the child's
/// standard input, output and error are the terminal, as for a person at a terminal; the test
/// types on the other side and reads what the child draws.
///
/// The test keeps a descriptor of the terminal open, so that it can read the terminal's
/// settings after the child has exited and check that they were restored.
final class PseudoTerminal {
  /// The test's side of the terminal.
  let controller: Int32
  /// The child's side, kept open by the test.
  let device: Int32
  /// The child.
  let process: pid_t
  /// Everything the child wrote so far.
  private(set) var output: [UInt8] = []
  private var status: Int32?

  /// Starts the tool with `arguments` in a new session whose controlling terminal is a new
  /// pseudo-terminal of `size`: its standard input, output and error, but for standard input
  /// read from the file `standardInput` and standard output written to the file
  /// `standardOutput` when they are given.
  init(
    _ arguments: [String], size: TerminalSize = TerminalSize(rows: 12, columns: 60), environment: [String] = [],
    standardInput: String? = nil, standardOutput: String? = nil
  ) throws {
    // posix_openpt and friends are not visible to Swift's Glibc module; they are looked up.
    let library = dlopen(nil, RTLD_NOW)
    typealias DescriptorFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
      let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname")
    else { throw HarnessError("posix_openpt, grantpt, unlockpt or ptsname not found") }
    let openController = unsafeBitCast(openSymbol, to: DescriptorFunction.self)
    let grant = unsafeBitCast(grantSymbol, to: DescriptorFunction.self)
    let unlock = unsafeBitCast(unlockSymbol, to: DescriptorFunction.self)
    let deviceName = unsafeBitCast(nameSymbol, to: NameFunction.self)

    controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else { throw HarnessError("posix_openpt", errno: errno) }
    _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
    guard grant(controller) == 0, unlock(controller) == 0, let name = deviceName(controller) else {
      close(controller)
      throw HarnessError("grantpt/unlockpt/ptsname", errno: errno)
    }
    let path = String(cString: name)
    device = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard device >= 0 else {
      close(controller)
      throw HarnessError("open \(path)", errno: errno)
    }
    var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = withUnsafeMutablePointer(to: &window) { [controller] in ioctl(controller, UInt(TIOCSWINSZ), $0) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // As a shell starts a program: no signal blocked, every signal handled by default (the test
    // runner's threads block most signals, and a child would inherit that).
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(
      &attributes, ToolProcess.spawnSetSID | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid (without O_NOCTTY), the terminal becomes the child's controlling
    // terminal, so the kernel sends it SIGWINCH when the test resizes it.
    posix_spawn_file_actions_addopen(&actions, 2, path, O_RDWR, 0)
    if let standardInput {
      posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 2, 0)
    }
    if let standardOutput {
      posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
    }
    let binary = try ToolProcess.binaryPath()
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = (ToolProcess.environment + environment).map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var child = pid_t()
    let result = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
    guard result == 0 else {
      close(controller)
      close(device)
      throw HarnessError("posix_spawn \(binary)", errno: result)
    }
    process = child
  }

  deinit {
    if status == nil {
      kill(process, SIGKILL)
      _ = try? ToolProcess.wait(for: process)
    }
    close(controller)
    close(device)
  }

  /// Types `text` (its UTF-8 bytes, control characters included).
  func type(_ text: String) throws {
    try type(Array(text.utf8))
  }

  /// Types `bytes`.
  func type(_ bytes: [UInt8]) throws {
    try writeAll(bytes, to: controller, what: "the terminal")
  }

  /// Reads what the child wrote for up to `milliseconds`; returns whether anything came.
  @discardableResult
  private func read(waiting milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let count = chunk.withUnsafeMutableBytes { readDescriptor(controller, into: $0) }
    guard count > 0 else { return false }
    output += chunk[..<count]
    return true
  }

  /// The screen the child's output draws from byte `offset` on, on a terminal of `size`.
  func screen(from offset: Int = 0, size: TerminalSize = TerminalSize(rows: 12, columns: 60)) -> [String] {
    var terminal = VirtualTerminal(size: size)
    terminal.write(String(decoding: output[offset...], as: UTF8.self))
    return terminal.lines
  }

  /// Reads until `condition` holds for the output, or fails after `timeout` milliseconds.
  func wait(
    for what: String, timeout: Int = 10_000, until condition: (PseudoTerminal) -> Bool
  ) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(timeout)
    while !condition(self) {
      guard clock.now < deadline else {
        throw HarnessError("timed out waiting for \(what); screen:\n" + screen().joined(separator: "\n"))
      }
      read(waiting: 50)
    }
  }

  /// Waits until the child has put the terminal in raw mode and drawn its first screen.
  func waitUntilReady() throws {
    try wait(for: "the first screen") { !$0.isCooked && $0.screen()[0] == ">" }
  }

  /// Waits for the screen to show a line equal to `line` (trailing spaces aside).
  func waitForLine(_ line: String, size: TerminalSize = TerminalSize(rows: 12, columns: 60)) throws {
    try wait(for: "a line \(line.debugDescription)") { $0.screen(size: size).contains(line) }
  }

  /// Waits for the child to exit, reading its last output; returns its exit status (128 + the
  /// signal when a signal ended it).
  func waitForExit(timeout: Int = 10_000) throws -> Int32 {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(timeout)
    while true {
      var raw: Int32 = 0
      let result = waitpid(process, &raw, WNOHANG)
      if result == process {
        while read(waiting: 20) {}
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return status!
      }
      guard clock.now < deadline else { throw HarnessError("the child did not exit") }
      read(waiting: 20)
    }
  }

  /// The text written after the last time the child left the alternate screen.
  var textAfterLeavingTheScreen: String {
    let leave = Array("\u{1B}[?1049l".utf8)
    var index = output.count - leave.count
    while index >= 0 && !output[index..<index + leave.count].elementsEqual(leave) { index -= 1 }
    return index < 0 ? "" : String(decoding: output[(index + leave.count)...], as: UTF8.self)
  }

  /// Whether the terminal is in canonical mode with echo: as a shell expects it, not raw.
  var isCooked: Bool {
    var settings = termios()
    guard tcgetattr(device, &settings) == 0 else { return false }
    return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
      && settings.c_lflag & tcflag_t(ISIG) != 0
  }

  /// Resizes the terminal (the kernel sends the child SIGWINCH).
  func resize(to size: TerminalSize) {
    var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = withUnsafeMutablePointer(to: &window) { ioctl(controller, UInt(TIOCSWINSZ), $0) }
  }
}

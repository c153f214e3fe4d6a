import PinyinSearch
import PinyinSearchTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run of the built `pinyin-search` binary produced.
struct ToolOutput: Equatable, CustomStringConvertible {
  /// The exit status, or 128 + the signal number when a signal ended the process.
  var status: Int32
  var standardOutput: String
  var standardError: String

  var description: String {
    "status \(status), stdout \(standardOutput.debugDescription), stderr \(standardError.debugDescription)"
  }
}

/// Runs the built `pinyin-search` binary as a child process (posix_spawn, no Foundation).
enum ToolProcess {
  /// The binary: `$PINYIN_SEARCH_BINARY`, else `pinyin-search` next to the running test bundle
  /// (SwiftPM builds it there because the test target depends on the executable target).
  static func binaryPath() throws -> String {
    if let path = getenv("PINYIN_SEARCH_BINARY") { return String(cString: path) }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { throw HarnessError("readlink /proc/self/exe", errno: errno) }
    let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // On Linux the test bundle is an executable file in the build directory; where it is a
    // directory (…/X.xctest/Contents/…), the build directory is the one holding the bundle.
    var directory = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
    if let bundle = directory.firstRange(of: ".xctest/") {
      directory = directory[..<(directory[..<bundle.lowerBound].lastIndex(of: "/") ?? directory.startIndex)]
    }
    let path = String(directory) + "/pinyin-search"
    guard access(path, X_OK) == 0 else { throw HarnessError("no executable pinyin-search at \(path)") }
    return path
  }

  /// A small, fixed environment, so that the user's `NO_COLOR` or locale cannot change the output.
  static let environment = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"]

  /// Runs the tool with `arguments`, `input` on its standard input, and waits for it; through
  /// `launcher` (a program and its arguments, e.g. `setpriv` to run as another user) if given,
  /// with `variables` (`NAME=value`) added to its environment; `withoutATerminal`, in a new
  /// session, which has no controlling terminal even when the tests run on one.
  static func run(
    _ arguments: [String], input: [UInt8] = [], launcher: [String] = [], variables: [String] = [],
    withoutATerminal: Bool = false
  ) throws -> ToolOutput {
    let directory = try TemporaryDirectory()
    let inputPath = try directory.write(input, to: "stdin")
    let outputPath = directory.adopt("stdout")
    let errorPath = directory.adopt("stderr")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let process = try spawn(
      arguments, actions: &actions, launcher: launcher, asAShellWould: false, newSession: withoutATerminal,
      variables: variables)
    let status = try wait(for: process)
    return ToolOutput(
      status: status, standardOutput: try readText(outputPath), standardError: try readText(errorPath))
  }

  /// Runs the tool with `arguments` and input `text`.
  static func run(_ arguments: [String], input text: String) throws -> ToolOutput {
    try run(arguments, input: Array(text.utf8))
  }

  /// Starts the tool with `actions` applied to the child's descriptors, through `launcher` if
  /// given; returns its process id. With `asAShellWould`, the child starts as a shell starts a
  /// program: no signal blocked and every signal handled by default (the test runner's threads
  /// block or ignore some). With `newSession`, it starts a session of its own, without a
  /// controlling terminal. `variables` (`NAME=value`) are added to its environment.
  static func spawn(
    _ arguments: [String], actions: inout posix_spawn_file_actions_t, launcher: [String] = [],
    asAShellWould: Bool = false, newSession: Bool = false, variables: [String] = []
  ) throws -> pid_t {
    let path = try binaryPath()
    let executable = launcher.first ?? path
    let argv = (launcher + [path] + arguments).map { strdup($0) } + [nil]
    let envp = (environment + variables).map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if asAShellWould {
      var noSignals = sigset_t()
      sigemptyset(&noSignals)
      var allSignals = sigset_t()
      sigfillset(&allSignals)
      posix_spawnattr_setsigmask(&attributes, &noSignals)
      posix_spawnattr_setsigdefault(&attributes, &allSignals)
    }
    let flags =
      (asAShellWould ? Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) : 0) | (newSession ? spawnSetSID : 0)
    posix_spawnattr_setflags(&attributes, flags)
    var process = pid_t()
    let result = posix_spawn(&process, executable, &actions, &attributes, argv, envp)
    guard result == 0 else { throw HarnessError("posix_spawn \(executable)", errno: result) }
    return process
  }

  /// `POSIX_SPAWN_SETSID` (glibc 2.26), a macro Swift does not import.
  static let spawnSetSID: Int16 = 0x80

  /// Waits for `process` to end; returns its exit status, or 128 + the signal that ended it.
  static func wait(for process: pid_t) throws -> Int32 {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      guard errno == EINTR else { throw HarnessError("waitpid", errno: errno) }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// The contents of the file at `path`, as text (the tool's output must be valid UTF-8).
  static func readText(_ path: String) throws -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw HarnessError("open \(path)", errno: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, into: $0) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw HarnessError("read \(path)", errno: errno) }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    guard let text = String(validUTF8: bytes) else { throw HarnessError("\(path): invalid UTF-8") }
    return text
  }
}

/// The tool running as a child with pipes to its standard input and output, for a conversation:
/// write a line, read the answer, write the next.
final class ToolConversation {
  /// The child.
  let process: pid_t
  private var input: Int32
  private let output: Int32
  private var pending: [UInt8] = []
  private var isFinished = false

  /// Starts the tool with `arguments`, its standard error written to `errorPath` (by default
  /// discarded); `launcher` and `asAShellWould` as for `ToolProcess.spawn`.
  init(
    _ arguments: [String], errorPath: String = "/dev/null", launcher: [String] = [], asAShellWould: Bool = false
  ) throws {
    let toChild = try Self.makePipe()
    let fromChild = try Self.makePipe()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer {
      close(toChild[0])
      close(fromChild[1])
    }
    do {
      process = try ToolProcess.spawn(
        arguments, actions: &actions, launcher: launcher, asAShellWould: asAShellWould)
    } catch {
      close(toChild[1])
      close(fromChild[0])
      throw error
    }
    input = toChild[1]
    output = fromChild[0]
  }

  /// A pipe whose ends close on exec: children that other tests start at the same time must not
  /// inherit the write end, or this child would not see the end of its input until they exit.
  /// (Glibc's `pipe2` is not visible to Swift; the window between `pipe` and `fcntl` is tiny.)
  private static func makePipe() throws -> [Int32] {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw HarnessError("pipe", errno: errno) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return ends
  }

  deinit {
    if input >= 0 { close(input) }
    close(output)
    if !isFinished {
      kill(process, SIGKILL)
      _ = try? ToolProcess.wait(for: process)
    }
  }

  /// Writes `line` and a `\n` to the child's standard input.
  func send(_ line: String) throws {
    try write(line + "\n")
  }

  /// Writes `text` to the child's standard input as it is, in one write: several lines at once,
  /// or part of one.
  func write(_ text: String) throws {
    try writeAll(Array(text.utf8), to: input, what: "the child")
  }

  /// Reads one line from the child's standard output, without its `\n`; fails after `timeout`
  /// milliseconds without a complete line (an answer that was not flushed never arrives).
  func receive(timeout: Int32 = 10_000) throws -> String {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeFirst(newline + 1)
        return line
      }
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, timeout)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { throw HarnessError("no complete line from the child within \(timeout) ms") }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { readDescriptor(output, into: $0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw HarnessError("the child's output ended", errno: count < 0 ? errno : 0) }
      pending += chunk[..<count]
    }
  }

  /// Waits up to `timeout` milliseconds for the child to end on its own, its standard input
  /// still open; returns its exit status (128 + the signal that ended it), or nil if it runs on.
  func waitForExit(timeout: Int) throws -> Int32? {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(timeout)
    while clock.now < deadline {
      var raw: Int32 = 0
      let result = waitpid(process, &raw, WNOHANG)
      if result == process {
        isFinished = true
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
      }
      guard result == 0 || errno == EINTR else { throw HarnessError("waitpid", errno: errno) }
      usleep(20_000)
    }
    return nil
  }

  /// Closes the child's standard input and waits for it; returns its exit status and any output
  /// it wrote after the last line received.
  func finish() throws -> (status: Int32, rest: String) {
    close(input)
    input = -1
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(output, into: $0) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      pending += chunk[..<count]
    }
    isFinished = true
    return (try ToolProcess.wait(for: process), String(decoding: pending, as: UTF8.self))
  }
}

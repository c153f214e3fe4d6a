import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pinyin-search interactive` in a pseudo-terminal: typed at, read from, exit statuses checked,
/// and the terminal's settings checked after the child is gone.
@Suite struct InteractiveEndToEndTests {
  let directory: TemporaryDirectory
  let people: String

  init() throws {
    directory = try TemporaryDirectory()
    people = try directory.write(
      "id,name,phone\nc17,刘亦菲,138 0013 8000\nc2,西安,\nc3,老友记,\nc9,先,\n", to: "people.csv")
  }

  @Test func typesAQueryKeyByKeyAndPrintsTheRecordChosen() throws {
    let terminal = try PseudoTerminal(["interactive", "--data", people, "--text-column", "name"])
    try terminal.waitUntilReady()
    try terminal.wait(for: "the records") { $0.screen()[1].hasPrefix("  4 records") }
    try terminal.type("l")
    try terminal.waitForLine("> l")
    try terminal.waitForLine("> fullPinyin  c17  刘亦菲")
    try terminal.waitForLine("  fullPinyin  c3   老友记")
    try terminal.type("y")
    try terminal.waitForLine("> ly")
    try terminal.type("f")
    try terminal.waitForLine("> lyf")
    try terminal.wait(for: "one match") { $0.screen()[3] == "" && $0.screen()[1].hasSuffix("1 match") }
    #expect(terminal.screen()[2] == "> initials    c17  刘亦菲")
    try terminal.type("\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.textAfterLeavingTheScreen == "c17\t刘亦菲\r\n", "id, tab, text, after leaving the screen")
    #expect(terminal.isCooked, "the terminal is restored")
  }

  /// `--engine` and `--mixed`: every engine loads the file and finds mixed input, shown with
  /// its kind and chosen with Enter; the scan and hash engines after reading it whole.
  @Test(arguments: ["scan", "hash", "hybrid"])
  func searchesMixedInputWithTheEngineChosen(engine: String) throws {
    let stars = try directory.write("c17\t刘亦菲\nc20\t刘德华\n", to: "stars.tsv")
    let terminal = try PseudoTerminal(["interactive", "--data", stars, "--engine", engine, "--mixed"])
    try terminal.waitUntilReady()
    try terminal.wait(for: "the records") { $0.screen()[1].hasPrefix("  2 records") }
    try terminal.type("刘dh")
    try terminal.waitForLine("> mixed       c20  刘德华")
    if engine != "hybrid" {
      try terminal.wait(for: "the path") { $0.screen()[1].hasPrefix("  2 records  \(engine)  ") }
    }
    try terminal.type("\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.textAfterLeavingTheScreen == "c20\t刘德华\r\n")
  }

  /// A snapshot built with --mixed and --keypad, opened with --keypad alone: Ctrl-X turns mixed
  /// on, Ctrl-K keypad off, and the status line says which are on.
  @Test func togglesTheSnapshotsOptionsWithTheirKeys() throws {
    let stars = try directory.write("c17\t刘亦菲\nc20\t刘德华\n", to: "stars.tsv")
    let snapshot = directory.adopt("stars.snapshot")
    #expect(runTool(["index", "--data", stars, "--mixed", "--keypad", "--out", snapshot]).status == 0)
    let terminal = try PseudoTerminal(["interactive", "--snapshot", snapshot, "--keypad"])
    try terminal.waitUntilReady()
    try terminal.waitForLine("  2 records  no mixed ^X  keypad ^K")
    try terminal.type("刘dh")
    try terminal.waitForLine("  No match.")
    try terminal.type([OptionToggle.mixed.controlByte])
    try terminal.waitForLine("> mixed       c20  刘德华")
    try terminal.wait(for: "mixed on") { $0.screen()[1].hasSuffix("  1 match  mixed ^X  keypad ^K") }
    try terminal.type("\u{15}593")
    try terminal.waitForLine("> keypad      c17  刘亦菲  lyf")
    try terminal.type([OptionToggle.keypad.controlByte])
    try terminal.wait(for: "keypad off") {
      $0.screen()[1].hasSuffix("  0 matches  mixed ^X  no keypad ^K") && $0.screen()[2] == "  No match."
    }
    try terminal.type([OptionToggle.keypad.controlByte])
    try terminal.waitForLine("> keypad      c17  刘亦菲  lyf")
    try terminal.type("\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.textAfterLeavingTheScreen == "c17\t刘亦菲\r\n")
  }

  @Test func selectsWithTheArrowKeys() throws {
    let terminal = try PseudoTerminal(["interactive", "--data", people, "--text-column", "name"])
    try terminal.waitUntilReady()
    try terminal.type("ly")
    try terminal.waitForLine("  initials    c3   老友记")
    try terminal.type("\u{1B}[B")
    try terminal.waitForLine("> initials    c3   老友记")
    try terminal.type("\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.textAfterLeavingTheScreen == "c3\t老友记\r\n")
  }

  @Test(arguments: [([0x1B] as [UInt8]), [0x03]])
  func leavesWithStatus1OnEscOrCtrlC(key: [UInt8]) throws {
    let terminal = try PseudoTerminal(["interactive", "--data", people])
    try terminal.waitUntilReady()
    try terminal.type("ly")
    try terminal.waitForLine("> ly")
    try terminal.type(key)
    #expect(try terminal.waitForExit() == 1)
    #expect(terminal.textAfterLeavingTheScreen == "", "nothing printed")
    #expect(terminal.isCooked)
  }

  @Test func opensWithoutArgumentsOnATerminal() throws {
    let terminal = try PseudoTerminal([])
    try terminal.waitUntilReady()
    try terminal.wait(for: "the built-in records") { $0.screen()[1].hasPrefix("  3,000 records") }
    try terminal.type("\u{7}")  // Ctrl-G
    #expect(try terminal.waitForExit() == 1)
  }

  @Test func restoresTheTerminalWhenASignalEndsIt() throws {
    for signal in [SIGTERM, SIGHUP, SIGSEGV] {
      // Without the Swift runtime's backtracer, which would offer to debug the "crash" first.
      let terminal = try PseudoTerminal(["interactive", "--data", people], environment: ["SWIFT_BACKTRACE=enable=no"])
      try terminal.waitUntilReady()
      kill(terminal.process, signal)
      #expect(try terminal.waitForExit() == 128 + signal, "ended by the signal")
      #expect(terminal.isCooked, "signal \(signal): the terminal is restored")
      let expected = signal == SIGSEGV ? "pinyin-search: crashed (SIGSEGV)\r\n" : ""
      #expect(terminal.textAfterLeavingTheScreen == expected, "the screen is left, then at most a line")
    }
  }

  /// A crash signal (or SIGQUIT) restores the terminal, says so in a line at most and ends the
  /// process with that signal at once: the Swift runtime's backtracer, on by default, must not
  /// print over the screen, wait for a key with the terminal raw, or let the process run on.
  @Test(arguments: [SIGQUIT, SIGABRT, SIGSEGV, SIGILL])
  func aCrashSignalEndsItAtOnceWithTheTerminalRestored(signal: Int32) throws {
    let terminal = try PseudoTerminal(["interactive", "--data", people])
    try terminal.waitUntilReady()
    kill(terminal.process, signal)
    #expect(try terminal.waitForExit(timeout: 5_000) == 128 + signal, "ended by the signal, promptly")
    #expect(terminal.isCooked, "signal \(signal): the terminal is restored")
    let after = terminal.textAfterLeavingTheScreen
    #expect(after.split(separator: "\n").count <= 1 && !after.contains("Backtrac"), "at most a short message: \(after)")
  }

  /// `search` on a terminal shows the control characters of the data safely (a space for
  /// white space, U+FFFD otherwise), so that a record cannot clear the screen or retitle the
  /// window; the same search into a pipe prints the data byte for byte.
  @Test func searchShowsControlCharactersSafelyOnATerminal() throws {
    let hostile = try directory.write(
      "x1\tevil\u{1B}[2J\u{1B}]0;owned\u{7}\u{9B}31m name\n", to: "hostile.tsv")
    let terminal = try PseudoTerminal(["search", "--data", hostile, "evil"], environment: ["NO_COLOR=1"])
    #expect(try terminal.waitForExit() == 0)
    let shown = String(decoding: terminal.output, as: UTF8.self)
    // (The loading line before it, on standard error, is the tool's own.)
    #expect(
      shown.hasSuffix("literal     x1  [evil]\u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD}\u{FFFD}31m name\r\n")
        && !shown.contains("\u{1B}[2J") && !shown.contains("\u{1B}]0;") && !shown.contains("\u{9B}"),
      "\(shown.debugDescription)")
    let piped = try ToolProcess.run(["search", "--data", hostile, "evil"])
    #expect(piped.standardOutput == "literal     x1  [evil]\u{1B}[2J\u{1B}]0;owned\u{7}\u{9B}31m name\n")
  }

  @Test func redrawsWhenTheTerminalIsResized() throws {
    let terminal = try PseudoTerminal(["interactive", "--data", people, "--text-column", "name"])
    try terminal.waitUntilReady()
    try terminal.type("lyf")
    try terminal.waitForLine("> initials    c17  刘亦菲")
    let mark = terminal.output.count
    let small = TerminalSize(rows: 5, columns: 20)
    terminal.resize(to: small)
    try terminal.wait(for: "a redraw at 20 columns") {
      let screen = $0.screen(from: mark, size: small)
      return screen[0] == "> lyf" && screen[1].hasPrefix("  4 records  ") && screen[2] == "> initials    c17"
        && screen[3...] == ["", ""]
    }
    try terminal.type("\r")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func reportsABadDataFileAfterRestoringTheTerminal() throws {
    let bad = try directory.write("{\"id\": 1, \"text\": \"刘亦菲\"}\n[1]\n", to: "bad.jsonl")
    let terminal = try PseudoTerminal(["interactive", "--data", bad])
    #expect(try terminal.waitForExit() == 1)
    #expect(terminal.textAfterLeavingTheScreen == "pinyin-search: \(bad):2: not a JSON object\r\n")
    #expect(terminal.isCooked)
  }

  /// A file truncated while it loads: the status line says how much of it was read, and the
  /// warning follows on the terminal once the screen is gone, rather than a file silently short.
  @Test func saysOnTheStatusLineThatTheFileWasTruncatedWhileLoading() throws {
    // Seconds of loading in a debug build, so that the cut comes while it loads. The bytes are
    // in the ids, which are not indexed, so that what was read is indexed in moments. ASCII, so
    // that the cut line is a record, not invalid UTF-8.
    let filler = String(repeating: "-", count: 200)
    let text = (0..<40_000).map { "p\($0)\(filler)\tliu yi fei \($0)\n" }.joined()
    let total = text.utf8.count
    let big = try directory.write(text, to: "big.tsv")
    let terminal = try PseudoTerminal(["interactive", "--data", big])
    try terminal.waitUntilReady()
    // Cut once the first chunk is read (the bar past 0 %: on a loaded machine the cut came before
    // it once), and long before the last.
    try terminal.wait(for: "the first chunk read") { terminal in
      let status = terminal.screen()[1]
      return status.contains("  loading [") && !status.contains("]   0%")
    }
    #expect(truncate(big, 0) == 0)
    var status = ""
    try terminal.wait(for: "the truncation, once indexed", timeout: 60_000) {
      status = $0.screen()[1]
      return status.hasSuffix(" of \(NumberFormat.byteCount(total)) read") && !status.contains("[")
    }
    try terminal.type("\u{1B}")
    #expect(try terminal.waitForExit() == 1)
    let message = terminal.textAfterLeavingTheScreen
    let prefix = "pinyin-search: \(big): the file was truncated while it was read: it ended after "
    let read = try #require(Int(message.dropFirst(prefix.count).prefix { $0 != " " }), "\(message.debugDescription)")
    #expect(
      message == prefix + "\(read) of its \(total) bytes, and the records after those are missing\r\n",
      "the warning, after the screen")
    #expect(read > 0 && read < total && read % (1 << 20) == 0, "whole chunks of 1 MiB read before the cut: \(read)")
    let lines = text.utf8.prefix(read).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    #expect(
      status
        == "  \(NumberFormat.grouped(lines.count - (lines.last!.isEmpty ? 1 : 0))) records  truncated: "
        + "\(NumberFormat.byteCount(read)) of \(NumberFormat.byteCount(total)) read",
      "the records read, the cut line too")
  }

  /// Without a controlling terminal (a new session, as a daemon or a CI job has), there is
  /// nothing to draw on: status 2, pointing to search and batch; without a command, the help.
  @Test func refusesToRunWithoutATerminal() throws {
    #expect(
      try ToolProcess.run(["interactive"], withoutATerminal: true)
        == ToolOutput(
          status: 2, standardOutput: "",
          standardError: "pinyin-search: interactive needs a terminal to draw on (/dev/tty), and there is none; in "
            + "scripts and pipes use 'pinyin-search search QUERY' or 'pinyin-search batch'\n"))
    #expect(
      try ToolProcess.run([], withoutATerminal: true)
        == ToolOutput(status: 2, standardOutput: "", standardError: CommandLineTool.help))
  }

  /// As with fzf: the screen and the keys are the terminal's, standard output gets the choice
  /// alone (`chosen=$(pinyin-search interactive …)`), and standard input may carry the records.
  @Test(arguments: [false, true])
  func drawsOnTheTerminalAndPrintsOnlyTheChoiceOnStandardOutput(recordsOnStandardInput: Bool) throws {
    let records = try directory.write("c17\t刘亦菲\nc2\t西安\n", to: "records.tsv")
    let chosen = directory.adopt("chosen")
    let terminal = try PseudoTerminal(
      ["interactive", "--data", recordsOnStandardInput ? "-" : records],
      standardInput: recordsOnStandardInput ? records : nil, standardOutput: chosen)
    try terminal.waitUntilReady()
    try terminal.wait(for: "the records") { $0.screen()[1].hasPrefix("  2 records") }
    try terminal.type("lyf")
    try terminal.waitForLine("> initials    c17  刘亦菲")
    try terminal.type("\r")
    #expect(try terminal.waitForExit() == 0)
    #expect(try ToolProcess.readText(chosen) == "c17\t刘亦菲\n", "the choice alone, byte for byte")
    #expect(terminal.textAfterLeavingTheScreen == "", "nothing more on the terminal")
    #expect(terminal.isCooked)
  }

  /// `--data -` with standard input the terminal: its keys are no records.
  @Test func refusesRecordsFromTheTerminalItReadsKeysFrom() throws {
    let terminal = try PseudoTerminal(["interactive", "--data", "-"])
    #expect(try terminal.waitForExit() == 2)
    let shown = String(decoding: terminal.output, as: UTF8.self)
    #expect(
      shown.hasPrefix(
        "pinyin-search: '--data -' cannot be used while standard input is the terminal: interactive reads keys "
          + "from it; pipe the records in\r\nUSAGE: pinyin-search interactive "), "\(shown.debugDescription)")
  }
}

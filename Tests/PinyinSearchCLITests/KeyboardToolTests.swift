import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// `--keyboard NAME` on every command that builds an engine or opens a snapshot: the engines
/// answer queries typed in the scheme, a snapshot remembers it and refuses another, a bad name
/// or `--keypad` beside it is a usage error naming it, and the interactive search shows the
/// scheme in its status line.
@Suite struct KeyboardToolTests {
  let directory: TemporaryDirectory
  let data: String

  init() throws {
    directory = try TemporaryDirectory()
    data = try directory.write("c1\t刘亦菲\nc2\t张三\nc3\t西安\n", to: "people.tsv")
  }

  @Test func parsesTheFlagOnEveryCommandThatBuildsAnEngine() throws {
    let flags = ["--mixed", "--keyboard", "zhuyin"]
    let options = SearchOptions(mixed: true, keyboard: .zhuyin)
    #expect(try SearchCommand(parsing: flags + ["x"]).searchOptions == options)
    #expect(try BatchCommand(parsing: flags).searchOptions == options)
    #expect(try InteractiveCommand(parsing: flags).searchOptions == options)
    #expect(try IndexCommand(parsing: ["--data", "a", "--out", "b"] + flags).searchOptions == options)
    #expect(try VerifyCommand(parsing: ["a"] + flags).searchOptions == options)
    #expect(try BatchCommand(parsing: ["--keyboard=sogou"]).searchOptions == SearchOptions(keyboard: .sogou))
    for keyboard in Keyboard.allCases {
      let options = SearchOptions(fuzzy: .zZh, keyboard: keyboard)
      #expect(try SearchCommand(parsing: SearchOptionFlags.flags(for: options) + ["x"]).searchOptions == options)
    }
    #expect(SearchOptionFlags.flags(for: SearchOptions(keyboard: .xiaohe)) == ["--keyboard", "xiaohe"])
  }

  @Test(arguments: [
    (["--keyboard", "qwerty"], "invalid value 'qwerty' for '--keyboard'"),
    (["--keyboard", ""], "invalid value '' for '--keyboard'"),
    (["--keyboard", "Xiaohe"], "invalid value 'Xiaohe' for '--keyboard'"),
    (["--keyboard", "xiaohe", "--keypad"], "'--keyboard' cannot be used with '--keypad'"),
    (["--keypad", "--keyboard", "zhuyin"], "'--keyboard' cannot be used with '--keypad'"),
  ])
  func refusesABadNameAndTheKeypadOnEveryCommand(flags: [String], message: String) {
    let commands: [[String]] = [
      ["search", "--data", data, "x"], ["batch", "--data", data], ["interactive", "--data", data],
      ["index", "--data", data, "--out", directory.path + "/x.snapshot"], ["verify", directory.path + "/x.snapshot"],
    ]
    for command in commands {
      let output = runTool(command + flags)
      #expect(output.status == 2, "\(command[0]) \(flags)")
      #expect(output.standardOutput == "")
      #expect(output.standardError.hasPrefix("pinyin-search: \(message)"), "\(command[0]): \(output.standardError)")
    }
    #expect(
      runTool(["search", "--data", data, "--keyboard", "qwerty", "x"]).standardError.hasPrefix(
        "pinyin-search: invalid value 'qwerty' for '--keyboard': expected one of xiaohe ziranma microsoft sogou zhuyin\n"
      ))
  }

  @Test(arguments: ["scan", "hash", "hybrid"])
  func searchesQueriesTypedInTheSchemeWithEveryEngine(engine: String) {
    #expect(runTool(["search", "--data", data, "--engine", engine, "lqyifw"]).standardOutput == "", "no codes without")
    for (keyboard, query, line) in [
      ("xiaohe", "lqyifw", "fullPinyin  c1  [刘亦菲]\n"), ("ziranma", "lqyifz", "fullPinyin  c1  [刘亦菲]\n"),
      ("microsoft", "vhsj", "fullPinyin  c2  [张三]\n"), ("sogou", "xioj", "fullPinyin  c3  [西安]\n"),
      ("zhuyin", "xu.uzo", "fullPinyin  c1  [刘亦菲]\n"), ("zhuyin", "xuz", "initials    c1  [刘亦菲]\n"),
      ("zhuyin", "vu0", "fullPinyin  c3  [西安]\n"), ("zhuyin", "v0", "initials    c3  [西安]\n"),
    ] {
      #expect(
        runTool(["search", "--data", data, "--engine", engine, "--keyboard", keyboard, query])
          == ToolOutput(status: 0, standardOutput: line, standardError: ""), "\(keyboard) \(query)")
    }
  }

  @Test func answersBatchesAndSnapshotsInTheScheme() throws {
    #expect(
      runTool(["batch", "--data", data, "--keyboard", "xiaohe"], input: "vhsj\n").standardOutput
        == #"{"query": "vhsj", "results": [{"id": "c2", "text": "张三", "kind": "fullPinyin", "fuzzy": false, "#
        + #""start": 0, "end": 2, "utf16Start": 0, "utf16End": 2}]}"# + "\n")
    let snapshot = directory.adopt("xiaohe.snapshot")
    #expect(runTool(["index", "--data", data, "--keyboard", "xiaohe", "--out", snapshot]).status == 0)
    let found = ToolOutput(status: 0, standardOutput: "fullPinyin  c1  [刘亦菲]\n", standardError: "")
    #expect(runTool(["search", "--snapshot", snapshot, "lqyifw"]) == found, "the snapshot's own scheme")
    #expect(runTool(["search", "--snapshot", snapshot, "--keyboard", "xiaohe", "lqyifw"]) == found)
    #expect(runTool(["search", "--snapshot", snapshot, "--no-options", "lqyifw"]).standardOutput == "")
    #expect(
      runTool(["search", "--snapshot", snapshot, "--keyboard", "zhuyin", "lqyifw"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(snapshot): snapshot built for search options keyboard xiaohe, not keyboard "
            + "zhuyin; search it with --keyboard xiaohe or fewer (--no-options: none), or rebuild it (index, or --data "
            + "FILE --update)\n"))
    let verified = runTool(["verify", "--keyboard", "xiaohe", snapshot])
    #expect(verified.status == 0 && verified.standardOutput.hasPrefix("verified \(snapshot) (complete): 3 records, "))
    let refused = runTool(["verify", "--keyboard", "sogou", snapshot])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("snapshot built for search options keyboard xiaohe, not keyboard sogou"))
  }

  @Test func explainsTheFlagInEveryHelp() {
    for command in [Command.search, .batch, .interactive, .index, .verify] {
      let help = runTool([command.rawValue, "--help"]).standardOutput
      #expect(help.contains("\n  --keyboard NAME  "), "\(command)")
      #expect(help.contains("lqyifw"), "\(command)")
      #expect(command.synopsis.contains("[--keyboard NAME]"), "\(command)")
    }
  }

  @Test func theStatusLineShowsTheSchemeAndCtrlYTurnsItOffAndOn() {
    let records = [Record(id: "c1", text: "刘亦菲"), Record(id: "c2", text: "张三")]
    let built = SearchOptions(mixed: true, keyboard: .xiaohe)
    var harness = SessionHarness(
      engine: LinearScanEngine(records, options: built), size: TerminalSize(rows: 4, columns: 80))
    harness.type("lqyifw")
    #expect(harness.screen.rows[1].text.hasSuffix("  1 match  mixed ^X  keyboard xiaohe ^Y"))
    #expect(harness.screen.rows[1].text(in: .cyan) == "mixed ^Xkeyboard xiaohe ^Y")
    #expect(harness.screen.rows[2].text.hasPrefix("> fullPinyin  c1  刘亦菲"))
    harness.type([OptionToggle.keyboard.controlByte])
    #expect(harness.session.options == SearchOptions(mixed: true))
    #expect(harness.screen.rows[1].text.hasSuffix("  0 matches  mixed ^X  no keyboard xiaohe ^Y"))
    harness.type([OptionToggle.keyboard.controlByte])
    #expect(harness.session.options == built)
    #expect(KeyDecoder().decodedAlone([0x19]) == [.toggle(.keyboard)])
  }
}

extension KeyDecoder {
  /// The keys `bytes` decode to, alone.
  fileprivate func decodedAlone(_ bytes: [UInt8]) -> [Key] {
    var decoder = self
    return decoder.decode(bytes)
  }
}

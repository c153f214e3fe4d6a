import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// `--mixed` on every command that builds an engine or opens a snapshot: the engines search
/// with the option, a snapshot remembers it, and one opened with other options is refused or,
/// with `--update`, rebuilt.
@Suite struct SearchOptionsToolTests {
  let directory: TemporaryDirectory
  let data: String

  init() throws {
    directory = try TemporaryDirectory()
    data = try directory.write("c1\t刘亦菲\nc2\t刘德华\nc3\t阿里巴巴\n", to: "people.tsv")
  }

  @Test(arguments: ["scan", "hash", "hybrid"])
  func searchesMixedInputWithEveryEngine(engine: String) {
    let without = runTool(["search", "--data", data, "--engine", engine, "liuyf"])
    #expect(without == ToolOutput(status: 0, standardOutput: "", standardError: ""), "no mixed kind without --mixed")
    for (query, line) in [
      ("liuyf", "mixed       c1  [刘亦菲]\n"), ("刘dh", "mixed       c2  [刘德华]\n"),
      ("阿里bb", "mixed       c3  [阿里巴巴]\n"), ("ldh", "initials    c2  [刘德华]\n"),
    ] {
      #expect(
        runTool(["search", "--data", data, "--engine", engine, "--mixed", query])
          == ToolOutput(status: 0, standardOutput: line, standardError: ""), "\(query)")
    }
  }

  @Test func answersMixedInputInBatches() {
    #expect(
      runTool(["batch", "--data", data, "--mixed", "--limit", "1"], input: "刘dh\nliuyf\n").standardOutput == """
        {"query": "刘dh", "results": [{"id": "c2", "text": "刘德华", "kind": "mixed", "fuzzy": false, "start": 0, \
        "end": 3, "utf16Start": 0, "utf16End": 3}]}
        {"query": "liuyf", "results": [{"id": "c1", "text": "刘亦菲", "kind": "mixed", "fuzzy": false, "start": 0, \
        "end": 3, "utf16Start": 0, "utf16End": 3}]}

        """)
    #expect(
      runTool(["batch", "--data", data], input: "刘dh\n").standardOutput == "{\"query\": \"刘dh\", \"results\": []}\n")
    #expect(
      runTool(["search", "--mixed", "--json", "--data", data, "--limit", "1", "liuyf"]).standardOutput
        == JSON.answer(
          query: "liuyf",
          results: LinearScanEngine(
            [Record(id: "c1", text: "刘亦菲")], options: SearchOptions(mixed: true)
          ).search("liuyf")) + "\n")
  }

  @Test func opensASnapshotWithTheOptionsItWasBuiltFor() throws {
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", data, "--mixed", "--out", snapshot]).status == 0)
    let mixed = ToolOutput(status: 0, standardOutput: "mixed       c2  [刘德华]\n", standardError: "")
    #expect(runTool(["search", "--snapshot", snapshot, "--mixed", "刘dh"]) == mixed)
    #expect(runTool(["search", "--snapshot", snapshot, "刘dh"]) == mixed, "no flag: the snapshot's own options")
    #expect(runTool(["search", "--snapshot", snapshot, "--data", data, "刘dh"]) == mixed, "read, not rebuilt")
    #expect(
      runTool(["search", "--snapshot", snapshot, "--no-options", "刘dh"])
        == ToolOutput(status: 0, standardOutput: "", standardError: ""))
    let refused = ToolOutput(
      status: 1, standardOutput: "",
      standardError: "pinyin-search: \(snapshot): snapshot built for search options mixed, not none; open it with "
        + "--mixed, or rebuild it (index, or --data FILE --update)\n")
    #expect(runTool(["verify", snapshot]) == refused, "verify names the options the snapshot must have")
    let verified = runTool(["verify", "--mixed", snapshot])
    #expect(verified.status == 0 && verified.standardOutput.hasPrefix("verified \(snapshot) (complete): 3 records, "))

    let plain = directory.adopt("plain.snapshot")
    #expect(runTool(["index", "--data", data, "--out", plain]).status == 0)
    #expect(
      runTool(["verify", plain, "--mixed", "--level", "structure"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(plain): snapshot built for search options none, not mixed; open it "
            + "without search options, or rebuild it (index, or --data FILE --update)\n"))
    #expect(
      runTool(["batch", "--snapshot", plain, "--mixed"], input: "lyf\n")
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(plain): snapshot built for search options none, not mixed; search it "
            + "without search options, or rebuild it (index, or --data FILE --update)\n"))
  }

  @Test func searchesASnapshotWithTheFuzzyRulesAndKeypadAskedFor() throws {
    let snapshot = directory.adopt("keypad.snapshot")
    #expect(runTool(["index", "--data", data, "--fuzzy", "n-l,z-zh", "--keypad", "--out", snapshot]).status == 0)
    for (flags, nyf, keypad) in [
      ([], "initials~   c1  [刘亦菲]\n", "keypad      c1  [刘亦菲]\n"),
      (["--fuzzy", "z-zh,n-l", "--keypad"], "initials~   c1  [刘亦菲]\n", "keypad      c1  [刘亦菲]\n"),
      (["--fuzzy", "n-l"], "initials~   c1  [刘亦菲]\n", ""), (["--fuzzy", "z-zh"], "", ""),
      (["--keypad"], "", "keypad      c1  [刘亦菲]\n"), (["--no-options"], "", ""),
    ] {
      #expect(
        runTool(["search", "--snapshot", snapshot, "nyf"] + flags)
          == ToolOutput(status: 0, standardOutput: nyf, standardError: ""), "nyf \(flags)")
      #expect(
        runTool(["search", "--snapshot", snapshot, "593"] + flags)
          == ToolOutput(status: 0, standardOutput: keypad, standardError: ""), "593 \(flags)")
    }
    #expect(
      runTool(["search", "--snapshot", snapshot, "--fuzzy", "z-zh,c-ch", "--keypad", "593"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(snapshot): snapshot built for search options fuzzy z-zh,n-l, keypad, not "
            + "fuzzy c-ch; search it with --fuzzy z-zh,n-l --keypad or fewer (--no-options: none), or rebuild it "
            + "(index, or --data FILE --update)\n"))
    #expect(runTool(["verify", "--fuzzy", "z-zh,n-l", "--keypad", snapshot]).status == 0)
    #expect(runTool(["verify", "--fuzzy", "all", "--keypad", snapshot]).status == 1)
    #expect(runTool(["verify", "--fuzzy", "z-zh,n-l", "--keypad", "--traditional", snapshot]).status == 1)
  }

  @Test func answersEachQueryOfABatchWithTheSubsetAskedFor() throws {
    let snapshot = directory.adopt("all.snapshot")
    #expect(runTool(["index", "--data", data, "--mixed", "--fuzzy", "n-l", "--keypad", "--out", snapshot]).status == 0)
    func kinds(_ flags: [String]) -> String {
      let output = runTool(["batch", "--snapshot", snapshot, "--limit", "1"] + flags, input: "ldh\n刘dh\nnyf\n593\n")
      #expect(output.status == 0 && output.standardError == "", "\(flags): \(output)")
      return output.standardOutput.split(separator: "\n").map { line in
        line.contains("\"kind\"") ? line.split(separator: "\"kind\": \"")[1].prefix { $0 != "\"" } : "-"
      }.joined(separator: " ")
    }
    #expect(kinds([]) == "initials mixed initials keypad", "every option the snapshot has")
    #expect(kinds(["--mixed"]) == "initials mixed - -")
    #expect(kinds(["--fuzzy", "n-l"]) == "initials - initials -")
    #expect(kinds(["--keypad"]) == "initials - - keypad")
    #expect(kinds(["--mixed", "--keypad"]) == "initials mixed - keypad")
    #expect(kinds(["--no-options"]) == "initials - - -")
    #expect(
      runTool(["batch", "--snapshot", snapshot, "--no-options", "--keypad"], input: "593\n").standardError.hasPrefix(
        "pinyin-search: '--no-options' cannot be used with '--keypad'\nUSAGE: pinyin-search batch "))
  }

  @Test func rebuildsASnapshotForOtherOptionsWhenUpdating() throws {
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", data, "--out", snapshot]).status == 0)
    #expect(
      runTool(["search", "--snapshot", snapshot, "--data", data, "--update", "--mixed", "刘dh"])
        == ToolOutput(
          status: 0, standardOutput: "mixed       c2  [刘德华]\n",
          standardError: "pinyin-search: \(snapshot): snapshot built for search options none, not mixed; "
            + "rebuilding it from the source\n"))
    #expect(
      runTool(["search", "--snapshot", snapshot, "--mixed", "刘dh"])
        == ToolOutput(status: 0, standardOutput: "mixed       c2  [刘德华]\n", standardError: ""), "saved as mixed")
    #expect(
      runTool(["search", "--snapshot", snapshot, "--data", data, "--update", "刘dh"])
        == ToolOutput(status: 0, standardOutput: "mixed       c2  [刘德华]\n", standardError: ""),
      "no flag: updated with the options it has, not rebuilt")
    // And back to none, through batch.
    let back = runTool(["batch", "--snapshot", snapshot, "--data", data, "--update", "--no-options"], input: "刘dh\n")
    #expect(back.status == 0 && back.standardOutput == "{\"query\": \"刘dh\", \"results\": []}\n")
    #expect(
      back.standardError.hasSuffix("snapshot built for search options mixed, not none; rebuilding it from the source\n")
    )
    #expect(runTool(["verify", snapshot]).status == 0)
  }

  @Test func parsesTheFlagOnEveryCommandThatBuildsAnEngine() throws {
    #expect(try SearchCommand(parsing: ["--mixed", "x"]).searchOptions == SearchOptions(mixed: true))
    #expect(try SearchCommand(parsing: ["x"]).searchOptions == nil, "none given")
    #expect(try SearchCommand(parsing: ["--no-options", "x"]).searchOptions == .default)
    #expect(try BatchCommand(parsing: ["--mixed"]).searchOptions == SearchOptions(mixed: true))
    #expect(try InteractiveCommand(parsing: ["--mixed"]).searchOptions == SearchOptions(mixed: true))
    #expect(try IndexCommand(parsing: ["--data", "a", "--out", "b", "--mixed"]).searchOptions.mixed)
    #expect(try VerifyCommand(parsing: ["a", "--mixed"]).searchOptions.mixed)
    #expect(SearchOptionFlags.flags(for: SearchOptions(mixed: true)) == ["--mixed"])
    #expect(SearchOptionFlags.flags(for: .default) == [])
    #expect(
      runTool(["search", "--mixed=yes", "x"]).standardError.hasPrefix(
        "pinyin-search: option '--mixed' takes no value\n"))
    #expect(runTool(["pinyin", "--mixed", "刘"]).status == 2, "pinyin builds no engine")
  }

  @Test(arguments: [Command.search, .batch, .interactive, .index, .verify])
  func explainsTheFlagWithAnExample(command: Command) {
    let help = runTool([command.rawValue, "--help"]).standardOutput
    #expect(help.contains("\n  --mixed          "))
    #expect(help.contains("liuyf finds\n") || help.contains("(liuyf finds 刘亦菲"))
    #expect(help.contains("刘dh finds 刘德华"))
    #expect(command.synopsis.contains("[--mixed]"))
  }
}

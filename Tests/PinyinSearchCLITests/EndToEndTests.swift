import PinyinSearch
import PinyinSearchSamples
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

/// The built `pinyin-search` binary, run as a child process: exact standard output, standard
/// error and exit status.
@Suite struct EndToEndTests {
  let directory: TemporaryDirectory
  let people: String

  init() throws {
    directory = try TemporaryDirectory()
    people = try directory.write("c17\t刘亦菲\r\nc2\t西安\n\n老友记\nc9\t先\n", to: "people.tsv")
  }

  @Test func searchesADataFile() throws {
    #expect(
      try ToolProcess.run(["search", "lyf", "--data", people])
        == ToolOutput(status: 0, standardOutput: "initials    c17  [刘亦菲]\n", standardError: ""))
    #expect(
      try ToolProcess.run(["search", "--data", people, "xian"])
        == ToolOutput(
          status: 0, standardOutput: "fullPinyin  c9  [先]\nfullPinyin  c2  [西安]\n", standardError: ""),
      "先 before 西安: same start, shorter text")
    #expect(
      try ToolProcess.run(["search", "--data", people, "--limit", "1", "友"])
        == ToolOutput(status: 0, standardOutput: "literal     4  老[友]记\n", standardError: ""),
      "a line without a tab has its line number as id")
  }

  @Test func printsJSONForSearchJSON() throws {
    #expect(
      try ToolProcess.run(["search", "--json", "--data", people, "lyf"])
        == ToolOutput(
          status: 0,
          standardOutput:
            #"{"query": "lyf", "results": [{"id": "c17", "text": "刘亦菲", "kind": "initials", "fuzzy": false, "#
            + #""start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}]}"# + "\n",
          standardError: ""))
  }

  @Test func answersABatchOfQueries() throws {
    let input = "lyf\n   xi an\n\nzzz\r\n\"q\"\\\n" + "先"
    let expected = [
      #"{"query": "lyf", "results": [{"id": "c17", "text": "刘亦菲", "kind": "initials", "fuzzy": false, "start": 0, "end": 3, "#
        + #""utf16Start": 0, "utf16End": 3}]}"#,
      #"{"query": "   xi an", "results": [{"id": "c9", "text": "先", "kind": "fullPinyin", "fuzzy": false, "start": 0, "end": 1, "#
        + #""utf16Start": 0, "utf16End": 1}, {"id": "c2", "text": "西安", "kind": "fullPinyin", "fuzzy": false, "start": 0, "#
        + #""end": 2, "utf16Start": 0, "utf16End": 2}]}"#,
      #"{"query": "", "results": []}"#,
      #"{"query": "zzz", "results": []}"#,
      #"{"query": "\"q\"\\", "results": []}"#,
      #"{"query": "先", "results": [{"id": "c9", "text": "先", "kind": "literal", "fuzzy": false, "start": 0, "end": 1, "#
        + #""utf16Start": 0, "utf16End": 1}]}"#,
    ]
    #expect(
      try ToolProcess.run(["batch", "--data", people], input: input)
        == ToolOutput(status: 0, standardOutput: expected.map { $0 + "\n" }.joined(), standardError: ""))
  }

  @Test func replacesInvalidUTF8InAQueryAndGoesOn() throws {
    let input: [UInt8] = Array("x".utf8) + [0xFF] + Array("\nlyf\n".utf8)
    let output = try ToolProcess.run(["batch", "--data", people, "--limit", "0"], input: input)
    #expect(
      output
        == ToolOutput(
          status: 0,
          standardOutput: "{\"query\": \"x\u{FFFD}\", \"results\": []}\n{\"query\": \"lyf\", \"results\": []}\n",
          standardError: ""))
  }

  @Test func flushesEachAnswerBeforeReadingTheNextQuery() throws {
    let conversation = try ToolConversation(["batch", "--data", people])
    try conversation.send("lyf")
    #expect(try conversation.receive().hasPrefix(#"{"query": "lyf", "results": [{"id": "c17""#))
    try conversation.send("")
    #expect(try conversation.receive() == #"{"query": "", "results": []}"#)
    try conversation.send("  xian")
    #expect(try conversation.receive().hasPrefix(#"{"query": "  xian", "results": [{"id": "c9""#))
    let (status, rest) = try conversation.finish()
    #expect(status == 0)
    #expect(rest == "", "nothing after the last answer")
  }

  /// SIGQUIT ends a batch conversation with that signal at once, as it ends any program, even
  /// though the Swift runtime's backtracer would catch it, print a backtrace and carry on.
  @Test func quitsOnSIGQUIT() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw HarnessError("pipe", errno: errno) }
    defer { close(ends[1]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
    posix_spawn_file_actions_addclose(&actions, ends[1])
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let process = try ToolProcess.spawn(["batch", "--data", people], actions: &actions, asAShellWould: true)
    close(ends[0])
    usleep(500_000)  // reading its standard input, which stays open
    kill(process, SIGQUIT)
    var status: Int32 = 0
    var waited = 0
    while waitpid(process, &status, WNOHANG) == 0 && waited < 5_000 {
      usleep(10_000)
      waited += 10
    }
    if waited >= 5_000 {
      kill(process, SIGKILL)
      _ = try ToolProcess.wait(for: process)
    }
    #expect(waited < 5_000 && status & 0x7F == SIGQUIT, "ended by SIGQUIT within 5 s (status \(status))")
  }

  @Test func matchesTheEngineOnRandomRecordsAndQueries() throws {
    var random = SplitMix64(seed: 7)
    // TSV cannot hold line breaks in a text; every other record survives the round trip.
    let records = RandomText.records(count: 300, using: &random).filter {
      !$0.text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
    }
    let path = try directory.write(records.map { "\($0.id)\t\($0.text)\n" }.joined(), to: "random.tsv")
    var queries: [String] = []
    while queries.count < 150 {
      let query = RandomText.query(for: records.randomElement(using: &random)!.text, using: &random)
      if !query.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) { queries.append(query) }
    }
    let engine = LinearScanEngine(records.map { Record(id: $0.id, text: $0.text) })  // TSV has no rank
    let expected = queries.map { JSON.answer(query: $0, results: engine.search($0, limit: 5)) + "\n" }.joined()
    let output = try ToolProcess.run(
      ["batch", "--data", path, "--limit", "5"], input: queries.map { $0 + "\n" }.joined())
    #expect(output == ToolOutput(status: 0, standardOutput: expected, standardError: ""))
  }

  @Test func spellsEachCharacter() throws {
    #expect(
      try ToolProcess.run(["pinyin", "长大"])
        == ToolOutput(status: 0, standardOutput: "长\tchang zhang\n大\tda dai\n", standardError: ""))
  }

  @Test func searchesTheBuiltInContacts() throws {
    let output = try ToolProcess.run(["search", "曾"])
    #expect(output.status == 0)
    #expect(output.standardError == "")
    let lines = output.standardOutput.split(separator: "\n")
    #expect(!lines.isEmpty, "the built-in contacts include someone called 曾")
    #expect(lines.count <= 20, "the default limit")
    #expect(lines.allSatisfy { $0.contains("[曾") || $0.contains("[") })
    let json = try ToolProcess.run(["search", "--json", "--limit", "3", "曾"])
    let engine = LinearScanEngine(SampleContacts.builtIn)
    #expect(json.standardOutput == JSON.answer(query: "曾", results: engine.search("曾", limit: 3)) + "\n")
  }

  @Test func reportsUsageErrorsWithStatus2() throws {
    #expect(
      try ToolProcess.run(["search", "--limit", "many", "lyf"])
        == ToolOutput(
          status: 2, standardOutput: "",
          standardError: "pinyin-search: invalid value 'many' for '--limit': expected a non-negative integer\n"
            + "USAGE: \(SearchCommand.synopsis)\n"
            + "See 'pinyin-search search --help'.\n"))
    #expect(try ToolProcess.run(["frobnicate"]).status == 2)
    #expect(
      try ToolProcess.run([]) == ToolOutput(status: 2, standardOutput: "", standardError: CommandLineTool.help))
  }

  @Test func reportsABadDataFileWithStatus1() throws {
    let bad = try directory.write(Array("c1\t刘亦菲\n\nc3\t".utf8) + [0xE5, 0x88, 0x0A], to: "bad.tsv")
    #expect(
      try ToolProcess.run(["search", "--data", bad, "lyf"])
        == ToolOutput(status: 1, standardOutput: "", standardError: "pinyin-search: \(bad):3: invalid UTF-8\n"))
    let missing = directory.path + "/missing.tsv"
    #expect(
      try ToolProcess.run(["batch", "--data", missing], input: "lyf\n")
        == ToolOutput(
          status: 1, standardOutput: "", standardError: "pinyin-search: \(missing): No such file or directory\n"))
  }

  @Test(arguments: [
    (["--help"], CommandLineTool.help), (["help", "batch"], BatchCommand.help),
    (["search", "--help"], SearchCommand.help), (["pinyin", "-h"], PinyinCommand.help),
  ])
  func printsHelpWithStatus0(arguments: [String], help: String) throws {
    #expect(try ToolProcess.run(arguments) == ToolOutput(status: 0, standardOutput: help, standardError: ""))
  }
}

@Suite struct DataFormatEndToEndTests {
  @Test func readsRecordsFromStandardInput() throws {
    #expect(
      try ToolProcess.run(["search", "--data", "-", "--format", "csv", "lyf"], input: "id,text\nc17,刘亦菲\n")
        == ToolOutput(status: 0, standardOutput: "initials    c17  [刘亦菲]\n", standardError: ""))
    #expect(
      try ToolProcess.run(["search", "--data", "-", "xian"], input: "c2\t西安\n")
        == ToolOutput(status: 0, standardOutput: "fullPinyin  c2  [西安]\n", standardError: ""),
      "TSV by default")
    #expect(
      try ToolProcess.run(["search", "--data", "-", "--format", "jsonl", "x"], input: "{\"id\": 1}\n")
        == ToolOutput(
          status: 1, standardOutput: "", standardError: "pinyin-search: standard input:1: missing field \"text\"\n"))
  }
}

/// `--fuzzy`, `--traditional` and `--keypad` through the built binary: the exact output
/// Docs/Semantics.md implies. Expected to pass once the engines apply the options.
@Suite struct SearchOptionsEndToEndTests {
  let directory: TemporaryDirectory
  let people: String

  init() throws {
    directory = try TemporaryDirectory()
    people = try directory.write("c1\t刘亦菲\nc2\t张三\nc3\t臧三\nc4\t劉德華\nc5\tiPhone\n", to: "people.tsv")
  }

  /// One result of the batch protocol.
  static func object(_ id: String, _ text: String, _ kind: String, fuzzy: Bool = false, _ range: Range<Int>) -> String {
    "{\"id\": \"\(id)\", \"text\": \"\(text)\", \"kind\": \"\(kind)\", \"fuzzy\": \(fuzzy), \"start\": "
      + "\(range.lowerBound), \"end\": \(range.upperBound), \"utf16Start\": \(range.lowerBound), \"utf16End\": "
      + "\(range.upperBound)}"
  }

  /// The batch protocol's line for `query`.
  static func answer(_ query: String, _ objects: [String]) -> String {
    "{\"query\": \"\(query)\", \"results\": [\(objects.joined(separator: ", "))]}\n"
  }

  /// Each case with each engine: a process each, so a quick run takes each case with one
  /// engine, a third of each engine's cases (CI all of them).
  @Test(arguments: ["scan", "hash", "hybrid"].enumerated().map { ($0.offset, $0.element) })
  func searchesWithEachFlag(engineNumber: Int, engine: String) throws {
    let cases: [([String], String)] = [
      (["zangsan"], "fullPinyin  c3  [臧三]\n"),
      (["--fuzzy", "z-zh", "zangsan"], "fullPinyin  c3  [臧三]\nfullPinyin~ c2  [张三]\n"),
      (["--fuzzy", "all", "zangsan"], "fullPinyin  c3  [臧三]\nfullPinyin~ c2  [张三]\n"),
      (["nyf"], ""),
      (["--fuzzy", "n-l", "nyf"], "initials~   c1  [刘亦菲]\n"),
      (["--fuzzy", "z-zh,n-l", "nyf"], "initials~   c1  [刘亦菲]\n"),
      (["刘德华"], ""),
      (["--traditional", "刘德华"], "literal     c4  [劉德華]\n"),
      (["--traditional", "劉"], "literal     c1  [刘]亦菲\nliteral     c4  [劉]德華\n"),
      (["--traditional", "ldh"], "initials    c4  [劉德華]\n"),
      (["548"], ""),
      (["--keypad", "548"], "keypad      c1  [刘]亦菲\nkeypad      c4  [劉]德華\n"),
      (["--keypad", "593"], "keypad      c1  [刘亦菲]\n"),
      (["--keypad", "474663"], "keypad      c5  [iPhone]\n"),
      (["--keypad", "54893"], ""),
      (["--keypad", "--mixed", "54893"], "keypad      c1  [刘亦菲]\n"),
      (["--keypad", "--fuzzy", "n-l", "693"], "keypad~     c1  [刘亦菲]\n"),
    ]
    for (number, (arguments, output)) in cases.enumerated() {
      guard TestScale.includes(number + engineNumber, ofEvery: 3) else { continue }
      #expect(
        try ToolProcess.run(["search", "--data", people, "--engine", engine] + arguments)
          == ToolOutput(status: 0, standardOutput: output, standardError: ""), "\(arguments)")
    }
  }

  @Test func printsJSONForSearchWithEachFlag() throws {
    #expect(
      try ToolProcess.run(["search", "--json", "--data", people, "--keypad", "--fuzzy", "n-l", "693"])
        == ToolOutput(
          status: 0, standardOutput: Self.answer("693", [Self.object("c1", "刘亦菲", "keypad", fuzzy: true, 0..<3)]),
          standardError: ""))
    #expect(
      try ToolProcess.run(["search", "--json", "--data", people, "--traditional", "劉德华"]).standardOutput
        == Self.answer("劉德华", [Self.object("c4", "劉德華", "literal", 0..<3)]))
  }

  @Test func answersBatchesWithEachFlag() throws {
    let input = "zangsan\nnyf\n548\n693\n刘德华\n54893\n"
    let none = [
      Self.answer("zangsan", [Self.object("c3", "臧三", "fullPinyin", 0..<2)]), Self.answer("nyf", []),
      Self.answer("548", []), Self.answer("693", []), Self.answer("刘德华", []), Self.answer("54893", []),
    ]
    #expect(
      try ToolProcess.run(["batch", "--data", people], input: input)
        == ToolOutput(status: 0, standardOutput: none.joined(), standardError: ""))
    let fuzzy = [
      Self.answer(
        "zangsan",
        [Self.object("c3", "臧三", "fullPinyin", 0..<2), Self.object("c2", "张三", "fullPinyin", fuzzy: true, 0..<2)]),
      Self.answer("nyf", [Self.object("c1", "刘亦菲", "initials", fuzzy: true, 0..<3)]),
      Self.answer("548", []), Self.answer("693", []), Self.answer("刘德华", []), Self.answer("54893", []),
    ]
    #expect(
      try ToolProcess.run(["batch", "--data", people, "--fuzzy", "z-zh,n-l"], input: input)
        == ToolOutput(status: 0, standardOutput: fuzzy.joined(), standardError: ""))
    #expect(
      try ToolProcess.run(["batch", "--data", people, "--traditional"], input: "刘德华\n劉\n")
        == ToolOutput(
          status: 0,
          standardOutput: Self.answer("刘德华", [Self.object("c4", "劉德華", "literal", 0..<3)])
            + Self.answer(
              "劉", [Self.object("c1", "刘亦菲", "literal", 0..<1), Self.object("c4", "劉德華", "literal", 0..<1)]),
          standardError: ""))
    let keypad = [
      Self.answer("zangsan", [Self.object("c3", "臧三", "fullPinyin", 0..<2)]), Self.answer("nyf", []),
      Self.answer(
        "548", [Self.object("c1", "刘亦菲", "keypad", 0..<1), Self.object("c4", "劉德華", "keypad", 0..<1)]),
      Self.answer("693", []), Self.answer("刘德华", []), Self.answer("54893", []),
    ]
    #expect(
      try ToolProcess.run(["batch", "--data", people, "--keypad"], input: input)
        == ToolOutput(status: 0, standardOutput: keypad.joined(), standardError: ""))
    let everything = [
      Self.answer(
        "zangsan",
        [Self.object("c3", "臧三", "fullPinyin", 0..<2), Self.object("c2", "张三", "fullPinyin", fuzzy: true, 0..<2)]),
      Self.answer("nyf", [Self.object("c1", "刘亦菲", "initials", fuzzy: true, 0..<3)]),
      Self.answer(
        "548", [Self.object("c1", "刘亦菲", "keypad", 0..<1), Self.object("c4", "劉德華", "keypad", 0..<1)]),
      Self.answer("693", [Self.object("c1", "刘亦菲", "keypad", fuzzy: true, 0..<3)]),
      Self.answer("刘德华", [Self.object("c4", "劉德華", "literal", 0..<3)]),
      Self.answer("54893", [Self.object("c1", "刘亦菲", "keypad", 0..<3)]),
    ]
    #expect(
      try ToolProcess.run(
        ["batch", "--data", people, "--mixed", "--fuzzy", "all", "--traditional", "--keypad"], input: input)
        == ToolOutput(status: 0, standardOutput: everything.joined(), standardError: ""))
  }

  @Test func refusesABadRuleWithStatus2() throws {
    #expect(
      try ToolProcess.run(["batch", "--data", people, "--fuzzy", "Z-ZH"], input: "zangsan\n")
        == ToolOutput(
          status: 2, standardOutput: "",
          standardError: "pinyin-search: invalid value 'Z-ZH' for '--fuzzy': unknown rule 'Z-ZH' (rule names are "
            + "lower case); expected 'all' or rules joined by commas: z-zh c-ch s-sh n-l r-l f-h an-ang en-eng "
            + "in-ing ian-iang uan-uang u-v\nUSAGE: \(BatchCommand.synopsis)\nSee 'pinyin-search batch --help'.\n"))
  }
}

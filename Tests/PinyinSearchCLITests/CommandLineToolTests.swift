import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// The tool run in process, on streams in memory.
func runTool(_ arguments: [String], input: String = "", style: HighlightStyle = .brackets) -> ToolOutput {
  var context = CommandContext.inMemory(input: input, highlightStyle: style)
  let status = CommandLineTool.run(arguments: arguments, in: &context)
  return ToolOutput(
    status: status.rawValue, standardOutput: context.output.text, standardError: context.errorOutput.text)
}

let searchUsage = """
  USAGE: pinyin-search search QUERY [--data FILE] [--format F] [--skip-bad]
                              [--snapshot FILE [--update]] [--engine E]
                              [--mixed] [--fuzzy RULES] [--traditional]
                              [--keypad] [--keyboard NAME] [--no-options]
                              [--limit N] [--json]
                              [--time] [--redis HOST:PORT,... [--namespace NS]]
  See 'pinyin-search search --help'.

  """
let toolUsage = """
  USAGE: pinyin-search <command> [<arguments>]
  See 'pinyin-search --help'.

  """

@Suite struct ArgumentsTests {
  @Test func splitsOptionsAndPositionalsInAnyOrder() throws {
    let parsed = try Arguments(
      parsing: ["--limit", "5", "lyf", "--json", "--data=a=b.tsv"], options: [.data, .limit, .json], command: .search)
    #expect(parsed.positionals == ["lyf"])
    #expect(parsed.value(of: .limit) == "5")
    #expect(parsed.value(of: .data) == "a=b.tsv", "the value is everything after the first =")
    let marked = try Arguments(parsing: ["--data=\u{301}.tsv"], options: [.data], command: .search)
    #expect(marked.value(of: .data) == "\u{301}.tsv", "= followed by a combining mark still splits")
    #expect(parsed.isSet(.json))
    #expect(try parsed.nonNegativeInteger(.limit, default: 20) == 5)
  }

  @Test func takesTheNextArgumentAsValueWhateverItLooksLike() throws {
    let parsed = try Arguments(parsing: ["--data", "-x.tsv", "-"], options: [.data], command: .search)
    #expect(parsed.value(of: .data) == "-x.tsv")
    #expect(parsed.positionals == ["-"], "a lone - is positional")
  }

  @Test func endsOptionsAtDoubleDash() throws {
    let parsed = try Arguments(parsing: ["--json", "--", "--limit", "-h"], options: [.limit, .json], command: .search)
    #expect(parsed.positionals == ["--limit", "-h"])
    #expect(!Arguments.isHelpRequested(in: ["--", "-h"]))
    #expect(Arguments.isHelpRequested(in: ["--bogus", "--help", "--"]))
  }

  @Test(arguments: [
    ["--limit", "5", "--limit=7"], ["--limit=5", "--limit", "5"], ["--json", "lyf", "--json"],
    ["--fuzzy", "z-zh", "--fuzzy", "n-l"],
  ])
  func refusesAnOptionGivenTwice(arguments: [String]) throws {
    let name = String(arguments[0].prefix { $0 != "=" })
    #expect(throws: CommandLineError.repeatedOption(name, command: .search), "no last one wins") {
      try Arguments(parsing: arguments, options: [.limit, .json, .fuzzy], command: .search)
    }
  }

  @Test func takesAnOptionAfterDoubleDashAsAPositional() throws {
    let parsed = try Arguments(parsing: ["--limit", "5", "--", "--limit"], options: [.limit], command: .search)
    #expect(parsed.positionals == ["--limit"], "not a second --limit")
  }

  @Test(arguments: ["", "-1", "+1", "1.5", "ten", " 1", "0x10", "99999999999999999999"])
  func rejectsALimitThatIsNotANonNegativeInteger(value: String) throws {
    let parsed = try Arguments(parsing: ["--limit", value], options: [.limit], command: .search)
    #expect(
      throws: CommandLineError.invalidValue(
        value, option: "--limit", expected: "a non-negative integer", command: .search)
    ) {
      try parsed.nonNegativeInteger(.limit, default: 20)
    }
  }

  @Test func acceptsZeroAndLeadingZeros() throws {
    let parsed = try Arguments(parsing: ["--limit", "007"], options: [.limit], command: .search)
    #expect(try parsed.nonNegativeInteger(.limit, default: 20) == 7)
  }
}

@Suite struct CommandLineToolTests {
  @Test(arguments: [
    (["search"], "pinyin-search: missing argument QUERY\n" + searchUsage),
    (["search", "a", "b"], "pinyin-search: unexpected argument 'b'\n" + searchUsage),
    (["search", "--bogus", "a"], "pinyin-search: unknown option '--bogus'\n" + searchUsage),
    (["search", "--bogus=1", "a"], "pinyin-search: unknown option '--bogus'\n" + searchUsage),
    (["search", "-x", "a"], "pinyin-search: unknown option '-x'\n" + searchUsage),
    (["search", "a", "--limit"], "pinyin-search: missing value for '--limit'\n" + searchUsage),
    (["search", "a", "--data"], "pinyin-search: missing value for '--data'\n" + searchUsage),
    (
      ["search", "a", "--limit", "x"],
      "pinyin-search: invalid value 'x' for '--limit': expected a non-negative integer\n" + searchUsage
    ),
    (["search", "a", "--json=yes"], "pinyin-search: option '--json' takes no value\n" + searchUsage),
    (
      ["search", "a", "--limit", "3", "--limit", "4"],
      "pinyin-search: '--limit' is given more than once; give it once\n" + searchUsage
    ),
    (
      ["search", "a", "--fuzzy", "z-zh", "--fuzzy=n-l"],
      "pinyin-search: '--fuzzy' is given more than once; give it once, its rules joined by commas "
        + "(--fuzzy z-zh,n-l)\n" + searchUsage
    ),
    (
      ["search", "--json", "a", "--json"],
      "pinyin-search: '--json' is given more than once; give it once\n" + searchUsage
    ),
    (["searhc", "a"], "pinyin-search: unknown command 'searhc'\n" + toolUsage),
    (["--limit", "5"], "pinyin-search: unknown option '--limit'\n" + toolUsage),
    (["help", "nope"], "pinyin-search: unknown command 'nope'\n" + toolUsage),
    (["help", "search", "extra"], "pinyin-search: unexpected argument 'extra'\n" + toolUsage),
    (
      ["batch", "lyf"],
      "pinyin-search: unexpected argument 'lyf'\nUSAGE: pinyin-search batch [--data FILE] [--format F] [--skip-bad]\n"
        + "                    [--snapshot FILE [--update]] [--engine E] [--mixed]\n"
        + "                    [--fuzzy RULES] [--traditional]\n"
        + "                    [--keypad] [--keyboard NAME] [--no-options]\n"
        + "                    [--limit N] [--json-requests]\n"
        + "                    [--redis HOST:PORT,... [--namespace NS]]\nSee 'pinyin-search batch --help'.\n"
    ),
    (
      ["batch", "--json"],
      "pinyin-search: unknown option '--json'\n" + "USAGE: " + BatchCommand.synopsis
        + "\nSee 'pinyin-search batch --help'.\n"
    ),
    (
      ["pinyin"],
      "pinyin-search: missing argument TEXT\nUSAGE: pinyin-search pinyin TEXT\nSee 'pinyin-search pinyin --help'.\n"
    ),
    (
      ["pinyin", "--limit", "3", "长"],
      "pinyin-search: unknown option '--limit'\nUSAGE: pinyin-search pinyin TEXT\n"
        + "See 'pinyin-search pinyin --help'.\n"
    ),
  ])
  func reportsUsageErrorsWithStatus2(arguments: [String], message: String) {
    #expect(runTool(arguments) == ToolOutput(status: 2, standardOutput: "", standardError: message))
  }

  @Test func printsTheToolsHelpOnStandardErrorWithoutArguments() {
    #expect(runTool([]) == ToolOutput(status: 2, standardOutput: "", standardError: CommandLineTool.help))
  }

  @Test(arguments: [
    (["--help"], CommandLineTool.help), (["-h"], CommandLineTool.help), (["help"], CommandLineTool.help),
    (["help", "--help"], CommandLineTool.help),
    (["help", "search"], SearchCommand.help), (["search", "--help"], SearchCommand.help),
    (["search", "-h", "--bogus"], SearchCommand.help), (["search", "--limit", "x", "--help"], SearchCommand.help),
    (["help", "batch"], BatchCommand.help), (["batch", "-h"], BatchCommand.help),
    (["help", "pinyin"], PinyinCommand.help), (["pinyin", "--help"], PinyinCommand.help),
    (["help", "interactive"], InteractiveCommand.help), (["interactive", "-h"], InteractiveCommand.help),
  ])
  func printsHelpOnStandardOutputWithStatus0(arguments: [String], help: String) {
    #expect(runTool(arguments) == ToolOutput(status: 0, standardOutput: help, standardError: ""))
  }

  @Test func keepsHelpTextWithin80Columns() {
    for help in [CommandLineTool.help] + Command.allCases.map(\.help) + Command.allCases.map(\.synopsis) {
      for line in help.split(separator: "\n") {
        #expect(DisplayWidth.of(line) <= 80, "help line too long: \(line)")
      }
    }
  }

  @Test func searchesADataFile() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("c17\t刘亦菲\nc2\t西安\nc3\t老友记\n", to: "people.tsv")
    #expect(
      runTool(["search", "--data", path, "lyf"])
        == ToolOutput(status: 0, standardOutput: "initials    c17  [刘亦菲]\n", standardError: ""))
    #expect(
      runTool(["search", "ly", "--data", path])
        == ToolOutput(
          status: 0, standardOutput: "initials    c17  [刘亦]菲\ninitials    c3  [老友]记\n", standardError: ""))
    #expect(
      runTool(["search", "ly", "--data", path], style: .ansi).standardOutput
        == "initials    c17  \u{1B}[1;32m刘亦\u{1B}[0m菲\ninitials    c3  \u{1B}[1;32m老友\u{1B}[0m记\n")
    #expect(
      runTool(["search", "--data", path, "--limit", "1", "ly"]).standardOutput == "initials    c17  [刘亦]菲\n")
    #expect(
      runTool(["search", "--data", path, "--limit", "0", "ly"])
        == ToolOutput(status: 0, standardOutput: "", standardError: ""))
    #expect(runTool(["search", "--data", path, "zzz"]) == ToolOutput(status: 0, standardOutput: "", standardError: ""))
  }

  @Test func reportsTimingOnStandardErrorWithoutChangingTheResults() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("c17\t刘亦菲\nc2\t西安\n", to: "people.tsv")
    let timed = runTool(["search", "--data", path, "--time", "lyf"])
    #expect(timed.status == 0)
    #expect(timed.standardOutput == "initials    c17  [刘亦菲]\n")
    #expect(timed.standardError.hasPrefix("pinyin table decoded in "))
    #expect(timed.standardError.contains("; 2 records loaded in "))
    #expect(timed.standardError.contains("; 1 results; search median "))
    #expect(timed.standardError.hasSuffix(" over \(SearchCommand.timedRuns) runs\n"))
  }

  @Test func answersAlikeWithEveryEngine() {
    // One batch conversation per engine carries every query; one search per engine covers `search`.
    let queries = ["lyf", "zeng", "138", "+86 13", "wang j", "xian"]
    let input = (queries + ["  wang ", "138-"]).joined(separator: "\n") + "\n"
    let batches = EngineKind.allCases.map {
      runTool(["batch", "--engine", $0.rawValue, "--limit", "50"], input: input)
    }
    #expect(batches.allSatisfy { $0 == batches[0] && $0.status == 0 })
    let answers = batches[0].standardOutput.split(separator: "\n")
    #expect(answers.count == queries.count + 2)
    for (query, answer) in zip(queries, answers) {
      #expect(!answer.hasSuffix("\"results\": []}"), "\(query) finds built-in records")
    }
    let searches = EngineKind.allCases.map { runTool(["search", "--engine", $0.rawValue, "--limit", "50", "wang j"]) }
    #expect(searches.allSatisfy { $0 == searches[0] && $0.status == 0 } && !searches[0].standardOutput.isEmpty)
  }

  @Test func rejectsAnUnknownEngine() {
    let output = runTool(["search", "--engine", "fast", "lyf"])
    #expect(output.status == 2)
    #expect(
      output.standardError.hasPrefix(
        "pinyin-search: invalid value 'fast' for '--engine': expected one of scan, hash, hybrid\n"))
  }

  @Test func formatsDurationsInASuitableUnit() {
    #expect(Latency.format(.nanoseconds(850)) == "850 ns")
    #expect(Latency.format(.nanoseconds(12_340)) == "12.3 µs")
    #expect(Latency.format(.microseconds(4_150)) == "4.2 ms")
    #expect(Latency.format(.milliseconds(2_500)) == "2.5 s")
  }

  @Test func printsTheBatchObjectForSearchJSON() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("c17\t刘亦菲\nc2\t西安\n", to: "people.tsv")
    #expect(
      runTool(["search", "--json", "--data", path, " xi"]).standardOutput
        == #"{"query": " xi", "results": [{"id": "c2", "text": "西安", "kind": "fullPinyin", "fuzzy": false, "start": 0, "#
        + #""end": 1, "utf16Start": 0, "utf16End": 1}]}"# + "\n")
    #expect(
      runTool(["search", "--json", "--data", path, "zzz"]).standardOutput == #"{"query": "zzz", "results": []}"# + "\n")
  }

  @Test func answersEveryBatchLine() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("c17\t刘亦菲\nc2\t西安\n", to: "people.tsv")
    let input = "lyf\r\n  xian\n\n\u{3000}\nzzz"
    let expected = [
      #"{"query": "lyf", "results": [{"id": "c17", "text": "刘亦菲", "kind": "initials", "fuzzy": false, "start": 0, "end": 3, "#
        + #""utf16Start": 0, "utf16End": 3}]}"#,
      #"{"query": "  xian", "results": [{"id": "c2", "text": "西安", "kind": "fullPinyin", "fuzzy": false, "start": 0, "end": 2, "#
        + #""utf16Start": 0, "utf16End": 2}]}"#,
      #"{"query": "", "results": []}"#,
      "{\"query\": \"\u{3000}\", \"results\": []}",
      #"{"query": "zzz", "results": []}"#,
    ]
    #expect(
      runTool(["batch", "--data", path], input: input)
        == ToolOutput(status: 0, standardOutput: expected.map { $0 + "\n" }.joined(), standardError: ""))
    #expect(
      runTool(["batch", "--data", path], input: "") == ToolOutput(status: 0, standardOutput: "", standardError: ""))
  }

  @Test func reportsABadDataFileWithStatus1BeforeReadingQueries() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(Array("c1\tok\n\t西安\n".utf8), to: "bad.tsv")
    let expected = ToolOutput(status: 1, standardOutput: "", standardError: "pinyin-search: \(path):2: empty id\n")
    #expect(runTool(["batch", "--data", path], input: "lyf\n") == expected)
    #expect(runTool(["search", "--data", path, "lyf"]) == expected)
    #expect(
      runTool(["search", "--data", directory.path, "lyf"])
        == ToolOutput(
          status: 1, standardOutput: "", standardError: "pinyin-search: \(directory.path): Is a directory\n"))
  }

  @Test func spellsEachCharacter() {
    #expect(
      runTool(["pinyin", "长a 大\t👨‍👩‍👧吕"])
        == ToolOutput(
          status: 0,
          standardOutput: "长\tchang zhang\na\t-\n \t-\n大\tda dai\nU+0009\t-\n" + "👨‍👩‍👧\t-\n吕\tlv\n",
          standardError: ""))
    #expect(runTool(["pinyin", "--", "-长"]).standardOutput == "-\t-\n长\tchang zhang\n")
    #expect(runTool(["pinyin", ""]) == ToolOutput(status: 0, standardOutput: "", standardError: ""))
  }

  @Test func mapsEveryErrorToItsStatus() {
    let usage: [CommandLineError] = [
      .missingCommand, .unknownCommand("x"), .unknownOption("-x", command: nil),
      .missingValue(option: "--data", command: .batch),
      .invalidValue("x", option: "--limit", expected: "n", command: .search),
      .unexpectedValue(option: "--json", command: .search),
      .missingArgument("TEXT", command: .pinyin), .unexpectedArgument("x", command: nil),
      .optionNeedsData(option: "--format", command: .search),
      .optionNotForFormat(option: "--id-column", format: .tsv, command: .batch),
      .columnNameWithoutHeader(option: "--id-column", value: "key", command: .search),
      .standardInputTaken(command: .batch), .notATerminal,
    ]
    let failures: [CommandLineError] = [
      .cannotOpen(path: "a", .noSuchFile), .readFailed(path: "standard input", .isDirectory),
      .badRecord(path: "a", line: 1, .invalidUTF8), .badRecord(path: "a", line: 1, .emptyID),
      .badRecord(path: "a", line: 1, .lineTooLong(limit: 1)), .badRecord(path: "a", line: 1, .recordTooLong(limit: 1)),
      .writeFailed(Errno(rawValue: 32)), .terminalFailed(Errno(rawValue: 25)), .cancelled,
    ]
    for error in usage { #expect(error.exitStatus == .usageError && error.exitStatus.rawValue == 2, "\(error)") }
    for error in failures { #expect(error.exitStatus == .failure && error.exitStatus.rawValue == 1, "\(error)") }
    #expect(ExitStatus.success.rawValue == 0)
  }
}

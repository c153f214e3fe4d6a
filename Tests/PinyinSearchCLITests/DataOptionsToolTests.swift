import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// The data options and the interactive command, run in process on streams in memory.
@Suite struct DataOptionsToolTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func searchesEveryFormat() throws {
    let csv = try directory.write("key,name\nc17,\"刘亦菲\"\nc2,西安\n", to: "people.csv")
    let jsonl = try directory.write("{\"id\": 17, \"text\": \"刘亦菲\"}\n", to: "people.ndjson")
    let text = try directory.write("西安\n刘亦菲\n", to: "people.txt")
    let tsvNamedCSV = try directory.write("c17\t刘亦菲\n", to: "tabs.csv")
    #expect(runTool(["search", "--data", csv, "lyf"]).standardOutput == "initials    c17  [刘亦菲]\n")
    #expect(runTool(["search", "--data", jsonl, "lyf"]).standardOutput == "initials    17  [刘亦菲]\n")
    #expect(runTool(["search", "--data", text, "lyf"]).standardOutput == "initials    2  [刘亦菲]\n")
    #expect(
      runTool(["search", "--data", tsvNamedCSV, "--format", "tsv", "lyf"]).standardOutput
        == "initials    c17  [刘亦菲]\n")
    #expect(
      runTool(["search", "--data", csv, "--id-column", "name", "--text-column", "1", "c17"]).standardOutput
        == "literal     刘亦菲  [c17]\n")
  }

  @Test func reportsSkippedRecordsOnStandardErrorAndGoesOn() throws {
    let path = try directory.write("id,text\nc1,刘亦菲\n,empty\nc3,\"open\n", to: "bad.csv")
    #expect(
      runTool(["search", "--data", path, "--skip-bad", "lyf"])
        == ToolOutput(
          status: 0, standardOutput: "initials    c1  [刘亦菲]\n",
          standardError: """
            pinyin-search: \(path):3: empty id (skipped)
            pinyin-search: \(path):4: a quoted field opened here is not closed before the end of the file (skipped)
            pinyin-search: \(path): skipped 2 bad records

            """))
    #expect(
      runTool(["batch", "--data", path], input: "lyf\n")
        == ToolOutput(status: 1, standardOutput: "", standardError: "pinyin-search: \(path):3: empty id\n"))
  }

  @Test func listsTheFirstTenSkippedRecordsAndCountsTheRest() throws {
    let path = try directory.write((1...12).map { _ in "\t\n" }.joined() + "c\tok\n", to: "bad.tsv")
    let output = runTool(["search", "--data", path, "--skip-bad", "ok"])
    #expect(output.status == 0 && output.standardOutput == "literal     c  [ok]\n")
    let lines = output.standardError.split(separator: "\n")
    #expect(lines.count == 11)
    #expect(lines[9] == "pinyin-search: \(path):10: empty id (skipped)")
    #expect(lines[10] == "pinyin-search: \(path): skipped 12 bad records (the first 10 listed above)")
  }

  @Test(arguments: [
    (["search", "--format", "csv", "lyf"], "pinyin-search: '--format' needs '--data FILE'\n", Command.search),
    (["batch", "--skip-bad"], "pinyin-search: '--skip-bad' needs '--data FILE'\n", .batch),
    (
      ["search", "--data", "a.tsv", "--id-column", "2", "x"],
      "pinyin-search: '--id-column' applies to csv and jsonl data, not tsv\n", .search
    ),
    (
      ["batch", "--data", "-"],
      "pinyin-search: '--data -' cannot be used: batch reads queries from standard input\n", .batch
    ),
    (["interactive", "lyf"], "pinyin-search: unexpected argument 'lyf'\n", .interactive),
    (["interactive", "--limit", "3"], "pinyin-search: unknown option '--limit'\n", .interactive),
  ])
  func reportsDataOptionMistakesAsUsageErrors(arguments: [String], message: String, command: Command) {
    #expect(
      runTool(arguments)
        == ToolOutput(
          status: 2, standardOutput: "",
          standardError: message + "USAGE: \(command.synopsis)\nSee 'pinyin-search \(command.rawValue) --help'.\n"))
  }

  @Test func refusesInteractiveWithoutATerminalPointingToSearchAndBatch() {
    let refused = ToolOutput(
      status: 2, standardOutput: "",
      standardError: "pinyin-search: interactive needs a terminal to draw on (/dev/tty), and there is none; in "
        + "scripts and pipes use 'pinyin-search search QUERY' or 'pinyin-search batch'\n")
    #expect(runTool(["interactive"]) == refused)
    #expect(runTool(["interactive", "--data", "-"]) == refused, "records from a pipe are fine, but no terminal")
  }

  @Test func refusesRecordsFromStandardInputWhenItIsTheTerminal() {
    var context = CommandContext.inMemory()
    context.inputIsATerminal = true
    context.terminalPath = "/nonexistent/tty"
    #expect(
      CommandLineTool.run(arguments: ["interactive", "--data", "-"], in: &context) == .usageError
        && context.errorOutput.text.hasPrefix(
          "pinyin-search: '--data -' cannot be used while standard input is the terminal: interactive reads keys "
            + "from it; pipe the records in\nUSAGE: pinyin-search interactive ")
    )
    context = CommandContext.inMemory()
    context.terminalPath = "/nonexistent/tty"
    #expect(
      CommandLineTool.run(arguments: ["interactive"], in: &context) == .usageError
        && context.errorOutput.text.hasPrefix("pinyin-search: interactive needs a terminal"),
      "a terminal that cannot be opened")
  }

  @Test func exitsWith1WithoutAMessageWhenCancelled() {
    var output = OutputStream()
    CommandLineTool.report(.cancelled, to: &output)
    #expect(output.text == "")
    #expect(CommandLineError.cancelled.exitStatus == .failure)
  }
}

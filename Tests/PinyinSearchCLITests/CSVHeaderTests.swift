import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// `--no-header` for a CSV file without a header row, and the warning when the first row of a
/// file read with a header looks like data.
@Suite struct CSVHeaderTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The warning for `path`.
  static func warning(_ path: String) -> String {
    "pinyin-search: \(path): the first row names no id or text column and looks like data; "
      + "use --no-header if it is\n"
  }

  @Test func readsEveryRowWithNoHeaderChoosingColumnsByNumber() throws {
    let path = try directory.write("c17,刘亦菲,13800138000\nc2,西安,13900139000\n", to: "people.csv")
    #expect(
      runTool(["search", "--data", path, "--no-header", "lyf"])
        == ToolOutput(status: 0, standardOutput: "initials    c17  [刘亦菲]\n", standardError: ""),
      "id: column 1, text: column 2")
    #expect(
      runTool(["search", "--data", path, "--no-header", "--text-column", "3", "1380013"]).standardOutput
        == "literal     c17  [1380013]8000\n")
    #expect(
      runTool(["search", "--data", path, "--no-header", "--text-column", "1", "c17"]).standardOutput
        == "literal     刘亦菲  [c17]\n", "the text in column 1: the id in column 2")
    #expect(
      runTool(["search", "--data", path, "--no-header", "--id-column", "3", "--text-column", "2", "xa"])
        .standardOutput == "initials    13900139000  [西安]\n")
  }

  @Test func reportsAMissingColumnWithoutAName() throws {
    let path = try directory.write("c17,刘亦菲\nc2\n", to: "people.csv")
    #expect(
      runTool(["search", "--data", path, "--no-header", "lyf"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(path):2: missing column 2: the record has 1 field\n"))
  }

  @Test func warnsWhenTheFirstRowLooksLikeData() throws {
    let path = try directory.write("c17,刘亦菲\nc18,王菲\n", to: "people.csv")
    #expect(
      runTool(["search", "--data", path, "wf"])
        == ToolOutput(
          status: 0, standardOutput: "initials    c18  [王菲]\n", standardError: Self.warning(path)),
      "the first row is still the header")
    #expect(
      runTool(["search", "--data", path, "lyf"])
        == ToolOutput(status: 0, standardOutput: "", standardError: Self.warning(path)))
  }

  @Test func warnsBeforeTheErrorThatALostFirstRowMayExplain() throws {
    let path = try directory.write("c17,刘亦菲,13800138000\nc18,王菲\n,x,y\n", to: "people.csv")
    #expect(
      runTool(["batch", "--data", path], input: "wf\n")
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: Self.warning(path) + "pinyin-search: \(path):3: empty id\n"))
  }

  @Test(arguments: [
    "id,name\n1,刘亦菲\n",  // names an id column
    "Text,phone\n刘亦菲,138\n",  // names a text column (case aside)
    "name,phone\n刘亦菲,138\n",  // names neither, but holds no digit: a header
    "姓名,电话\n刘亦菲,138\n",
  ])
  func doesNotWarnAboutAHeader(csv: String) throws {
    let path = try directory.write(csv, to: "people.csv")
    #expect(runTool(["search", "--data", path, "liuyf"]).standardError == "")
  }

  @Test func doesNotWarnWhenColumnsAreChosen() throws {
    let path = try directory.write("c17,刘亦菲\nc18,王菲\n", to: "people.csv")
    #expect(runTool(["search", "--data", path, "--text-column", "2", "wf"]).standardError == "")
    #expect(runTool(["search", "--data", path, "--no-header", "wf"]).standardError == "")
  }

  @Test(arguments: [
    (
      ["search", "--data", "a.csv", "--no-header", "--id-column", "key", "x"],
      "pinyin-search: '--id-column key' names a column, but with '--no-header' columns have no names: "
        + "give a number from 1\n"
    ),
    (
      ["search", "--data", "a.csv", "--no-header", "--text-column", "name", "x"],
      "pinyin-search: '--text-column name' names a column, but with '--no-header' columns have no names: "
        + "give a number from 1\n"
    ),
    (["search", "--data", "a.tsv", "--no-header", "x"], "pinyin-search: '--no-header' applies to csv data, not tsv\n"),
    (["search", "--no-header", "x"], "pinyin-search: '--no-header' needs '--data FILE'\n"),
  ])
  func rejectsNoHeaderWhereItMeansNothing(arguments: [String], message: String) {
    #expect(runTool(arguments) == ToolOutput(status: 2, standardOutput: "", standardError: message + searchUsage))
  }

  @Test func showsNoHeaderInTheHelpWithAnExample() {
    let help = runTool(["search", "--help"]).standardOutput
    #expect(help.contains("  --no-header      "))
    #expect(help.contains("pinyin-search search lyf --data people.csv --no-header --text-column 3"))
  }
}

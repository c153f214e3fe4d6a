import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// `pinyin-search --version` prints the one version constant of the tool, and CHANGELOG.md's
/// first entry is that release, so that neither is bumped without the other.
@Suite struct VersionTests {
  @Test func printsTheVersionWithStatus0() throws {
    #expect(ToolVersion.current == "0.1.0")
    #expect(
      try ToolProcess.run(["--version"])
        == ToolOutput(status: 0, standardOutput: "pinyin-search 0.1.0\n", standardError: ""))
  }

  @Test func refusesAnArgumentAfterIt() throws {
    #expect(
      try ToolProcess.run(["--version", "search"])
        == ToolOutput(
          status: 2, standardOutput: "",
          standardError: "pinyin-search: unexpected argument 'search'\nUSAGE: pinyin-search <command> [<arguments>]\n"
            + "See 'pinyin-search --help'.\n"))
  }

  @Test func theHelpNamesTheOption() {
    #expect(CommandLineTool.help.contains("\n  --version        Print the version of the tool (0.1.0).\n"))
  }

  /// The first `## [VERSION] - YYYY-MM-DD` heading of CHANGELOG.md, in Keep a Changelog's form.
  @Test func theChangelogsFirstEntryIsThisVersion() throws {
    let text = try ToolProcess.readText(Self.repositoryRoot + "/CHANGELOG.md")
    let first = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") }, "an entry")
    #expect(first == "## [\(ToolVersion.current)] - 2026-12-04", "the first entry: the version --version prints")
    #expect(text.contains("\n[\(ToolVersion.current)]: https://"), "a link for the entry's version")
  }

  /// The repository: this file is Tests/PinyinSearchCLITests/VersionTests.swift in it.
  static let repositoryRoot: String = {
    var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return components.joined(separator: "/")
  }()
}

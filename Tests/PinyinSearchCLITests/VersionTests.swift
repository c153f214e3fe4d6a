import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// `pinyin-search --version` prints the one version constant of the tool, and CHANGELOG.md's
/// first entry is that release, so that neither is bumped without the other.
@Suite struct VersionTests {
  @Test func printsTheVersionWithStatus0() throws {
    #expect(ToolVersion.current == "0.3.0")
    #expect(
      try ToolProcess.run(["--version"])
        == ToolOutput(status: 0, standardOutput: "pinyin-search 0.3.0\n", standardError: ""))
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
    #expect(CommandLineTool.help.contains("\n  --version        Print the version of the tool (0.3.0).\n"))
  }

  /// The first `## [VERSION] - YYYY-MM-DD` heading of CHANGELOG.md, in Keep a Changelog's form.
  @Test func theChangelogsFirstEntryIsThisVersion() throws {
    let text = try ToolProcess.readText(Self.repositoryRoot + "/CHANGELOG.md")
    let first = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") }, "an entry")
    let heading = "## [\(ToolVersion.current)] - "
    #expect(first.hasPrefix(heading), "the first entry: the version --version prints")
    let date = Array(first.dropFirst(heading.count).utf8)
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    #expect(
      date.count == 10
        && date.indices.allSatisfy { [4, 7].contains($0) ? date[$0] == UInt8(ascii: "-") : isDigit(date[$0]) },
      "the release's date, YYYY-MM-DD: \(first)")
    #expect(text.contains("\n[\(ToolVersion.current)]: https://"), "a link for the entry's version")
  }

  /// The repository: this file is Tests/PinyinSearchCLITests/VersionTests.swift in it.
  static let repositoryRoot: String = {
    var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return components.joined(separator: "/")
  }()
}

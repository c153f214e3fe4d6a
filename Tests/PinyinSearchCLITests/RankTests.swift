import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// The records of `text`, read as a data file `data` in `format` with `--rank-column rank` if
/// given (and `--no-header` when `hasHeader` is false).
private func readRanked(
  _ text: String, _ format: DataFormat, rank: String? = nil, hasHeader: Bool = true, skipBad: Bool = false
) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  let options = DataFileOptions(
    path: "data", format: format, rankColumn: rank.map(ColumnSelector.init), hasHeader: hasHeader,
    skipsBadRecords: skipBad)
  return try readDataFile(Array(text.utf8), options: options)
}

/// `(id, text, rank)` triples, compact to compare.
private func triples(_ records: [Record]) -> [[String]] {
  records.map { [$0.id, $0.text, String($0.rank)] }
}

/// A rank is an integer within signed 64 bits, read exactly; everything else is named.
@Suite struct RankValueTests {
  @Test(
    arguments: [
      ("0", 0), ("-0", 0), ("+0", 0), ("7", 7), ("+7", 7), ("-12", -12), ("007", 7), ("-007", -7),
      ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
      ("0009223372036854775807", Int64.max),
    ] as [(String, Int64)])
  func readsAnIntegerExactly(text: String, rank: Int64) throws {
    #expect(try RankValue.parse(text) == rank)
  }

  @Test(arguments: [
    ("", RankProblem.Reason.empty), ("1.5", .fraction), ("1.0", .fraction), ("-0.0", .fraction), ("1.", .fraction),
    ("1.5e3", .fraction), ("1e3", .exponent), ("1E+3", .exponent), ("-2e-1", .exponent),
    ("9223372036854775808", .outOfRange), ("-9223372036854775809", .outOfRange),
    ("99999999999999999999999", .outOfRange), ("abc", .notAnInteger), (" 5", .notAnInteger), ("5 ", .notAnInteger),
    ("-", .notAnInteger), ("+", .notAnInteger), ("--5", .notAnInteger), ("+-5", .notAnInteger), (".5", .notAnInteger),
    ("e3", .notAnInteger), ("0x10", .notAnInteger), ("1,000", .notAnInteger), ("1_000", .notAnInteger),
    ("١٢", .notAnInteger), ("１２", .notAnInteger), ("NaN", .notAnInteger), ("null", .notAnInteger),
  ])
  func namesWhatIsNotARank(text: String, reason: RankProblem.Reason) {
    #expect(throws: RankProblem(value: text, reason: reason)) { try RankValue.parse(text) }
  }

  @Test func describesEachProblem() {
    #expect(RankProblem(value: "", reason: .empty).description == "empty rank (write 0 for the default rank)")
    #expect(RankProblem(value: "x\"", reason: .notAnInteger).description == #"rank "x\"" is not an integer"#)
    #expect(
      RankProblem(value: "1.5", reason: .fraction).description == #"rank "1.5" is not an integer: it has a fraction"#)
    #expect(
      RankProblem(value: "1e3", reason: .exponent).description
        == #"rank "1e3" is not an integer: write it without an exponent"#)
    #expect(
      RankProblem(value: "9223372036854775808", reason: .outOfRange).description
        == #"rank "9223372036854775808" is out of range: a rank is from -9223372036854775808 to 9223372036854775807"#)
    let long = String(repeating: "9", count: 1_000)
    #expect(
      RankProblem(value: long, reason: .outOfRange).value == String(repeating: "9", count: 40) + "…",
      "a long value is cut for the message")
  }
}

/// Ranks in CSV and JSON-lines files, and `--rank-column`.
@Suite struct RankDataFileTests {
  @Test func readsTheCSVColumnNamedRank() throws {
    let csv = "id,name,rank\nc1,张三,0\nc2,张伟,5\nc3,张杰,-1\n"
    #expect(
      try triples(readRanked(csv, .csv).records) == [["c1", "张三", "0"], ["c2", "张伟", "5"], ["c3", "张杰", "-1"]])
    #expect(
      try triples(readRanked("id,text,Rank \n\"c1\",a,\"7\"\n", .csv).records) == [["c1", "a", "7"]],
      "named as id and text are: case and spaces aside; quoted")
    #expect(try triples(readRanked("id,text\nc1,a\n", .csv).records) == [["c1", "a", "0"]], "no rank column: 0")
  }

  @Test func keepsTheRankColumnOutOfTheDefaultIDAndText() throws {
    #expect(
      try triples(readRanked("rank,name\n5,张伟\n", .csv).records) == [["2", "张伟", "5"]],
      "rank and one other column: the text, with line numbers as ids")
    #expect(try triples(readRanked("rank,key,name\n5,c2,张伟\n", .csv).records) == [["c2", "张伟", "5"]])
    #expect(try triples(readRanked("key,rank,name\nc2,5,张伟\n", .csv).records) == [["c2", "张伟", "5"]])
  }

  @Test func readsTheColumnOrFieldTheOptionNames() throws {
    let csv = "id,text,score,rank\nc1,a,3,9\n"
    #expect(try triples(readRanked(csv, .csv, rank: "score").records) == [["c1", "a", "3"]])
    #expect(try triples(readRanked(csv, .csv, rank: "3").records) == [["c1", "a", "3"]])
    #expect(try triples(readRanked("c1,9,a\n", .csv, rank: "2", hasHeader: false).records) == [["c1", "a", "9"]])
    #expect(
      try triples(readRanked("9,c1,a\n", .csv, rank: "1", hasHeader: false).records) == [["c1", "a", "9"]],
      "without a header, id and text are the first two columns other than the rank's")
    #expect(try triples(readRanked("c1,a,9\n", .csv, hasHeader: false).records) == [["c1", "a", "0"]])
    let jsonl = #"{"id": "c1", "text": "a", "score": 3, "rank": 9}"#
    #expect(try triples(readRanked(jsonl, .jsonl).records) == [["c1", "a", "9"]])
    #expect(try triples(readRanked(jsonl, .jsonl, rank: "score").records) == [["c1", "a", "3"]])
    #expect(try triples(readRanked(jsonl, .jsonl, rank: "missing").records) == [["c1", "a", "0"]])
    #expect(
      throws: CommandLineError.badRecord(
        path: "data", line: 1, .noSuchColumn("score", header: ["id", "text", "rank"]))
    ) { try readRanked("id,text,rank\n", .csv, rank: "score") }
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .columnOutOfRange(4, columnCount: 3))) {
      try readRanked("id,text,rank\n", .csv, rank: "4")
    }
  }

  @Test func readsJSONRanksExactly() throws {
    let lines = [
      #"{"id": "a", "text": "x", "rank": -0}"#, #"{"id": "b", "text": "x"}"#,
      #"{"id": "c", "text": "x", "rank": 9223372036854775807}"#,
      #"{"id": "d", "text": "x", "rank": -9223372036854775808}"#,
      #"{"id": "e", "text": "x", "rank": 12, "nested": {"rank": 1.5}}"#,
    ]
    #expect(
      try triples(readRanked(lines.joined(separator: "\n"), .jsonl).records) == [
        ["a", "x", "0"], ["b", "x", "0"], ["c", "x", "9223372036854775807"], ["d", "x", "-9223372036854775808"],
        ["e", "x", "12"],
      ])
  }

  @Test(arguments: [
    (#"{"id": "a", "text": "x", "rank": 1.5}"#, DataProblem.invalidRank(RankProblem(value: "1.5", reason: .fraction))),
    (#"{"id": "a", "text": "x", "rank": 2.0}"#, .invalidRank(RankProblem(value: "2.0", reason: .fraction))),
    (#"{"id": "a", "text": "x", "rank": 1e3}"#, .invalidRank(RankProblem(value: "1e3", reason: .exponent))),
    (#"{"id": "a", "text": "x", "rank": -1E2}"#, .invalidRank(RankProblem(value: "-1E2", reason: .exponent))),
    (
      #"{"id": "a", "text": "x", "rank": 9223372036854775808}"#,
      .invalidRank(RankProblem(value: "9223372036854775808", reason: .outOfRange))
    ),
    (#"{"id": "a", "text": "x", "rank": "5"}"#, .wrongFieldType("rank", found: "a string", expected: "an integer")),
    (#"{"id": "a", "text": "x", "rank": null}"#, .wrongFieldType("rank", found: "null", expected: "an integer")),
    (#"{"id": "a", "text": "x", "rank": [1]}"#, .wrongFieldType("rank", found: "an array", expected: "an integer")),
    (#"{"id": "a", "text": "x", "rank": true}"#, .wrongFieldType("rank", found: "true", expected: "an integer")),
  ])
  func reportsABadJSONRank(line: String, problem: DataProblem) {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, problem)) { try readRanked(line, .jsonl) }
  }

  @Test(arguments: [
    ("c1,a,", RankProblem(value: "", reason: .empty)), ("c1,a,\"\"", RankProblem(value: "", reason: .empty)),
    ("c1,a,1.5", RankProblem(value: "1.5", reason: .fraction)),
    ("c1,a,1e3", RankProblem(value: "1e3", reason: .exponent)),
    ("c1,a,-9223372036854775809", RankProblem(value: "-9223372036854775809", reason: .outOfRange)),
    ("c1,a,high", RankProblem(value: "high", reason: .notAnInteger)),
    ("c1,a, 5", RankProblem(value: " 5", reason: .notAnInteger)),
  ])
  func reportsABadCSVRank(row: String, problem: RankProblem) {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 3, .invalidRank(problem))) {
      try readRanked("id,text,rank\nc0,ok,1\n" + row + "\n", .csv)
    }
  }

  @Test func skipsBadRanksWithSkipBad() throws {
    let csv = "id,text,rank\nc1,a,1\nc2,b,\nc3,c\nc4,d,x\nc5,e,-3\n"
    let (records, skipped) = try readRanked(csv, .csv, skipBad: true)
    #expect(triples(records) == [["c1", "a", "1"], ["c5", "e", "-3"]])
    #expect(
      skipped.listed == [
        RecordError(line: 3, problem: .invalidRank(RankProblem(value: "", reason: .empty))),
        RecordError(line: 4, problem: .missingColumn(3, name: "rank", fieldCount: 2)),
        RecordError(line: 5, problem: .invalidRank(RankProblem(value: "x", reason: .notAnInteger))),
      ])
  }

  @Test func saysWhichFileAndLineHoldABadRank() throws {
    let directory = try TemporaryDirectory()
    let csv = try directory.write("id,text,rank\nc1,张三,1\nc2,张伟,1.5\n", to: "people.csv")
    #expect(
      runTool(["search", "--data", csv, "zh"])
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: \(csv):3: rank \"1.5\" is not an integer: it has a fraction\n"))
    let jsonl = try directory.write(#"{"id": "c1", "text": "张三", "rank": 1e2}"# + "\n", to: "people.jsonl")
    #expect(
      runTool(["search", "--data", jsonl, "zh", "--skip-bad"])
        == ToolOutput(
          status: 0, standardOutput: "",
          standardError: """
            pinyin-search: \(jsonl):1: rank "1e2" is not an integer: write it without an exponent (skipped)
            pinyin-search: \(jsonl): skipped 1 bad record

            """))
  }

  @Test(arguments: [
    (["search", "--rank-column", "rank", "x"], "pinyin-search: '--rank-column' needs '--data FILE'\n"),
    (
      ["search", "--data", "people.tsv", "--rank-column", "2", "x"],
      "pinyin-search: '--rank-column' applies to csv and jsonl data, not tsv\n"
    ),
    (
      ["search", "--data", "people.txt", "--rank-column", "rank", "x"],
      "pinyin-search: '--rank-column' applies to csv and jsonl data, not text\n"
    ),
    (
      ["search", "--data", "people.csv", "--no-header", "--rank-column", "rank", "x"],
      "pinyin-search: '--rank-column rank' names a column, but with '--no-header' columns have no names: give a "
        + "number from 1\n"
    ),
    (
      ["search", "--data", "people.csv", "--rank-column", "0", "x"],
      "pinyin-search: invalid value '0' for '--rank-column': expected a column name or a number from 1\n"
    ),
    (
      ["search", "--data", "people.csv", "--rank-column=", "x"],
      "pinyin-search: invalid value '' for '--rank-column': expected a column name or a number from 1\n"
    ),
  ])
  func reportsRankColumnMistakesAsUsageErrors(arguments: [String], message: String) {
    let output = runTool(arguments)
    #expect(output.status == 2 && output.standardError.hasPrefix(message + "USAGE: pinyin-search search "), "\(output)")
  }
}

/// Ranks order the results of matches alike (same kind and start), in every engine and through
/// snapshots; a changed rank is a change that `--update` saves.
@Suite struct RankOrderTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Records equal in kind and start: without ranks, by length, then id; with them, the higher
  /// rank first, before the length.
  @Test func ranksOrderMatchesAlikeInEveryEngine() throws {
    let plain = try directory.write("id,text\nc1,张三\nc2,张伟\nc3,张杰\nc4,张三丰\n", to: "plain.csv")
    let ranked = try directory.write(
      "id,text,rank\nc1,张三,0\nc2,张伟,5\nc3,张杰,-1\nc4,张三丰,5\n", to: "ranked.csv")
    for engine in ["scan", "hash", "hybrid"] {
      #expect(
        try ToolProcess.run(["search", "--data", plain, "--engine", engine, "zh"])
          == ToolOutput(
            status: 0,
            standardOutput: "fullPinyin  c1  [张]三\nfullPinyin  c2  [张]伟\nfullPinyin  c3  [张]杰\n"
              + "fullPinyin  c4  [张]三丰\n", standardError: ""), "\(engine): length, then id")
      #expect(
        try ToolProcess.run(["search", "--data", ranked, "--engine", engine, "zh"])
          == ToolOutput(
            status: 0,
            standardOutput: "fullPinyin  c2  [张]伟\nfullPinyin  c4  [张]三丰\nfullPinyin  c1  [张]三\n"
              + "fullPinyin  c3  [张]杰\n", standardError: ""), "\(engine): rank, then length, then id")
    }
  }

  @Test func ranksNeverOutweighTheKindOrTheStart() throws {
    let data = try directory.write(
      #"{"id": "low", "text": "张三", "rank": -100}"# + "\n" + #"{"id": "high", "text": "老张", "rank": 100}"# + "\n"
        + #"{"id": "top", "text": "zs", "rank": 1000}"# + "\n",
      to: "people.jsonl")
    #expect(
      runTool(["search", "--data", data, "zh"]).standardOutput == "fullPinyin  low  [张]三\nfullPinyin  high  老[张]\n",
      "start 0 before start 1")
    #expect(
      runTool(["search", "--data", data, "zs"]).standardOutput == "literal     top  [zs]\ninitials    low  [张三]\n",
      "literal before initials")
    let batch = runTool(["batch", "--data", data, "--limit", "1"], input: "zh\n")
    #expect(batch.standardOutput.hasPrefix(#"{"query": "zh", "results": [{"id": "low", "#))
  }

  @Test func aRepeatedIDTakesTheLaterTextAndRank() throws {
    let csv = try directory.write("id,text,rank\nc1,张三,9\nc2,张伟,5\nc1,张杰,1\n", to: "people.csv")
    #expect(runTool(["search", "--data", csv, "zh"]).standardOutput == "fullPinyin  c2  [张]伟\nfullPinyin  c1  [张]杰\n")
    let jsonl = try directory.write(
      #"{"id": "c1", "text": "张三", "rank": 1}"# + "\n" + #"{"id": "c2", "text": "张伟", "rank": 5}"# + "\n"
        + #"{"id": "c1", "text": "张三", "rank": 9}"# + "\n",
      to: "people.jsonl")
    for engine in ["scan", "hash", "hybrid"] {
      #expect(
        runTool(["search", "--data", jsonl, "--engine", engine, "zh"]).standardOutput
          == "fullPinyin  c1  [张]三\nfullPinyin  c2  [张]伟\n", "\(engine)")
    }
  }

  @Test func updatesASnapshotWhenOnlyARankChanged() throws {
    let old = try directory.write("id,text,rank\nc1,张三,1\nc2,张伟,2\n", to: "old.csv")
    let new = try directory.write("id,text,rank\nc1,张三,3\nc2,张伟,2\n", to: "new.csv")
    let snapshot = directory.adopt("people.snapshot")
    #expect(runTool(["index", "--data", old, "--out", snapshot]).status == 0)
    #expect(
      runTool(["search", "--snapshot", snapshot, "zh"]).standardOutput
        == "fullPinyin  c2  [张]伟\nfullPinyin  c1  [张]三\n",
      "the snapshot keeps the ranks")
    #expect(
      runTool(["search", "--snapshot", snapshot, "--data", new, "--update", "zh"])
        == ToolOutput(
          status: 0, standardOutput: "fullPinyin  c1  [张]三\nfullPinyin  c2  [张]伟\n",
          standardError: "pinyin-search: \(snapshot): 0 records added, 1 changed, 0 removed; saved\n"))
    #expect(
      runTool(["search", "--snapshot", snapshot, "zh"])
        == ToolOutput(status: 0, standardOutput: "fullPinyin  c1  [张]三\nfullPinyin  c2  [张]伟\n", standardError: ""),
      "saved with the new rank")
    #expect(runTool(["search", "--snapshot", snapshot, "--data", new, "--update", "zh"]).standardError == "")
    #expect(runTool(["verify", snapshot]).status == 0)
  }
}

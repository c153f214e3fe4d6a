import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// The batch protocol end to end, through the built binary and real pipes: every answer byte
/// for byte as the reference encoding writes it, whatever the options; the same answers for
/// queries written all at once as for queries written one at a time; and an answer for every
/// complete query before the caller writes more.
@Suite struct BatchProtocolTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Records whose ids and texts hold what JSON escapes — every control character, `"`, `\` —
  /// and emoji, combining marks and line separators, beside random ones (`RandomText`).
  static func records(using random: inout SplitMix64) -> [Record] {
    var controls = ""
    for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    let special = [
      Record(id: "q\"\\1", text: "刘亦菲" + controls + "\u{7F}\"\\/"),
      Record(id: "tab\t2", text: "\t西安\r\n👍🏽\u{2028}e\u{301}"),
      Record(id: "\u{1}3", text: "👨‍👩‍👧 张三 \\n", rank: 5),
      Record(id: "4", text: "\"lyf\" 刘亦菲\u{1F}"),
    ]
    return special + RandomText.records(count: TestScale.isFull ? 300 : 150, using: &random)
  }

  /// `records` as a JSON Lines data file, id, text and rank of each.
  func write(_ records: [Record], to name: String) throws -> String {
    let lines = records.map {
      "{\"id\": \(ReferenceJSON.quoted($0.id)), \"text\": \(ReferenceJSON.quoted($0.text)), \"rank\": \($0.rank)}\n"
    }
    return try directory.write(lines.joined(), to: name)
  }

  /// Queries for `records` under `options`: derived from random records' texts, and ones that
  /// hold what JSON escapes. None holds a line break, nor ends with `\r` (which would be the
  /// start of a `\r\n`); a lone `\r` inside one is part of it.
  static func queries(
    for records: [Record], options: SearchOptions, count: Int, using random: inout SplitMix64
  ) -> [String] {
    var queries = ["lyf", "\"lyf\"", "\u{1}", "\u{1F}", "\t", "\\", "\"", "👍", "a\rb", "西安\t", "", " "]
    while queries.count < count {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.query(for: text, options: options, using: &random)
      if !query.unicodeScalars.contains(where: { $0 == "\n" }) && !query.hasSuffix("\r") { queries.append(query) }
    }
    return queries
  }

  @Test(arguments: 0..<6)
  func writesEveryAnswerAsTheReferenceEncodingDoes(round: Int) throws {
    // A quick run takes the default options, all fuzzy rules and every option; CI every round.
    guard TestScale.includes(round, ofEvery: 2) else { return }
    var random = SplitMix64(seed: UInt64(round) &+ 0xBA7C)
    let options: SearchOptions =
      switch round {
      case 0: .default
      case 1: SearchOptions(mixed: true)
      case 2: SearchOptions(fuzzy: .all)
      case 3: SearchOptions(keypad: true)
      case 4: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)
      default: RandomText.options(using: &random)
      }
    let records = Self.records(using: &random)
    let path = try write(records, to: "records\(round).jsonl")
    let queries = Self.queries(
      for: records, options: options, count: TestScale.rounds(quick: 40, full: 150), using: &random)
    let engine = LinearScanEngine(records, options: options)
    let expected = queries.map { ReferenceJSON.answer(query: $0, results: engine.search($0, limit: 50)) + "\n" }
    let engineKind = EngineKind.allCases[round % EngineKind.allCases.count].rawValue
    let arguments =
      ["batch", "--data", path, "--engine", engineKind, "--limit", "50"] + SearchOptionFlags.flags(for: options)
    let output = try ToolProcess.run(arguments, input: queries.map { $0 + "\n" }.joined())
    #expect(output == ToolOutput(status: 0, standardOutput: expected.joined(), standardError: ""))
    // A process per query: the first one (twelve in CI) through `search --json` as well.
    for query in queries.prefix(TestScale.isFull ? 12 : 1) where !query.isEmpty && !query.hasPrefix("-") {
      let search = try ToolProcess.run(
        ["search", "--json", "--data", path, "--limit", "50"] + SearchOptionFlags.flags(for: options) + [query])
      #expect(
        search.standardOutput == ReferenceJSON.answer(query: query, results: engine.search(query, limit: 50)) + "\n")
    }
  }

  @Test func answersQueriesWrittenAtOnceAsQueriesWrittenOneAtATime() throws {
    var random = SplitMix64(seed: 0x5EED)
    let records = Self.records(using: &random)
    let path = try write(records, to: "records.jsonl")
    let queries = Self.queries(for: records, options: .default, count: 300, using: &random)
    let arguments = ["batch", "--data", path, "--engine", "hash"]

    let oneAtATime = try ToolConversation(arguments)
    var expected: [String] = []
    for query in queries {
      try oneAtATime.send(query)
      expected.append(try oneAtATime.receive())
    }
    let first = try oneAtATime.finish()
    #expect(first.status == 0 && first.rest == "")

    // A few KiB: the pipe takes them whole, so writing them all first cannot block.
    let atOnce = try ToolConversation(arguments)
    try atOnce.write(queries.map { $0 + "\n" }.joined())
    var answers: [String] = []
    for _ in queries { answers.append(try atOnce.receive()) }
    #expect(answers == expected)
    let second = try atOnce.finish()
    #expect(second.status == 0 && second.rest == "", "nothing after the last answer")
  }

  @Test func answersEveryCompleteQueryBeforeTheCallerWritesMore() throws {
    let path = try write([Record(id: "c1", text: "刘亦菲"), Record(id: "c2", text: "西安")], to: "people.jsonl")
    let conversation = try ToolConversation(["batch", "--data", path, "--limit", "1"])
    // Two queries and the beginning of a third, in one write.
    try conversation.write("lyf\nxian\n刘")
    #expect(try conversation.receive().hasPrefix(#"{"query": "lyf", "results": [{"id": "c1""#))
    #expect(try conversation.receive().hasPrefix(#"{"query": "xian", "results": [{"id": "c2""#))
    #expect(throws: HarnessError.self, "the third query is not complete yet") {
      try conversation.receive(timeout: 300)
    }
    try conversation.write("亦\r")
    #expect(throws: HarnessError.self, "a \\r may be the start of \\r\\n") { try conversation.receive(timeout: 300) }
    try conversation.write("\nxi")
    #expect(try conversation.receive().hasPrefix(#"{"query": "刘亦", "results": [{"id": "c1""#))
    let (status, rest) = try conversation.finish()
    #expect(status == 0)
    #expect(
      rest == #"{"query": "xi", "results": [{"id": "c2", "text": "西安", "kind": "fullPinyin", "fuzzy": false, "#
        + #""start": 0, "end": 1, "utf16Start": 0, "utf16End": 1}]}"# + "\n",
      "the last query, without a terminator, answered at the end of the input")
  }
}

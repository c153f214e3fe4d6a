import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// `batch --json-requests`: the requests a line holds, the errors for lines that are not one
/// (random and adversarial lines never crash the parser), and the conversation end to end.
@Suite struct BatchRequestTests {
  /// The request on `line`, or its failure's message.
  static func parse(_ line: String) -> Result<BatchRequest, BatchRequest.Failure> {
    Result { () throws(BatchRequest.Failure) in try BatchRequest(parsing: Array(line.utf8)[...]) }
  }

  @Test func readsEachKindOfRequest() {
    #expect(
      Self.parse(#"{"query": "lyf", "limit": 5, "offset": 2, "options": {"mixed": true, "fuzzy": "z-zh,n-l"}}"#)
        == .success(
          .search(query: "lyf", limit: 5, offset: 2, options: SearchOptions(mixed: true, fuzzy: [.zZh, .nL]))))
    #expect(
      Self.parse(#" {"query": "刘\u4EA6菲"} "#) == .success(.search(query: "刘亦菲", limit: nil, offset: 0, options: nil)))
    #expect(
      Self.parse(#"{"query": "x", "options": {"fuzzy": null, "keypad": true, "traditional": false}}"#)
        == .success(.search(query: "x", limit: nil, offset: 0, options: SearchOptions(keypad: true))))
    #expect(
      Self.parse(#"{"query": "x", "options": {"keyboard": "zhuyin", "mixed": true}}"#)
        == .success(.search(query: "x", limit: nil, offset: 0, options: SearchOptions(mixed: true, keyboard: .zhuyin))))
    #expect(
      Self.parse(#"{"query": "x", "options": {"keyboard": null}}"#)
        == .success(.search(query: "x", limit: nil, offset: 0, options: .default)))
    #expect(
      Self.parse(#"{"query": "x", "options": {}}"#)
        == .success(.search(query: "x", limit: nil, offset: 0, options: .default)))
    #expect(
      Self.parse(#"{"add": {"id": "c9", "text": "王五", "rank": -9223372036854775808}}"#)
        == .success(.add(Record(id: "c9", text: "王五", rank: .min))))
    #expect(Self.parse(#"{"add": {"text": "", "id": "c9"}}"#) == .success(.add(Record(id: "c9", text: ""))))
    #expect(Self.parse(#"{"remove": "c9"}"#) == .success(.remove(id: "c9")))
  }

  @Test(arguments: [
    ("lyf", "invalid JSON at character 1: expected a value"),
    ("", "invalid JSON at character 1: the line ends; expected a value"),
    (#"["query"]"#, "a request is a JSON object"),
    (#"{}"#, #"a request has "query", "add" or "remove""#),
    (#"{"query": "a", "query": "b"}"#, #"invalid JSON at character 16: the field name "query" is repeated"#),
    (#"{"query": "a", "remove": "b"}"#, #"unknown field "remove" in a search"#),
    (#"{"query": "a", "limit": -1}"#, "\"limit\" must be an integer from 0 to \(Int.max), not -1"),
    (#"{"query": "a", "offset": 1.5}"#, "\"offset\" must be an integer from 0 to \(Int.max), not 1.5"),
    (
      #"{"query": "a", "limit": 99999999999999999999}"#,
      "\"limit\" must be an integer from 0 to \(Int.max), not 99999999999999999999"
    ),
    (#"{"query": "a", "options": {"mixed": 1}}"#, #""mixed" must be true or false, not a number"#),
    (#"{"query": "a", "options": {"fuzzy": "z-zh,zz"}}"#, #"unknown fuzzy rule "zz" in "z-zh,zz""#),
    (#"{"query": "a", "options": {"fuzzy": true}}"#, #""fuzzy" must be a string of rules, false or null, not true"#),
    (#"{"query": "a", "options": {"keyboard": "qwerty"}}"#, #"unknown keyboard "qwerty""#),
    (#"{"query": "a", "options": {"keyboard": ""}}"#, #"unknown keyboard """#),
    (#"{"query": "a", "options": {"keyboard": true}}"#, #""keyboard" must be a scheme's name or null, not true"#),
    (#"{"query": "a", "options": {"keyboards": "xiaohe"}}"#, #"unknown field "keyboards" in "options""#),
    (#"{"query": "a", "options": "mixed"}"#, #""options" must be an object, not a string"#),
    (#"{"add": {"id": "c1"}}"#, #""add" needs "id" and "text""#),
    (#"{"add": {"id": "", "text": "x"}}"#, #""id" must not be empty"#),
    (#"{"add": {"id": "c1", "text": "x", "rank": 1e3}}"#, #""rank" must be an integer within signed 64 bits, not 1e3"#),
    (#"{"add": {"id": 1, "text": "x"}}"#, #""id" must be a string, not a number"#),
    (#"{"add": ["c1", "x"]}"#, #""add" must be an object, not an array"#),
    (#"{"remove": null}"#, #""remove" must be a string, not null"#),
    (#"{"remove": "c1"} x"#, "invalid JSON at character 18: unexpected text after the value"),
  ])
  func refusesWhatIsNotARequest(line: String, message: String) {
    #expect(Self.parse(line) == .failure(BatchRequest.Failure(message: message)))
  }

  @Test func refusesInvalidUTF8AndDeepNesting() {
    #expect(
      (Result { () throws(BatchRequest.Failure) in try BatchRequest(parsing: [0x7B, 0xC0, 0xAF, 0x7D][...]) })
        == .failure(BatchRequest.Failure(message: "the line is not valid UTF-8")))
    let deep =
      #"{"query": "a", "options": "# + String(repeating: #"{"a": "#, count: 100_000) + "1"
      + String(repeating: "}", count: 100_001)
    guard case .failure(let failure) = Self.parse(deep) else {
      Issue.record("a nesting 100,000 deep was accepted")
      return
    }
    #expect(failure.message.hasSuffix("nested too deeply"))
  }

  /// Random edits of valid requests (bytes inserted, removed, replaced, invalid UTF-8 and NUL
  /// among them): each line is a request or a failure, never a crash or a hang.
  @Test func randomAndEditedLinesNeverCrash() {
    var random = SplitMix64(seed: 0x35)
    let valid = [
      #"{"query": "lyf", "limit": 5, "offset": 0, "options": {"mixed": true, "fuzzy": "z-zh"}}"#,
      #"{"add": {"id": "c9", "text": "王五\u0000\ud83d\ude00", "rank": 3}}"#, #"{"remove": "c9"}"#,
    ].map { Array($0.utf8) }
    let alphabet = Array(#"{}[]":,\ tfnu0123456789.eE+-aqr"#.utf8) + [0x80, 0xC3, 0xE5, 0xFF, 0x00]
    var requests = 0
    for _ in 0..<(2_000 * TestScale.factor) {
      var line = valid.randomElement(using: &random)!
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        let index = Int.random(in: 0...line.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: line.insert(alphabet.randomElement(using: &random)!, at: index)
        case 1: if index < line.count { line.remove(at: index) }
        default: if index < line.count { line[index] = alphabet.randomElement(using: &random)! }
        }
      }
      if case .success = Result(catching: { () throws(BatchRequest.Failure) in try BatchRequest(parsing: line[...]) }) {
        requests += 1
      }
    }
    // Unedited lines (no edit drawn) are requests: some of the runs must have been.
    #expect(requests > 0)
  }

  @Test func answersAConversationEndToEnd() throws {
    let directory = try TemporaryDirectory()
    let data = try directory.write("c1\t刘亦菲\nc2\t张三\n", to: "people.tsv")
    let lines = [
      #"{"query": "lyf"}"#,
      #"{"add": {"id": "c9", "text": "刘一飞", "rank": 3}}"#,
      #"{"query": "lyf", "limit": 1, "offset": 1}"#,
      #"{"query": "zangsan", "options": {"fuzzy": "z-zh"}}"#,
      #"{"query": "zangsan", "options": {}}"#,
      #"{"query": "lyf", "options": {"mixed": true}}"#,
      #"{"remove": "c1"}"#,
      "lyf",
      #"{"query": "lyf"}"#,
    ]
    let output = try ToolProcess.run(
      ["batch", "--data", data, "--fuzzy", "z-zh", "--json-requests"], input: lines.joined(separator: "\n") + "\n")
    let lyf = #""kind": "initials", "fuzzy": false, "start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}"#
    #expect(output.status == 0)
    #expect(output.standardError == "")
    #expect(
      output.standardOutput == """
        {"query": "lyf", "results": [{"id": "c1", "text": "刘亦菲", \(lyf)]}
        {"ok": true}
        {"query": "lyf", "results": [{"id": "c1", "text": "刘亦菲", \(lyf)]}
        {"query": "zangsan", "results": [{"id": "c2", "text": "张三", "kind": "fullPinyin", "fuzzy": true, "start": 0, \
        "end": 2, "utf16Start": 0, "utf16End": 2}]}
        {"query": "zangsan", "results": []}
        {"error": "the records were loaded for search options fuzzy z-zh, not mixed; search it with --fuzzy z-zh or fewer \
        (--no-options: none), or start batch with the flags for them"}
        {"ok": true}
        {"error": "invalid JSON at character 1: expected a value"}
        {"query": "lyf", "results": [{"id": "c9", "text": "刘一飞", \(lyf)]}

        """)
  }

  @Test func refusesChangesToAnEngineThatCannotTakeThem() throws {
    let directory = try TemporaryDirectory()
    let data = try directory.write("c1\t刘亦菲\n", to: "people.tsv")
    let output = try ToolProcess.run(
      ["batch", "--data", data, "--engine", "hash", "--json-requests"], input: #"{"remove": "c1"}"# + "\n")
    #expect(
      output.standardOutput
        == #"{"error": "records can be added and removed only in the hybrid engine (--engine hybrid, without --redis)"}"#
        + "\n")
    let plain = try ToolProcess.run(["batch", "--data", data], input: #"{"remove": "c1"}"# + "\n")
    #expect(plain.standardOutput == #"{"query": "{\"remove\": \"c1\"}", "results": []}"# + "\n")
  }
}

import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

@Suite struct JSONLinesFormatTests {
  @Test func readsIDsAndTextsWithEveryEscape() throws {
    let lines = #"""
      {"id": "c1", "text": "\u5218\u4EA6\u83F2 \"q\" \\ \/ \b\f\n\r\t \u00e9 \uD83D\uDE00 😀"}
      {"text": "西安", "id": "c2", "extra": {"id": "nested", "list": [1, 2.5e-3, true, false, null, {}, []]}}
        {"id":"c3","text":""}  
      """#
    #expect(
      try pairs(readRecords(lines, .jsonl).records)
        == [["c1", "刘亦菲 \"q\" \\ / \u{8}\u{C}\n\r\t é 😀 😀"], ["c2", "西安"], ["c3", ""]])
  }

  @Test func keepsNumbersAsWritten() throws {
    #expect(
      try pairs(
        readRecords(#"{"id": 7, "text": 13800138000}"# + "\n" + #"{"id": -1.50E+3, "text": "x"}"#, .jsonl).records)
        == [["7", "13800138000"], ["-1.50E+3", "x"]])
  }

  @Test func skipsBlankLinesButCountsThem() throws {
    let error = CommandLineError.badRecord(path: "data", line: 4, .missingField("text"))
    #expect(throws: error) { try readRecords("\n  \t\r\n{\"id\": 1, \"text\": \"a\"}\n{\"id\": 2}\n", .jsonl) }
    #expect(error.message == #"data:4: missing field "text""#)
  }

  @Test func readsTheFieldsTheOptionsName() throws {
    let line = #"{"key": "c1", "name": "刘亦菲", "id": "no", "text": "no"}"#
    #expect(try pairs(readRecords(line, .jsonl, id: "key", text: "name").records) == [["c1", "刘亦菲"]])
    #expect(try pairs(readRecords(#"{"1": "c1", "2": "x"}"#, .jsonl, id: "1", text: "2").records) == [["c1", "x"]])
  }

  /// A name repeated in one object is an error, at any depth and however it is escaped; the same
  /// name in different objects is not.
  @Test func refusesARepeatedFieldName() throws {
    let cases = [
      (#"{"id": "a", "text": "x", "id": "b"}"#, "id", 26),
      (#"{"id": "a", "text": "x", "rank": 1, "rank": 2}"#, "rank", 37),
      (#"{"id": "a", "text": "x", "other": 1, "other": 2}"#, "other", 38),
      (#"{"id": "a", "text": "x", "meta": [{"k": 1, "k": 2}]}"#, "k", 44),
    ]
    for (line, name, column) in cases {
      #expect(
        throws: CommandLineError.badRecord(
          path: "data", line: 1, .invalidJSON("the field name \(JSON.quoted(name)) is repeated", column: column))
      ) { try readRecords(line, .jsonl) }
    }
    let nested = #"{"id": "a", "text": "x", "meta": {"id": 1, "text": {"id": 2}}, "list": [{"k": 1}, {"k": 2}]}"#
    #expect(try pairs(readRecords(nested, .jsonl).records) == [["a", "x"]])
  }

  @Test func skipsAByteOrderMark() throws {
    #expect(try pairs(readRecords("\u{FEFF}{\"id\": 1, \"text\": \"a\"}", .jsonl).records) == [["1", "a"]])
  }

  @Test(arguments: [
    (#"{"id": "c1"}"#, DataProblem.missingField("text")),
    (#"{"text": "a"}"#, .missingField("id")),
    (#"{"id": null, "text": "a"}"#, .wrongFieldType("id", found: "null", expected: "a string or a number")),
    (#"{"id": "c1", "text": {"a": 1}}"#, .wrongFieldType("text", found: "an object", expected: "a string or a number")),
    (#"{"id": "c1", "text": ["a"]}"#, .wrongFieldType("text", found: "an array", expected: "a string or a number")),
    (#"{"id": true, "text": "a"}"#, .wrongFieldType("id", found: "true", expected: "a string or a number")),
    (#"{"id": "", "text": "a"}"#, .emptyID),
    (#"["c1", "a"]"#, .notAnObject),
    (#""c1""#, .notAnObject),
    ("42", .notAnObject),
  ])
  func reportsWhatIsWrongWithAnObject(line: String, problem: DataProblem) {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, problem)) { try readRecords(line, .jsonl) }
  }

  @Test(arguments: [
    (#"{"id": "c1", "text": "a",}"#, "expected a field name in quotes", 26),
    (#"{'id': 'c1'}"#, "expected a field name in quotes", 2),
    (#"{"id": "c1", "text": "a"} x"#, "unexpected text after the value", 27),
    (#"{"id": "c1", "text": "刘亦"#, "the line ends inside a string", 25),
    (#"{"id": 01, "text": "a"}"#, "a number with a leading zero", 9),
    (#"{"id": 1., "text": "a"}"#, "expected a digit after the decimal point", 10),
    (#"{"id": 1e, "text": "a"}"#, "expected a digit in the exponent", 10),
    (#"{"id": -, "text": "a"}"#, "expected a digit", 9),
    (#"{"id": +1, "text": "a"}"#, "expected a value", 8),
    (#"{"id": "\uD800", "text": "a"}"#, #"a high surrogate \uD800 without the low surrogate after it"#, 15),
    (#"{"id": "\uDC00x", "text": "a"}"#, #"a low surrogate \uDC00 without a high surrogate before it"#, 15),
    (#"{"id": "\uD800\u0041", "text": "a"}"#, #"a high surrogate \uD800 followed by \u0041, not a low surrogate"#, 21),
    (#"{"id": "\u12G4", "text": "a"}"#, #"\u needs 4 hex digits"#, 13),
    (#"{"id": "\x", "text": "a"}"#, #"an unknown escape \x"#, 10),
    (
      "{\"id\": \"a\tb\", \"text\": \"a\"}", #"a control character inside a string (write it as an escape such as \n)"#,
      10
    ),
    (#"{"id": True, "text": "a"}"#, "expected a value", 8),
    (#"{"id": tru, "text": "a"}"#, "expected a value (true, false and null are lowercase)", 8),
    (#"{"id" "c1"}"#, "expected ':' after the field name", 7),
    (#"{"id": "c1" "text": "a"}"#, "expected ',' or '}'", 13),
    (#"{"id": [1 2], "text": "a"}"#, "expected ',' or ']'", 11),
    ("{", "the line ends; expected a field name", 2),
  ])
  func reportsInvalidJSONWithTheCharacterWhereItGoesWrong(line: String, reason: String, column: Int) {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .invalidJSON(reason, column: column))) {
      try readRecords(line, .jsonl)
    }
  }

  @Test func refusesNestingTooDeep() throws {
    let deep =
      "{\"id\": 1, \"text\": \"a\", \"x\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
      + "}"
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .invalidJSON("nested too deeply", column: 284))) {
      try readRecords(deep, .jsonl)
    }
    let fine =
      "{\"id\": 1, \"text\": \"a\", \"x\": " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
      + "}"
    #expect(try readRecords(fine, .jsonl).records.count == 1)
  }

  @Test func reportsInvalidUTF8AndSkipsBadLinesWithSkipBad() throws {
    let bytes = Array("{\"id\": 1, \"text\": \"".utf8) + [0xC3] + Array("\"}\n{\"id\": 2, \"text\": \"ok\"}\n".utf8)
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .invalidUTF8)) { try readRecords(bytes, .jsonl) }
    let (records, skipped) = try readRecords(bytes + Array("nope\n{}\n".utf8), .jsonl, skipBad: true)
    #expect(pairs(records) == [["2", "ok"]])
    #expect(skipped.count == 3)
    #expect(
      skipped.listed.map(\.line) == [1, 3, 4]
        && skipped.listed.last?.problem == .missingField("id"))
  }
}

import PinyinSearch
import Testing

@testable import PinyinSearchCLI

@Suite struct JSONEncodingTests {
  @Test(arguments: [
    ("", #""""#),
    ("lyf", #""lyf""#),
    ("say \"hi\"", #""say \"hi\"""#),
    (#"C:\dir\"#, #""C:\\dir\\""#),
    ("a/b", #""a/b""#),
    ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
    ("\u{0}\u{1}\u{1F}\u{1B}[0m", #""\u0000\u0001\u001f\u001b[0m""#),
    ("\u{7F}", "\"\u{7F}\""),
  ])
  func escapesWhatRFC8259Requires(string: String, literal: String) {
    #expect(JSON.quoted(string) == literal)
  }

  @Test func keepsNonASCIIAsUTF8() {
    let text = "刘亦菲 é e\u{301} 👨‍👩‍👧 𠀀 \u{2028}"
    #expect(JSON.quoted(text) == "\"" + text + "\"", "no \\u escapes beyond the control characters")
  }

  @Test func writesTheBatchObjectWithItsKeysInOrder() {
    let results = [
      SearchResult(id: "c17", text: "刘亦菲", kind: .initials, range: 0..<3, utf16Range: 0..<3),
      SearchResult(id: "x\"1", text: "👍刘亦", kind: .fullPinyin, range: 1..<3, utf16Range: 2..<4),
    ]
    #expect(
      JSON.answer(query: " lyf ", results: results)
        == #"{"query": " lyf ", "results": [{"id": "c17", "text": "刘亦菲", "kind": "initials", "fuzzy": false, "#
        + #""start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}, {"id": "x\"1", "text": "👍刘亦", "#
        + #""kind": "fullPinyin", "fuzzy": false, "start": 1, "end": 3, "utf16Start": 2, "utf16End": 4}]}"#)
    #expect(JSON.answer(query: "", results: []) == #"{"query": "", "results": []}"#)
  }

  @Test func writesTheKeypadKindAndWhetherTheMatchIsFuzzy() {
    let results = [
      SearchResult(id: "c17", text: "刘亦菲", kind: .keypad, isFuzzy: true, range: 0..<3, utf16Range: 0..<3),
      SearchResult(id: "c2", text: "👍张三", kind: .fullPinyin, isFuzzy: true, range: 1..<3, utf16Range: 2..<4),
      SearchResult(id: "c5", text: "iPhone", kind: .keypad, range: 0..<6, utf16Range: 0..<6),
    ]
    #expect(
      JSON.answer(query: "693", results: results)
        == #"{"query": "693", "results": [{"id": "c17", "text": "刘亦菲", "kind": "keypad", "fuzzy": true, "#
        + #""start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}, {"id": "c2", "text": "👍张三", "#
        + #""kind": "fullPinyin", "fuzzy": true, "start": 1, "end": 3, "utf16Start": 2, "utf16End": 4}, "#
        + #"{"id": "c5", "text": "iPhone", "kind": "keypad", "fuzzy": false, "start": 0, "end": 6, "#
        + #""utf16Start": 0, "utf16End": 6}]}"#)
  }
}

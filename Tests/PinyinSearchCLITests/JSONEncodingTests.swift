import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
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

  /// Scalars that strings of the differential test are made of: every ASCII one (each control
  /// character, `"` and `\` among them), Han, supplementary-plane Han, emoji and their joiners,
  /// combining marks, line and paragraph separators, U+FFFD and the last scalar.
  static let scalars: [Unicode.Scalar] =
    (0...0x7F).map { Unicode.Scalar(UInt8($0)) }
    + Array("刘亦菲西安长é𠀀👍🏽👨‍👩‍👧\u{301}\u{FE0F}\u{2028}\u{2029}\u{FFFD}\u{10FFFF}\u{85}\u{A0}".unicodeScalars)

  /// A random string of up to `maximumLength` scalars of `scalars`: short ones are stored in
  /// the `String` itself, long ones on the heap, and the encoder reads both.
  static func randomString(maximumLength: Int, using random: inout SplitMix64) -> String {
    var string = ""
    for _ in 0..<Int.random(in: 0...maximumLength, using: &random) {
      string.unicodeScalars.append(scalars.randomElement(using: &random)!)
    }
    return string
  }

  /// A random bound of a range: mostly small, sometimes negative or an extreme of `Int`.
  static func randomBound(using random: inout SplitMix64) -> Int {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: [Int.min, Int.max, -1, 9, 10, 99, 100, 1_000_000_007].randomElement(using: &random)!
    case 1: Int.random(in: Int.min...Int.max, using: &random)
    default: Int.random(in: 0..<40, using: &random)
    }
  }

  @Test(arguments: 0..<4)
  func encodesEveryAnswerAsTheReferenceDoes(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    for _ in 0..<TestScale.rounds(150) {
      let results = (0..<Int.random(in: 0...25, using: &random)).map { _ in
        let bounds = [Self.randomBound(using: &random), Self.randomBound(using: &random)].sorted()
        let utf16Bounds = [Self.randomBound(using: &random), Self.randomBound(using: &random)].sorted()
        return SearchResult(
          id: Self.randomString(maximumLength: 20, using: &random),
          text: Self.randomString(maximumLength: 60, using: &random),
          kind: MatchKind.allCases.randomElement(using: &random)!, isFuzzy: Bool.random(using: &random),
          range: bounds[0]..<bounds[1], utf16Range: utf16Bounds[0]..<utf16Bounds[1])
      }
      let query = Self.randomString(maximumLength: 30, using: &random)
      let expected = ReferenceJSON.answer(query: query, results: results)
      #expect(JSON.answer(query: query, results: results) == expected)
      var output = OutputStream()
      output.write(atMost: JSON.maximumAnswerByteCount(query: query, results: results)) {
        JSON.appendAnswer(query: query, results: results, to: &$0)
      }
      #expect(output.bytes == Array(expected.utf8), "the bytes the batch command writes")
      #expect(JSON.quoted(query) == ReferenceJSON.quoted(query))
    }
  }

  @Test func needsNoMoreRoomThanItSetsAside() {
    // The worst case: every byte a control character written `\u00XX`, every bound `Int.min`.
    let controls = String(repeating: "\u{1}", count: 40)
    let results = MatchKind.allCases.map {
      SearchResult(
        id: controls, text: controls, kind: $0, isFuzzy: false, range: Int.min..<Int.min,
        utf16Range: Int.min..<Int.min)
    }
    let answer = JSON.answer(query: controls, results: results)
    #expect(answer == ReferenceJSON.answer(query: controls, results: results))
    #expect(answer.utf8.count <= JSON.maximumAnswerByteCount(query: controls, results: results))
  }
}

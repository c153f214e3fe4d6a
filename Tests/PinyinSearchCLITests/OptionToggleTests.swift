import PinyinSearch
import Testing

@testable import PinyinSearchCLI

/// The keys that turn the search options of the interactive search off and on again, among
/// those the engine was built with, and the status line that shows them.
@Suite struct OptionToggleTests {
  let records = [
    Record(id: "c17", text: "刘亦菲"), Record(id: "c20", text: "刘德华"), Record(id: "c2", text: "张三"),
  ]

  @Test func decodesTheControlKeysTheLineEditorLeavesAlone() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode([0x18, 0x1A, 0x14, 0x0B, 0x61])
        == [.toggle(.mixed), .toggle(.fuzzy), .toggle(.traditional), .toggle(.keypad), .text("a")])
    #expect(OptionToggle.allCases.map(\.keyName) == ["^X", "^Z", "^T", "^K", "^Y"])
    var editor = LineEditor("ab")
    #expect(!editor.apply(.toggle(.mixed)) && editor == LineEditor("ab"), "not an editing key")
  }

  @Test func turnsEachBuiltOptionOffAndOnAgain() {
    let built = SearchOptions(mixed: true, fuzzy: [.nL, .zZh], keypad: true)
    var harness = SessionHarness(
      engine: LinearScanEngine(records, options: built), options: SearchOptions(keypad: true),
      size: TerminalSize(rows: 4, columns: 80))
    harness.type("liuyf")
    #expect(
      harness.screen.rows.map(\.text) == [
        "> liuyf", "  3 records  scan  12 µs  0 matches  no mixed ^X  no fuzzy ^Z  keypad ^K", "  No match.", "",
      ])
    #expect(harness.screen.rows[1].text(in: .cyan) == "keypad ^K", "only the options on in cyan")
    harness.type([OptionToggle.mixed.controlByte])
    #expect(harness.session.options == SearchOptions(mixed: true, keypad: true))
    #expect(
      harness.screen.rows.map(\.text) == [
        "> liuyf", "  3 records  scan  12 µs  1 match  mixed ^X  no fuzzy ^Z  keypad ^K",
        "> mixed       c17  刘亦菲" + String(repeating: " ", count: 55), "",
      ], "the same query searched again")
    harness.type([OptionToggle.traditional.controlByte])
    #expect(harness.session.options == SearchOptions(mixed: true, keypad: true), "not built: nothing changes")
    harness.type("\u{15}nyf")
    #expect(harness.screen.rows[2].text == "  No match.")
    harness.type([OptionToggle.fuzzy.controlByte])
    #expect(harness.session.options.fuzzy == [.nL, .zZh], "every rule built, none having been asked for")
    #expect(harness.screen.rows[2].text.hasPrefix("> initials~   c17  刘亦菲"))
    harness.type("\u{15}593")
    #expect(harness.screen.rows[2].text.hasPrefix("> keypad      c17  刘亦菲  lyf"))
    harness.type([OptionToggle.keypad.controlByte])
    #expect(harness.screen.rows[1].text.hasSuffix("  0 matches  mixed ^X  fuzzy ^Z  no keypad ^K"))
    #expect(harness.screen.rows[2].text == "  No match.")
  }

  @Test func turnsTheFuzzyRulesAskedForBackOn() {
    var harness = SessionHarness(
      engine: LinearScanEngine(records, options: SearchOptions(fuzzy: .all)), options: SearchOptions(fuzzy: .zZh),
      size: TerminalSize(rows: 4, columns: 60))
    harness.type([OptionToggle.fuzzy.controlByte])
    #expect(harness.session.options == .default)
    harness.type([OptionToggle.fuzzy.controlByte])
    #expect(harness.session.options == SearchOptions(fuzzy: .zZh), "the rules asked for, not every rule built")
    harness.type("zangsan")
    #expect(harness.screen.rows[2].text.hasPrefix("> fullPinyin~ c2  张三"))
  }

  @Test func keepsTheSelectedRecordSelectedWhenAnOptionChanges() {
    let stars = [Record(id: "c1", text: "劉德華"), Record(id: "c2", text: "刘亦菲"), Record(id: "c3", text: "刘德华")]
    var harness = SessionHarness(
      engine: LinearScanEngine(stars, options: SearchOptions(traditional: true)), options: .default,
      size: TerminalSize(rows: 6, columns: 60))
    harness.type("刘")
    harness.type("\u{1B}[B")
    #expect(harness.session.selectedResult?.id == "c3" && harness.session.selection == 1)
    harness.type([OptionToggle.traditional.controlByte])
    #expect(harness.session.results.map(\.id) == ["c1", "c2", "c3"], "劉德華 comes first with traditional")
    #expect(harness.session.selectedResult?.id == "c3" && harness.session.selection == 2, "the same record selected")
  }

  @Test func showsNoOptionsForAnEngineBuiltWithout() {
    var harness = SessionHarness(records, size: TerminalSize(rows: 4, columns: 60))
    harness.type("l")
    harness.type([OptionToggle.keypad.controlByte])
    #expect(harness.screen.rows[1].text == "  3 records  scan  12 µs  2 matches")
  }
}

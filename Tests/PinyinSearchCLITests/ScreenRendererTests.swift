import PinyinSearch
import PinyinSearchSamples
import Testing

@testable import PinyinSearchCLI

/// An interactive session fed bytes as a terminal would send them, and the screen it renders.
struct SessionHarness {
  var session: InteractiveSession
  var decoder = KeyDecoder()
  var size: TerminalSize

  init(_ records: [Record], size: TerminalSize = TerminalSize(rows: 8, columns: 60), load: LoadState? = nil) {
    self.init(engine: LinearScanEngine(records), size: size, load: load)
  }

  init(engine: any SearchEngine, options: SearchOptions? = nil, size: TerminalSize, load: LoadState? = nil) {
    session = InteractiveSession(
      engine: engine, options: options, load: load, pageSize: size.rows - ScreenRenderer.headerRows)
    self.size = size
  }

  /// Types `bytes`: decodes them, applies the keys, searches, as the command's loop does.
  mutating func type(_ bytes: [UInt8]) {
    for key in decoder.decode(bytes) { session.handle(key) }
    session.searchIfNeeded()
  }

  mutating func type(_ text: String) { type(Array(text.utf8)) }

  /// Waits out the escape timeout.
  mutating func pause() {
    for key in decoder.flush() { session.handle(key) }
    session.searchIfNeeded()
  }

  /// The screen, the last search's latency fixed at 12 µs so that it can be compared.
  var screen: ScreenBuffer {
    var session = session
    session.lastSearch?.latency = .microseconds(12)
    return ScreenRenderer.render(session, size: size)
  }
}

let people = [
  Record(id: "c17", text: "刘亦菲"), Record(id: "c2", text: "西安"), Record(id: "c3", text: "老友记"),
  Record(id: "c9", text: "先"), Record(id: "c10", text: "李乐福"),
]

@Suite struct ScreenRendererTests {
  @Test func updatesTheResultsAtEveryKey() {
    var harness = SessionHarness(people)
    harness.type("l")
    #expect(harness.screen.rows[0].text == "> l")
    #expect(harness.screen.rows[1].text == "  5 records  scan  12 µs  3 matches")
    harness.type("y")
    #expect(
      harness.screen.rows.map(\.text) == [
        "> ly", "  5 records  scan  12 µs  3 matches",
        "> initials    c10  李乐福" + String(repeating: " ", count: 35),
        "  initials    c17  刘亦菲", "  initials    c3   老友记", "", "", "",
      ])
    harness.type("f")
    let screen = harness.screen
    #expect(screen.rows[0].text == "> lyf")
    #expect(screen.rows[1].text == "  5 records  scan  12 µs  2 matches")
    #expect(screen.rows[2].text.hasPrefix("> initials    c10  李乐福"))
    #expect(screen.rows[3].text == "  initials    c17  刘亦菲")
    #expect(screen.cursor == (0, 5))
  }

  @Test func highlightsTheMatchAndReversesTheSelectedRow() {
    var harness = SessionHarness(people)
    harness.type("xian")
    let screen = harness.screen
    #expect(screen.rows[2].text.hasPrefix("> fullPinyin  c9  先"))
    #expect(screen.rows[2].width == 60, "the selected row's reverse video spans the screen")
    #expect(screen.rows[2].text(in: .reverse) == screen.rows[2].text)
    #expect(screen.rows[2].text(in: .match) == "先")
    #expect(screen.rows[3].text(in: .reverse) == "")
    #expect(screen.rows[3].text(in: .match) == "西安")
    #expect(screen.rows[2].text(in: .dim) == "fullPinyin", "the kind of match is dim")
    harness.type("\u{1B}[B")
    #expect(harness.screen.rows[2].text(in: .reverse) == "")
    #expect(harness.screen.rows[3].text.hasPrefix("> fullPinyin  c2  西安"))
    harness.type([0x10])  // Ctrl-P
    #expect(harness.screen.rows[2].text.hasPrefix("> "))
    harness.type([0x10])
    #expect(harness.session.selection == 0, "no wrapping above the first")
  }

  @Test func showsMixedMatchesWithTheirKindAndHighlight() {
    let records = people + [Record(id: "c20", text: "刘德华"), Record(id: "c21", text: "阿里巴巴")]
    let engine = LinearScanEngine(records, options: SearchOptions(mixed: true))
    var harness = SessionHarness(engine: engine, size: TerminalSize(rows: 6, columns: 40))
    harness.type("刘d")
    #expect(harness.screen.rows[1].text == "  7 records  scan  12 µs  1 match  mixed", "its key cut at the width")
    #expect(harness.screen.rows[1].text(in: .cyan) == "mixed", "on")
    #expect(harness.screen.rows[2].text == "> mixed       c20  刘德华" + String(repeating: " ", count: 15))
    #expect(harness.screen.rows[2].text(in: .match) == "刘德")
    #expect(harness.screen.rows[2].text(in: .dim) == "mixed", "the kind, dim, in its 10 columns")
    harness.type("\u{15}l")  // Ctrl-U, then a query answered by full pinyin: the columns line up
    #expect(
      harness.screen.rows[2...5].map(\.text) == [
        "> fullPinyin  c10  李乐福" + String(repeating: " ", count: 15), "  fullPinyin  c17  刘亦菲",
        "  fullPinyin  c20  刘德华", "  fullPinyin  c3   老友记",
      ])
    harness.type("\u{15}alibb")
    #expect(harness.screen.rows[2].text.hasPrefix("> mixed       c21  阿里巴巴"))
    #expect(harness.screen.rows[2].text(in: .match) == "阿里巴巴")
    #expect(ScreenRenderer.kindWidth >= MatchKind.allCases.map(\.rawValue.count).max() ?? 0, "every kind fits")
  }

  @Test func cutsRowsToTheWidthWithoutSplittingAWideCharacter() {
    var harness = SessionHarness(people, size: TerminalSize(rows: 5, columns: 21))
    harness.type("lyf")
    let screen = harness.screen
    #expect(screen.rows[2].text == "> initials    c10  李", "李 ends at column 21")
    #expect(screen.rows[3].text == "  initials    c17  刘")
    harness.size = TerminalSize(rows: 5, columns: 20)
    #expect(harness.screen.rows[2].text == "> initials    c10   ", "李 would straddle the edge: a space instead")
    #expect(harness.screen.rows[3].text == "  initials    c17  ")
    for row in harness.screen.rows { #expect(row.width <= 20) }
  }

  @Test func showsTheEndOfALongTextWhenTheMatchIsThere() {
    let text = String(repeating: "很长的名字", count: 10) + "刘亦菲"
    var harness = SessionHarness([Record(id: "a", text: text)], size: TerminalSize(rows: 4, columns: 40))
    harness.type("lyf")
    let row = harness.screen.rows[2]
    #expect(row.text.hasPrefix("> initials    a  .."))
    #expect(row.text.hasSuffix("刘亦菲" + " ") || row.text.hasSuffix("刘亦菲"))
    #expect(row.text(in: .match) == "刘亦菲")
    #expect(row.width <= 40)
  }

  @Test func drawsControlCharactersHarmlessly() {
    var harness = SessionHarness([Record(id: "x\u{1B}", text: "刘\u{1B}[2J亦\n菲\t!")])
    harness.type("刘")
    #expect(harness.screen.rows[2].text.hasPrefix("> literal     x\u{FFFD}  刘\u{FFFD}[2J亦 菲 !"))
  }

  @Test func cutsLongIDsAndAlignsTheText() {
    var harness = SessionHarness([
      Record(id: "a-very-long-identifier-0001", text: "刘亦菲"), Record(id: "b", text: "刘备"),
    ])
    harness.type("刘")
    #expect(
      harness.screen.rows[2].text.hasPrefix(
        "> literal     b                 [刘备]".replacing("[", with: "").replacing("]", with: "")))
    #expect(harness.screen.rows[3].text == "  literal     a-very-long-ide~  刘亦菲")
  }

  @Test func scrollsTheQueryToKeepTheCursorOnScreen() {
    var harness = SessionHarness(people, size: TerminalSize(rows: 4, columns: 12))
    harness.type("abcdefghijklmnop")
    #expect(harness.screen.rows[0].text == "> hijklmnop")
    #expect(harness.screen.cursor == (0, 11))
    harness.type([0x01])  // Ctrl-A
    #expect(harness.screen.rows[0].text == "> abcdefghij")
    #expect(harness.screen.cursor == (0, 2))
  }

  @Test func showsAHintBeforeTypingAndSaysWhenNothingMatches() {
    var harness = SessionHarness(people, size: TerminalSize(rows: 4, columns: 100))
    #expect(harness.screen.rows[1].text == "  5 records")
    #expect(harness.screen.rows[2].text == "  Type 刘亦, liuyif or lyf. Up/Down select, Enter prints, Esc quits.")
    harness.type("zzz")
    #expect(harness.screen.rows[1].text == "  5 records  scan  12 µs  0 matches")
    #expect(harness.screen.rows[2].text == "  No match.")
  }

  @Test func showsLoadingAndIndexingProgress() throws {
    var load = LoadState(name: "big.csv", consumedByteCount: 250, totalByteCount: 1000, recordCount: 5)
    load.skipped.add(RecordError(line: 3, problem: .emptyID))
    var harness = SessionHarness(people, size: TerminalSize(rows: 4, columns: 100), load: load)
    #expect(
      harness.screen.rows[1].text
        == "  5 records  loading [#######-----------------------]  25%  1 bad skipped",
      "the bar takes what the line leaves, at most 30 columns")
    harness.size = TerminalSize(rows: 4, columns: 60)
    #expect(harness.screen.rows[1].text == "  5 records  loading [####------------]  25%  1 bad skipped")
    harness.size = TerminalSize(rows: 4, columns: 40)
    #expect(harness.screen.rows[1].text == "  5 records  loading [##--------]  25%  ", "at least 10, then cut")
    harness.size = TerminalSize(rows: 4, columns: 100)
    #expect(harness.screen.rows[1].text(in: .yellow) == "1 bad skipped")
    harness.type("zzz")
    #expect(harness.screen.rows[2].text == "  No match yet: still loading.")
    load.totalByteCount = nil
    load.consumedByteCount = 2_500_000
    harness.session.update(load: load)
    #expect(harness.screen.rows[1].text.hasPrefix("  5 records  scan  12 µs  0 matches  loading 2.5 MB"))
  }

  /// The scan and hash engines are built once every record is read: the status line says so,
  /// with the records read, while the empty engine searched meanwhile has none.
  @Test func saysWhenTheScanOrHashEngineIsBeingBuilt() {
    for (kind, label) in [(EngineKind.scan, "preparing"), (.hash, "indexing")] {
      let load = LoadState(
        name: "big.csv", consumedByteCount: 1000, totalByteCount: 1000, recordCount: 12_345, building: kind)
      var harness = SessionHarness(
        engine: kind.makeEngine([], options: .default), size: TerminalSize(rows: 4, columns: 80), load: load)
      #expect(harness.screen.rows[1].text == "  0 records  \(label) 12,345 records")
      harness.type("lyf")
      #expect(harness.screen.rows[1].text == "  0 records  \(kind.rawValue)  12 µs  0 matches  \(label) 12,345 records")
      #expect(harness.screen.rows[2].text == "  No match yet: still loading.")
    }
  }

  @Test func namesThePathThatAnswered() {
    var harness = SessionHarness(engine: HashIndexEngine(people), size: TerminalSize(rows: 4, columns: 60))
    harness.type("lyf")
    #expect(harness.screen.rows[1].text == "  5 records  hash  12 µs  2 matches")
    let hybrid = HybridEngine(people)
    hybrid.waitUntilIndexed()
    #expect(InteractiveSession.path(of: hybrid) == .hash)
    hybrid.add(Record(id: "new", text: "刘亦"))
    #expect(InteractiveSession.path(of: hybrid) == .hashAndScan)
  }

  @Test func writesEscapeSequencesThatReproduceTheScreen() {
    let size = TerminalSize(rows: 10, columns: 33)
    var harness = SessionHarness(engine: LinearScanEngine(SampleContacts.builtIn), size: size)
    var terminal = VirtualTerminal(size: size)
    var previous: ScreenBuffer?
    for key in ["w", "a", "n", "\u{1B}[B", "\u{1B}[B", "g", "\u{7F}", "\u{7F}", "\u{15}", "x", "i", "a", "n"] {
      harness.type(key)
      let screen = harness.screen
      terminal.write(screen.escapeSequences(after: previous))
      previous = screen
      #expect(
        terminal.lines
          == screen.rows.map { row in
            var text = row.text
            while text.hasSuffix(" ") { text.removeLast() }
            return text
          }, "after \(key.debugDescription)")
      #expect(terminal.overflows.isEmpty && terminal.unknownSequences.isEmpty)
      #expect(terminal.cursor == screen.cursor)
    }
  }

  @Test func rewritesOnlyTheRowsThatChanged() {
    var harness = SessionHarness(people)
    harness.type("ly")
    let first = harness.screen
    harness.type("\u{1B}[B")
    let output = harness.screen.escapeSequences(after: first)
    #expect(output.contains("\u{1B}[3;1H") && output.contains("\u{1B}[4;1H"))
    #expect(!output.contains("\u{1B}[1;1H") && !output.contains("\u{1B}[5;1H") && !output.contains("\u{1B}[2J"))
    #expect(first.escapeSequences(after: nil).contains("\u{1B}[2J"), "a first frame clears the screen")
  }
}

/// An engine that answers every query with the same results, such as keypad and fuzzy matches
/// that the engines do not give yet.
struct FixedResultsEngine: SearchEngine {
  var results: [SearchResult]
  /// The options it claims to be built with; it answers `results` under any subset.
  var options: SearchOptions = .default
  var count: Int { results.count }
  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult] {
    Array(results.dropFirst(offset).prefix(limit))
  }
  func search(
    _ query: String, limit: Int, offset: Int, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    search(query, limit: limit, offset: offset)
  }
}

/// Fuzzy matches marked after their kind, and keypad matches with the letters their digits
/// stand for beside the text.
@Suite struct KeypadAndFuzzyRowTests {
  static func result(
    _ id: String, _ text: String, _ kind: MatchKind, isFuzzy: Bool = false, _ range: Range<Int>
  ) -> SearchResult {
    SearchResult(id: id, text: text, kind: kind, isFuzzy: isFuzzy, range: range, utf16Range: range)
  }

  @Test func showsTheLettersBesideAKeypadMatch() {
    let engine = FixedResultsEngine(
      results: [
        Self.result("c17", "刘亦菲", .keypad, 0..<1), Self.result("c2", "刘德华", .literal, 0..<1),
      ], options: SearchOptions(keypad: true))
    var harness = SessionHarness(
      engine: engine, size: TerminalSize(rows: 5, columns: 40))
    harness.type("548")
    let screen = harness.screen
    #expect(screen.rows[2].text == "> keypad      c17  刘亦菲  liu" + String(repeating: " ", count: 10))
    #expect(screen.rows[2].text(in: .cyan) == "liu", "the letters in cyan")
    #expect(screen.rows[2].text(in: .match) == "刘", "the match as for any kind")
    #expect(screen.rows[2].text(in: .dim) == "keypad")
    #expect(screen.rows[3].text == "  literal     c2   刘德华", "no letters beside other kinds")
    #expect(screen.rows[3].text(in: .cyan) == "")
  }

  @Test func typesKeypadMatchesWithTheSessionsFuzzyRules() {
    let engine = FixedResultsEngine(
      results: [Self.result("c17", "刘亦菲", .keypad, isFuzzy: true, 0..<3)],
      options: SearchOptions(fuzzy: .nL, keypad: true))
    var harness = SessionHarness(
      engine: engine, size: TerminalSize(rows: 4, columns: 40))
    harness.type("693")
    #expect(harness.screen.rows[2].text.hasPrefix("> keypad~     c17  刘亦菲  nyf"))
    #expect(harness.screen.rows[2].text(in: .yellow) == "~")
    var exact = SessionHarness(
      engine: engine, options: SearchOptions(keypad: true), size: TerminalSize(rows: 4, columns: 40))
    exact.type("693")
    #expect(
      exact.screen.rows[2].text == "> keypad~     c17  刘亦菲" + String(repeating: " ", count: 15),
      "no letters: no typing without n-l")
  }

  @Test func keepsTheLettersOnScreenWhenTheTextIsCut() {
    let text = "刘亦菲" + String(repeating: "很长的名字", count: 5)
    let engine = FixedResultsEngine(
      results: [Self.result("c17", text, .keypad, 0..<3)], options: SearchOptions(keypad: true))
    var harness = SessionHarness(
      engine: engine, size: TerminalSize(rows: 4, columns: 30))
    harness.type("593")
    #expect(harness.screen.rows[2].text == "> keypad      c17  刘亦菲  lyf")
    #expect(harness.screen.rows[2].width == 30)
    let late = FixedResultsEngine(
      results: [Self.result("c1", "很长的名字很长的名字刘亦菲", .keypad, 10..<13)], options: SearchOptions(keypad: true))
    var cut = SessionHarness(
      engine: late, size: TerminalSize(rows: 4, columns: 32))
    cut.type("593")
    #expect(cut.screen.rows[2].text.hasPrefix("> keypad      c1  ..刘亦菲  lyf"), "the start dropped, the match kept")
    #expect(cut.screen.rows[2].text(in: .match) == "刘亦菲")
  }

  @Test func marksFuzzyMatchesAfterTheirKind() {
    let engine = FixedResultsEngine(
      results: [
        Self.result("c3", "臧三", .fullPinyin, 0..<2), Self.result("c2", "张三", .fullPinyin, isFuzzy: true, 0..<2),
        Self.result("c17", "刘亦菲", .initials, isFuzzy: true, 0..<3),
      ], options: SearchOptions(fuzzy: .all))
    var harness = SessionHarness(
      engine: engine, size: TerminalSize(rows: 5, columns: 30))
    harness.type("zangsan")
    let rows = harness.screen.rows
    #expect(
      rows[2...4].map(\.text) == [
        "> fullPinyin  c3   臧三" + String(repeating: " ", count: 7), "  fullPinyin~ c2   张三",
        "  initials~   c17  刘亦菲",
      ])
    #expect(rows[3].text(in: .yellow) == "~" && rows[3].text(in: .dim) == "fullPinyin")
    #expect(rows[2].text(in: .yellow) == "")
  }

  /// Expected to pass once the engines apply `SearchOptions.keypad`.
  @Test func showsTheLettersOfTheEnginesKeypadMatches() {
    let engine = LinearScanEngine(people, options: SearchOptions(keypad: true))
    var harness = SessionHarness(
      engine: engine, options: SearchOptions(keypad: true), size: TerminalSize(rows: 5, columns: 40))
    harness.type("593")
    #expect(
      harness.screen.rows[2...3].map(\.text) == [
        "> keypad      c10  李乐福  lyf" + String(repeating: " ", count: 10), "  keypad      c17  刘亦菲  lyf",
      ])
    harness.type("\u{15}548")
    #expect(harness.screen.rows[2].text.hasPrefix("> keypad      c17  刘亦菲  liu"))
  }
}

/// An engine that reports a given index status, as a hybrid engine does while it builds.
struct IndexingEngine: SearchEngine {
  var count: Int
  var status: IndexStatus
  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult] { [] }
}

@Suite struct IndexingProgressTests {
  /// The indexing bar of a hybrid engine that rebuilds (records arrived during its first build)
  /// stands for the records indexed so far, and so never goes back: from 90 % (the first index
  /// covers 90,000 of 100,000 records), not from the second build's own 4 %.
  @Test func theIndexingBarNeverGoesBackWhenABuildFollowsAnother() {
    func status(built: Int, building: Int, indexed: Int?) -> IndexStatus {
      IndexStatus(
        isHashPathReady: indexed != nil, isBuilding: building > 0, builtRecordCount: built,
        buildRecordCount: building, unindexedRecordCount: 100_000 - (indexed ?? 0), removedRecordCount: 0,
        statistics: indexed.map {
          IndexStatistics(
            recordCount: $0, keyCount: 0, postingCount: 0, unindexedRecordCount: 0, indexByteCount: 0,
            recordByteCount: 0)
        })
    }
    let loaded = LoadState(name: "people.csv", recordCount: 100_000, isFinished: true)
    let stages = [
      status(built: 45_000, building: 90_000, indexed: nil),  // the first build, half way
      status(built: 4_000, building: 100_000, indexed: 90_000),  // the second, just begun
      status(built: 95_000, building: 100_000, indexed: 90_000),
    ]
    let shown = stages.map { stage in
      let harness = SessionHarness(
        engine: IndexingEngine(count: 100_000, status: stage), size: TerminalSize(rows: 8, columns: 60), load: loaded)
      return harness.screen.rows[1].text
    }
    #expect(
      shown == [
        "  100,000 records  indexing [##########--------------]  45%",
        "  100,000 records  indexing [#####################---]  90%",
        "  100,000 records  indexing [######################--]  95%",
      ])
  }
}

@Suite struct InteractiveSessionTests {
  @Test func printsTheSelectedRecordOnEnter() {
    var harness = SessionHarness(people)
    harness.type("lyf\u{1B}[B\r")
    #expect(harness.session.outcome == .chosen(Record(id: "c17", text: "刘亦菲")))
    harness.type("\u{1B}[A")
    #expect(harness.session.selection == 1, "keys after the end change nothing")
  }

  @Test func choosesAmongTheResultsOfTheQueryAsTypedInTheSameRead() {
    var harness = SessionHarness(people)
    harness.type("xi")
    harness.type("\u{7F}\u{7F}lyf\r")
    #expect(harness.session.outcome == .chosen(Record(id: "c10", text: "李乐福")))
  }

  @Test func ignoresEnterWithoutResults() {
    var harness = SessionHarness(people)
    harness.type("\r")
    harness.type("zzz\r")
    #expect(harness.session.outcome == nil)
  }

  @Test func leavesOnEscCtrlGAndCtrlC() {
    for (bytes, needsPause) in [([0x1B], true), ([0x07], false), ([0x03], false)] as [([UInt8], Bool)] {
      var harness = SessionHarness(people)
      harness.type("ly")
      harness.type(bytes)
      if needsPause {
        #expect(harness.session.outcome == nil, "Esc waits for the escape timeout")
        harness.pause()
      }
      #expect(harness.session.outcome == .cancelled)
    }
  }

  @Test func scrollsAndFetchesMoreResultsAsTheSelectionMovesDown() {
    let records = (1...100).map { Record(id: String(format3($0)), text: "刘亦菲\($0)") }
    var harness = SessionHarness(records, size: TerminalSize(rows: 7, columns: 40))
    harness.type("lyf")
    #expect(harness.session.results.count == 5 && harness.session.hasMoreResults)
    #expect(harness.screen.rows[1].text == "  100 records  scan  12 µs  5+ matches")
    harness.type(String(repeating: "\u{E}", count: 6))  // Ctrl-N
    #expect(harness.session.selection == 6)
    #expect(harness.session.scrollOffset == 2)
    #expect(harness.screen.rows[6].text.hasPrefix("> initials    007  "))
    #expect(harness.session.results.count > 7)
    harness.type("\u{1B}[6~\u{1B}[6~\u{1B}[6~")
    #expect(harness.session.selection == 21)
    harness.type(String(repeating: "\u{1B}[6~", count: 30))
    #expect(harness.session.selection == 99 && !harness.session.hasMoreResults)
    #expect(harness.screen.rows[1].text == "  100 records  scan  12 µs  100 matches")
    harness.type("\u{1B}[5~")
    #expect(harness.session.selection == 94)
    harness.type("f")
    #expect(harness.session.selection == 0 && harness.session.scrollOffset == 0, "a new query starts at the top")
  }

  @Test func searchesAgainAsRecordsArriveAndKeepsTheSelection() {
    let engine = HybridEngine()
    let size = TerminalSize(rows: 6, columns: 50)
    var harness = SessionHarness(engine: engine, size: size, load: LoadState(name: "a.csv", totalByteCount: 100))
    harness.type("lyf")
    #expect(harness.session.results.isEmpty)
    engine.add(contentsOf: [Record(id: "c17", text: "刘亦菲")])
    harness.session.update(load: LoadState(name: "a.csv", consumedByteCount: 50, totalByteCount: 100, recordCount: 1))
    harness.session.searchIfNeeded()
    #expect(harness.session.results.map(\.id) == ["c17"])
    engine.add(contentsOf: [Record(id: "c10", text: "李乐福")])
    harness.session.update(load: LoadState(name: "a.csv", totalByteCount: 100, recordCount: 2, isFinished: true))
    harness.session.searchIfNeeded()
    #expect(harness.session.results.map(\.id) == ["c10", "c17"])
    #expect(harness.session.selectedResult?.id == "c17", "the selected record stays selected")
  }

  /// A new query selects its first result, even when the record selected before is among its
  /// results further down.
  @Test func selectsTheFirstResultOfANewQuery() {
    var harness = SessionHarness(people)
    harness.type("刘")
    #expect(harness.session.selectedResult?.id == "c17")
    harness.type("\u{15}ly")
    #expect(harness.session.results.map(\.id) == ["c10", "c17", "c3"])
    #expect(harness.session.selection == 0 && harness.session.selectedResult?.id == "c10")
    harness.type("\u{1B}[B\u{1B}[B")
    harness.type("\u{7F}")
    #expect(harness.session.selectedResult?.id == "c10", "and so does a shorter query")
  }
}

private func format3(_ number: Int) -> String {
  String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number)
}

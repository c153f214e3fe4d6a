import PinyinSearch

/// The interactive search as a state machine, without a terminal: keys in, state out.
///
/// Each key edits the query, moves the selection or ends the session (`outcome`). When the
/// query changed, `searchIfNeeded()` asks the engine again, timing the search; when records
/// arrived from a background load, `update(load:)` searches again, keeping the selected record
/// selected if it is still found. The renderer draws the state; the command feeds keys and
/// ticks. Tests drive it with bytes and read the screen it renders. The search options are a
/// subset of the engine's, each of which a key turns off and on again (`OptionToggle`).
///
///     var session = InteractiveSession(engine: LinearScanEngine(records))
///     session.handle(.text("lyf"))
///     session.searchIfNeeded()
///     session.results.first?.text  // "刘亦菲"
///     session.handle(.enter)
///     session.outcome              // .chosen(Record(id: "c17", text: "刘亦菲"))
struct InteractiveSession {
  /// How a session ended.
  enum Outcome: Equatable, Sendable {
    /// Enter on a result: the record to print.
    case chosen(Record)
    /// Esc, Ctrl-G or Ctrl-C.
    case cancelled
  }

  /// How the engine answered the last search.
  enum SearchPath: String, Equatable, Sendable {
    /// Every record matched: no index yet.
    case scan
    /// The hash index, and no record outside it.
    case hash
    /// The hash index, plus a scan of the records added since it was built.
    case hashAndScan = "hash+scan"
  }

  /// The last search: how long it took and which path answered.
  struct SearchReport: Equatable, Sendable {
    /// The engine's time for the search.
    var latency: Duration
    /// How the engine answered.
    var path: SearchPath
  }

  /// The engine searched.
  let engine: any SearchEngine
  /// The options the engine was built with: those the keys can turn on.
  let builtOptions: SearchOptions
  /// The options searched with, a subset of `builtOptions`: the screen types keypad matches
  /// with their fuzzy rules (`KeypadLetters`).
  private(set) var options: SearchOptions
  /// The fuzzy rules the fuzzy key turns on: those searched with at the start, or if none, every
  /// rule the engine was built with.
  private let fuzzyWhenOn: FuzzyRules
  /// The query and its cursor.
  private(set) var editor = LineEditor()
  /// The results shown, best first.
  private(set) var results: [SearchResult] = []
  /// Whether the engine has more results than `results`.
  private(set) var hasMoreResults = false
  /// The selected result's position in `results`.
  private(set) var selection = 0
  /// The position in `results` of the first result on screen.
  private(set) var scrollOffset = 0
  /// How many results fit on the screen.
  private(set) var pageSize: Int
  /// The last search, if any.
  var lastSearch: SearchReport?
  /// How far loading the records is.
  private(set) var load: LoadState
  /// The engine's index status.
  private(set) var index: IndexStatus
  /// How the session ended; nil while it runs.
  private(set) var outcome: Outcome?
  /// The query and record count of the last search; nil to search again.
  private var searched: (query: String, recordCount: Int)?
  /// The query whose results are shown (kept when `searched` is cleared to search again); nil
  /// before the first search.
  private(set) var shownQuery: String?
  /// How many results to ask for: grows as the selection moves down.
  private var resultLimit: Int

  /// A session over `engine` searching with `options`, a subset of the engine's (nil: all of
  /// them), whose records are loaded as `load` says, with `pageSize` result rows.
  init(engine: any SearchEngine, options: SearchOptions? = nil, load: LoadState? = nil, pageSize: Int = 20) {
    self.engine = engine
    builtOptions = engine.options
    precondition(options?.isSubset(of: builtOptions) ?? true, "search options beyond the engine's: \(options!)")
    self.options = options ?? builtOptions
    fuzzyWhenOn = options?.fuzzy.isEmpty == false ? options!.fuzzy : builtOptions.fuzzy
    self.load = load ?? LoadState(name: "records", recordCount: engine.count, isFinished: true)
    self.pageSize = max(1, pageSize)
    resultLimit = self.pageSize
    index = engine.status
  }

  /// The query as typed.
  var query: String { editor.text }

  /// The selected result, if any.
  var selectedResult: SearchResult? { results.indices.contains(selection) ? results[selection] : nil }

  /// Applies `key`.
  mutating func handle(_ key: Key) {
    guard outcome == nil else { return }
    switch key {
    case .enter:
      searchIfNeeded()  // choose among the results of the query as typed
      if let result = selectedResult { outcome = .chosen(Record(id: result.id, text: result.text)) }
    case .escape, .interrupt:
      outcome = .cancelled
    case .up, .down, .pageUp, .pageDown:
      searchIfNeeded()  // move among the results of the query as typed
      let step = key == .up || key == .down ? 1 : pageSize
      select(selection + (key == .up || key == .pageUp ? -step : step))
    case .redraw: break
    case .toggle(let option):
      let before = options
      option.flip(&options, built: builtOptions, fuzzyWhenOn: fuzzyWhenOn)
      if options != before { searched = nil }  // the same query, searched again: new results
    case .text, .backspace, .deleteForward, .deleteWordBackward, .clearLine, .left, .right, .home, .end:
      editor.apply(key)
    }
  }

  /// Sets how many result rows fit on the screen.
  mutating func setPageSize(_ size: Int) {
    pageSize = max(1, size)
    if resultLimit < pageSize {
      resultLimit = pageSize
      searched = nil
    }
    select(selection)
  }

  /// Takes note of the load's progress and the index's; searches again when records arrived,
  /// or when the engine would now answer by another path (the index is ready), so that the
  /// status line shows how the query is answered now.
  mutating func update(load: LoadState) {
    self.load = load
    index = engine.status
    if let searched, searched.recordCount != engine.count { self.searched = nil }
    if let lastSearch, lastSearch.path != Self.path(of: engine) { searched = nil }
  }

  /// Searches when the query or the records changed since the last search. A new query selects
  /// its first result; new records keep the selected record selected.
  mutating func searchIfNeeded() {
    let count = engine.count
    guard searched.map({ $0.query != query || $0.recordCount != count }) ?? true else { return }
    let isNewQuery = shownQuery != query
    if isNewQuery {
      resultLimit = pageSize
      selection = 0
      scrollOffset = 0
    }
    search(recordCount: count, select: isNewQuery ? 0 : nil)
  }

  /// Asks the engine for `resultLimit` results and one more (to know whether there are more),
  /// then selects result `target`, or else keeps the selected record selected if it is still
  /// among them.
  private mutating func search(recordCount: Int, select target: Int? = nil) {
    let selectedID = selectedResult?.id
    let path = Self.path(of: engine)
    let clock = ContinuousClock()
    let start = clock.now
    // Never throws: `options` stays a subset of the engine's.
    var found = (try? engine.search(query, limit: resultLimit + 1, offset: 0, options: options)) ?? []
    let latency = clock.now - start
    hasMoreResults = found.count > resultLimit
    if hasMoreResults { found.removeLast() }
    results = found
    lastSearch = query.allSatisfy(\.isWhitespace) ? nil : SearchReport(latency: latency, path: path)
    searched = (query, recordCount)
    shownQuery = query
    show(target ?? selectedID.flatMap { id in results.firstIndex { $0.id == id } } ?? selection)
  }

  /// Selects result `position`, clamped to the results, scrolling to show it; asks for more
  /// results when the selection reaches the last one and there are more.
  private mutating func select(_ position: Int) {
    if position >= results.count - 1 && hasMoreResults {
      resultLimit = max(resultLimit, position + 1) + pageSize
      search(recordCount: engine.count, select: position)
    } else {
      show(position)
    }
  }

  /// Selects result `position`, clamped to the results, and scrolls to show it.
  private mutating func show(_ position: Int) {
    selection = max(0, min(position, results.count - 1))
    if selection < scrollOffset { scrollOffset = selection }
    if selection >= scrollOffset + pageSize { scrollOffset = selection - pageSize + 1 }
    scrollOffset = max(0, min(scrollOffset, results.count - pageSize))
  }

  /// How `engine` answers a search now.
  static func path(of engine: any SearchEngine) -> SearchPath {
    let status = engine.status
    guard status.isHashPathReady else { return .scan }
    return status.unindexedRecordCount > 0 ? .hashAndScan : .hash
  }
}

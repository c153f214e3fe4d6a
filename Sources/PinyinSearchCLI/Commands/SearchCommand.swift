import PinyinSearch
import PinyinSearchRedis

/// `pinyin-search search QUERY [--data FILE …] [--engine E] [--mixed] [--fuzzy RULES] [--traditional]
/// [--keypad] [--limit N] [--json] [--time]`: one search, printed for a person, or as the batch
/// protocol's JSON object.
///
///     $ pinyin-search search --data people.tsv lyf
///     initials    c17  [刘亦菲]
struct SearchCommand {
  /// The query, exactly as given.
  var query: String
  /// Where the records come from.
  var source: DataSource
  /// The saved index to answer from, if any.
  var snapshot: SnapshotOptions?
  /// Which engine answers.
  var engine: EngineKind
  /// The Redis Cluster that answers instead (`--redis`).
  var redis: RedisOptions?
  /// The search options the flags ask for (`--mixed`, `--fuzzy`, `--traditional`, `--keypad`,
  /// `--no-options`): those the engine is built for, or with `--snapshot` or `--redis` the subset
  /// of the index's to search with; nil when none is given.
  var searchOptions: SearchOptions?
  /// At most this many results.
  var limit: Int
  /// Whether to print JSON instead of lines.
  var isJSON: Bool
  /// Whether to report load time and search latency on standard error.
  var isTimed: Bool

  /// The options the command accepts.
  static let options: [OptionDefinition] =
    DataSource.options + SnapshotOptions.options + [.engine] + SearchOptionFlags.searchingOptions
    + [.limit, .json, .time]
    + RedisOptions.options

  /// Parses the arguments after `search`.
  ///
  /// - Throws: A usage error.
  init(parsing arguments: [String]) throws(CommandLineError) {
    let parsed = try Arguments(parsing: arguments, options: Self.options, command: .search)
    query = try parsed.positionals(named: ["QUERY"])[0]
    source = try DataSource(parsing: parsed)
    snapshot = try SnapshotOptions(parsing: parsed)
    engine = try parsed.choice(.engine, default: .hybrid)
    redis = try RedisOptions(parsing: parsed, refusing: RedisOptions.replacedOptions)
    searchOptions = try SearchOptionFlags.requestedOptions(parsing: parsed)
    limit = try parsed.nonNegativeInteger(.limit, default: 20)
    isJSON = parsed.isSet(.json)
    isTimed = parsed.isSet(.time)
  }

  /// Loads the records, searches and writes the results to `context.output`.
  ///
  /// - Throws: A data-file error.
  func run(in context: inout CommandContext) throws(CommandLineError) {
    let clock = ContinuousClock()
    let tableStart = clock.now
    _ = Pinyin.scalarCount  // decodes the pinyin table, once per process
    let tableTime = clock.now - tableStart
    if let redis {
      try search(in: redis.openingIndex(searching: searchOptions), in: &context)
      return
    }
    let loadStart = clock.now
    let engine = try source.makeEngine(
      self.engine, options: searchOptions, snapshot: snapshot, command: .search, in: &context)
    let loadTime = clock.now - loadStart
    // A snapshot's engine searches with the options asked for; one built here is built for them.
    let answer = { [snapshot, query, limit, searchOptions] () throws(CommandLineError) -> [SearchResult] in
      guard let snapshot else { return engine.search(query, limit: limit) }
      return try snapshot.search(engine, query, limit: limit, options: searchOptions)
    }
    let results = try answer()
    if isTimed {
      // Time the engine as it is once warm: the hybrid engine after its background build.
      var engineNote = "\(self.engine.rawValue) engine"
      engine.waitUntilIndexed()
      if self.engine == .hybrid {
        engineNote += ", index ready \(Latency.format(clock.now - loadStart)) after loading began"
      }
      let latency = Latency.measure(runs: Self.timedRuns) { _ = try? answer() }
      context.errorOutput.write(
        "pinyin table decoded in \(Latency.format(tableTime)); \(engine.count) records loaded in "
          + "\(Latency.format(loadTime)); \(engineNote); \(results.count) results; search median "
          + "\(Latency.format(latency.median)), p99 \(Latency.format(latency.p99)) over \(Self.timedRuns) runs\n")
    }
    write(results, in: &context)
  }

  /// Searches the index in a Redis Cluster and writes the results; with `--time`, the median
  /// and p99 of as many searches again.
  private func search(in index: RedisIndex, in context: inout CommandContext) throws(CommandLineError) {
    let results: [SearchResult]
    results = try RedisOptions.search(index, query, limit: limit, options: searchOptions)
    if isTimed {
      let latency = Latency.measure(runs: Self.timedRuns) {
        _ = try? RedisOptions.search(index, query, limit: limit, options: searchOptions)
      }
      context.errorOutput.write(
        "redis namespace '\(index.namespace)'; \(results.count) results; search median "
          + "\(Latency.format(latency.median)), p99 \(Latency.format(latency.p99)) over \(Self.timedRuns) runs\n")
    }
    write(results, in: &context)
  }

  /// Writes `results` as JSON or for a person.
  private func write(_ results: [SearchResult], in context: inout CommandContext) {
    if isJSON {
      context.output.write(JSON.answer(query: query, results: results) + "\n")
      return
    }
    for result in results {
      let line = Self.line(for: result, style: context.highlightStyle, forATerminal: context.showsTextForATerminal)
      context.output.write(line + "\n")
    }
  }

  /// One result for a person: the kind padded to 10 columns, the id and the highlighted text,
  /// two spaces apart, a fuzzy match's kind followed by `~` in the first of those spaces
  /// (`KindLabel`); `forATerminal`, with the control characters of id and text made printable.
  ///
  ///     initials    c17  [刘亦菲]
  ///     fullPinyin~ c2  [张三]
  static func line(for result: SearchResult, style: HighlightStyle, forATerminal: Bool = false) -> String {
    let kind = KindLabel.text(for: result)
    let padding = String(repeating: " ", count: max(0, 11 - kind.count))
    let id = forATerminal ? TerminalText.printable(result.id) : result.id
    let text = forATerminal ? TerminalText.printable(result.text) : result.text
    return "\(kind)\(padding) \(id)  \(highlighted(text, range: result.range, style: style))"
  }

  /// How many times `--time` repeats the search.
  static let timedRuns = 200

  /// The one-line usage.
  static let synopsis = """
    pinyin-search search QUERY [--data FILE] [--format F] [--skip-bad]
                                [--snapshot FILE [--update]] [--engine E]
                                [--mixed] [--fuzzy RULES] [--traditional]
                                [--keypad] [--keyboard NAME] [--no-options]
                                [--limit N] [--json]
                                [--time] [--redis HOST:PORT,... [--namespace NS]]
    """

  /// The help.
  static let help = """
    OVERVIEW: Print the records that match QUERY, best first.

    USAGE: \(synopsis)

    ARGUMENTS:
      QUERY            Characters, full pinyin or initials: 刘亦, liuyif, lyf.
                       Put '--' before a QUERY that starts with '-'.

    OPTIONS:
    \(CommandLineTool.dataOptionsHelp(readsStandardInput: true))
    \(EngineKind.optionHelp)
    \(RedisOptions.optionHelp)
    \(SearchOptionFlags.optionHelp(for: .search))
      --limit N        Print at most N results (default 20).
      --json           Print the JSON object the batch command prints for QUERY.
      --time           Also print on standard error how long decoding the pinyin
                       table and loading the records took, and the median and
                       99th-percentile time of the search over \(timedRuns) runs
                       (with the hybrid engine, once its index is built).
      -h, --help       Print this help.

    Each result is one line: the kind of match (literal, fullPinyin, initials;
    mixed with --mixed, keypad with --keypad) padded to 10 columns, the id and
    the text, two spaces apart; a fuzzy match (--fuzzy) has ~ right after its
    kind, in the first of those spaces. The matched characters are in colour on
    a terminal (unless NO_COLOR is set) and in [brackets] otherwise:
      initials    c17  [刘亦菲]
      fullPinyin~ c2  [张三]
    On a terminal, control characters in ids and texts are shown as U+FFFD (a
    space for white space), so that data cannot drive the terminal; into a pipe
    or file, ids and texts are written byte for byte.
    Results come best first: literal matches, then full pinyin, then initials,
    then mixed, then keypad; exact before fuzzy; then by where the match starts,
    the record's rank (higher first; see DATA FILES), the text's length and the
    id. A search without results prints nothing.

    \(CommandLineTool.dataFileHelp)

    \(CommandLineTool.exitStatusHelp)

    """
}

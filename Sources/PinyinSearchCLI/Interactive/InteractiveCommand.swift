import PinyinSearch

/// `pinyin-search interactive [--data FILE] [--engine E]`: search as you type, full screen, in
/// the manner of fzf; also what `pinyin-search` without arguments runs on a terminal.
///
/// The engine is searchable from the first key: a data file loads on another thread into a
/// `HybridEngine` (the default), which scans while its index builds, and results fill in as
/// records arrive. With `--engine scan` or `--engine hash` the file is read whole first and the
/// engine built from it, with the progress shown, before the first result (`BackgroundLoad`).
/// The loop here only connects the pieces: `Terminal` (bytes in, screen out), `KeyDecoder`,
/// `InteractiveSession` (the state) and `ScreenRenderer` (state to screen). The screen and
/// the keys are the controlling terminal's (`/dev/tty`), whatever standard input and output
/// are; Enter prints the selected record's `id<TAB>text` on standard output once the terminal
/// is restored, exit 0; Esc or Ctrl-C leave with exit 1 and print nothing. So a script captures
/// the choice, and `--data -` reads the records from a pipe:
///
///     $ chosen=$(pinyin-search interactive --data people.csv)
///     (type lyf, Enter)
///     $ echo "$chosen"
///     c17	刘亦菲
struct InteractiveCommand {
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
  /// of the index's to search with at first; nil when none is given. Keys turn each option the
  /// engine has off and on again (`OptionToggle`).
  var searchOptions: SearchOptions?

  /// The options the command accepts.
  static let options: [OptionDefinition] =
    DataSource.options + SnapshotOptions.options + [.engine] + SearchOptionFlags.searchingOptions
    + RedisOptions.options

  /// How long a lone ESC waits for the rest of an escape sequence before it counts as Esc, in ms.
  static let escapeTimeout: Int32 = 50
  /// How often the screen refreshes while records load or the index builds, in ms.
  static let tickInterval: Int32 = 100

  /// Parses the arguments after `interactive`.
  ///
  /// - Throws: A usage error.
  init(parsing arguments: [String]) throws(CommandLineError) {
    let parsed = try Arguments(parsing: arguments, options: Self.options, command: .interactive)
    _ = try parsed.positionals(named: [])
    source = try DataSource(parsing: parsed)
    snapshot = try SnapshotOptions(parsing: parsed)
    engine = try parsed.choice(.engine, default: .hybrid)
    redis = try RedisOptions(parsing: parsed, refusing: RedisOptions.replacedOptions)
    searchOptions = try SearchOptionFlags.requestedOptions(parsing: parsed)
  }

  /// Runs the search on the terminal until Enter, Esc or Ctrl-C.
  ///
  /// - Throws: `.notATerminal` when the process has no terminal; `.standardInputTaken` for
  ///   `--data -` when standard input is the terminal, whose keys are not records; a data-file
  ///   error (the terminal restored first); `.cancelled` for Esc and Ctrl-C.
  func run(in context: inout CommandContext) throws(CommandLineError) {
    guard let terminalPath = context.terminalPath else { throw .notATerminal }
    if source.readsStandardInput && context.inputIsATerminal { throw .standardInputTaken(command: .interactive) }
    // Opened first, so that a process without a terminal is refused before anything loads.
    var device: Int32? = try Terminal.openDevice(terminalPath)
    defer { if let device { System.close(device) } }
    let load: BackgroundLoad
    // The options searched with at first: those asked for, a subset of a snapshot's or an
    // index's in Redis; all of the engine's when none is asked for or it was built for them.
    var options = searchOptions
    var redisEngine: RedisSearchEngine?
    if let redis {
      let engine = RedisSearchEngine(try redis.openingIndex(searching: searchOptions))
      redisEngine = engine
      load = BackgroundLoad(
        engine: engine,
        state: LoadState(name: "redis namespace \(redis.namespace)", recordCount: 0, isFinished: true))
    } else if let snapshot {
      // A snapshot opens in milliseconds; a source to synchronize with is read first.
      let engine = try source.makeEngine(
        self.engine, options: searchOptions, snapshot: snapshot, command: .interactive, in: &context)
      load = BackgroundLoad(
        engine: engine, state: LoadState(name: snapshot.path, recordCount: engine.count, isFinished: true))
    } else {
      load = try source.makeEngineLoadingInBackground(engine, options: searchOptions ?? .default)
      options = nil
    }
    defer { load.cancel() }
    let outcome: InteractiveSession.Outcome
    do throws(CommandLineError) {
      let terminal = try Terminal.open(device: device.take()!)
      defer { terminal.restore() }
      outcome = try Self.loop(on: terminal, load: load, options: options)
    } catch {
      Self.reportSkipped(load.state, to: &context.errorOutput)
      throw error
    }
    Self.reportSkipped(load.state, to: &context.errorOutput)
    if let failure = redisEngine?.failure { throw .redis(failure) }
    switch outcome {
    case .chosen(let record):
      let (id, text) =
        context.showsTextForATerminal
        ? (TerminalText.printable(record.id), TerminalText.printable(record.text)) : (record.id, record.text)
      context.output.write("\(id)\t\(text)\n")
    case .cancelled: throw .cancelled
    }
  }

  /// Reads keys and draws the screen until the session ends, searching `load`'s engine with
  /// `options` at first (a subset of its own; nil: all of them); returns how it ended.
  ///
  /// Each turn: take the load's progress (failing with its error, if any), search if the query
  /// or the records changed, draw what changed on screen, then wait for keys — for at most a
  /// tick while records load or the index builds (and for three ticks after), without limit
  /// otherwise, and for a moment only when an ESC may be the start of a sequence. All the keys of one read are applied before the next
  /// search, so a paste searches once.
  static func loop(
    on terminal: Terminal, load: BackgroundLoad, options: SearchOptions?
  ) throws(CommandLineError) -> InteractiveSession.Outcome {
    var size = terminal.size
    var session = InteractiveSession(
      engine: load.engine, options: options, load: load.state, pageSize: size.rows - ScreenRenderer.headerRows)
    var decoder = KeyDecoder()
    var previous: ScreenBuffer?
    var quietTicks = 0
    while true {
      let state = load.state
      if let error = state.error { throw error }
      session.update(load: state)
      session.searchIfNeeded()
      let screen = ScreenRenderer.render(session, size: size)
      if screen != previous {
        try terminal.write(screen.escapeSequences(after: previous))
        previous = screen
      }
      // Tick while loading or building, and a few ticks more: a finished build may start another.
      let isBusy = !state.isFinished || session.index.isBuilding
      quietTicks = isBusy ? 0 : quietTicks + 1
      let timeout = decoder.hasPendingEscape ? escapeTimeout : quietTicks <= 3 ? tickInterval : -1
      let keys: [Key]
      switch try terminal.nextEvent(timeout: timeout) {
      case .input(let bytes): keys = decoder.decode(bytes)
      case .timeout: keys = decoder.flush()
      case .endOfInput: return .cancelled
      case .resized:
        size = terminal.size
        session.setPageSize(size.rows - ScreenRenderer.headerRows)
        previous = nil
        keys = []
      }
      for key in keys {
        if key == .redraw { previous = nil }
        session.handle(key)
        if let outcome = session.outcome { return outcome }
      }
    }
  }

  /// Reports the warnings about the file and the records `--skip-bad` skipped, once the screen
  /// is gone.
  private static func reportSkipped(_ state: LoadState, to output: inout OutputStream) {
    DataWarning.report(state.warnings, path: state.name, to: &output)
    state.skipped.report(path: state.name, to: &output)
  }

  /// The one-line usage.
  static let synopsis = """
    pinyin-search interactive [--data FILE] [--format F] [--skip-bad]
                              [--snapshot FILE [--update]] [--engine E]
                              [--mixed] [--fuzzy RULES] [--traditional]
                              [--keypad] [--keyboard NAME] [--no-options]
                              [--redis HOST:PORT,... [--namespace NS]]
    """

  /// The help.
  static let help = """
    OVERVIEW: Search as you type, full screen, and print the record chosen.

    USAGE: \(synopsis)

    This is also what 'pinyin-search' without arguments does on a terminal.
    Results update at every key, best first: the kind of match (followed by a
    yellow ~ when fuzzy), the id and the text, the matched characters in green,
    the selected row in reverse video.
    The status line shows the records loaded, how the last search was answered
    (scan while the index builds, then hash), its time in µs, and a progress bar
    while a file loads or the index builds; you can type from the first moment.
    With --engine scan or hash, results appear once the whole file is read and
    the engine built from it (the status line says 'preparing' or 'indexing').

    KEYS:
      typing, pasting  Edit the query (Left, Right, Home, End, Ctrl-A, Ctrl-E
                       move; Backspace, Delete, Ctrl-W delete; Ctrl-U clears).
      Up, Down         Select a result (also Ctrl-P, Ctrl-N, Page Up, Page
                       Down).
      Ctrl-X, Ctrl-Z,  Turn --mixed, --fuzzy (all its rules), --traditional,
      Ctrl-T, Ctrl-K,  --keypad and --keyboard off, and on again: those the
      Ctrl-Y           engine, snapshot or index in Redis was built with,
                       which the status line lists with their keys, 'mixed
                       ^X' when on, 'no mixed ^X' when off, 'keyboard xiaohe
                       ^Y' for --keyboard xiaohe.
      Enter            Print the selected record as id<TAB>text on standard
                       output and exit with status 0.
      Esc, Ctrl-C      Exit with status 1, printing nothing.

    OPTIONS:
    \(CommandLineTool.dataOptionsHelp(readsStandardInput: true))
    \(EngineKind.optionHelp)
    \(RedisOptions.optionHelp)
    \(SearchOptionFlags.optionHelp(for: .interactive))
      -h, --help       Print this help.

    The screen and the keys are the terminal's (/dev/tty), and standard output
    gets only the record chosen: chosen=$(pinyin-search interactive) works, and
    so does a pipe of records into --data - (not the terminal itself). Without a
    terminal at all, in scripts and pipes, use 'pinyin-search search QUERY' or
    'pinyin-search batch' (interactive refuses with status 2).
    The terminal is restored on every exit, also after Ctrl-C, SIGTERM, SIGHUP
    or a crash.

    \(CommandLineTool.dataFileHelp)

    \(CommandLineTool.exitStatusHelp)

    """
}

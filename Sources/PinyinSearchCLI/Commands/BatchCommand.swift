import PinyinSearch
import PinyinSearchRedis

/// `pinyin-search batch [--data FILE …] [--engine E] [--mixed] [--fuzzy RULES] [--traditional]
/// [--keypad] [--limit N]`: the batch protocol of Docs/Semantics.md.
///
/// Reads one query per line of standard input and writes one JSON object per query on its own
/// line. The answers are flushed whenever every query read so far is answered, before the tool
/// waits for more input, so that a program can write a query and read its answer before
/// writing the next, while queries written many at once are answered in few writes (one per
/// `OutputStream.capacity` bytes at most). Each answer is encoded as UTF-8 bytes straight into
/// the output buffer (`JSON.appendAnswer(query:results:to:)`). The `query` echoed is the line
/// exactly, untrimmed. A line that is not valid UTF-8 is decoded with each invalid sequence
/// replaced by U+FFFD, searched and echoed that way: every input line gets exactly one output
/// line, and the tool never stops on it.
/// Only a line longer than `--max-line-bytes` (16 MiB by default) ends the conversation, with
/// `standard input:LINE: line longer than N bytes` and status 1, so that memory stays bounded:
/// the answers before it have been written.
///
///     $ printf 'lyf\n' | pinyin-search batch --data people.tsv
///     {"query": "lyf", "results": [{"id": "c17", "text": "刘亦菲", "kind": "initials", …}]}
struct BatchCommand {
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
  /// At most this many results per query.
  var limit: Int
  /// The longest query line, in bytes (`--max-line-bytes`; also the data file's line limit).
  var maxLineBytes: Int
  /// Whether each line is a JSON request (`--json-requests`, `BatchRequest`) rather than a query.
  var readsRequests: Bool

  /// The options the command accepts.
  static let options: [OptionDefinition] =
    DataSource.options + SnapshotOptions.options + [.engine] + SearchOptionFlags.searchingOptions + [.limit]
    + RedisOptions.options + [.jsonRequests]

  /// Parses the arguments after `batch`.
  ///
  /// - Throws: A usage error.
  init(parsing arguments: [String]) throws(CommandLineError) {
    let parsed = try Arguments(parsing: arguments, options: Self.options, command: .batch)
    _ = try parsed.positionals(named: [])
    source = try DataSource(parsing: parsed)
    snapshot = try SnapshotOptions(parsing: parsed)
    if source.readsStandardInput { throw .standardInputTaken(command: .batch) }
    engine = try parsed.choice(.engine, default: .hybrid)
    redis = try RedisOptions(parsing: parsed, refusing: RedisOptions.replacedOptions)
    searchOptions = try SearchOptionFlags.requestedOptions(parsing: parsed)
    limit = try parsed.nonNegativeInteger(.limit, default: 20)
    maxLineBytes = try parsed.positiveInteger(.maxLineBytes, default: LineReader.defaultMaxLineBytes)
    readsRequests = parsed.isSet(.jsonRequests)
  }

  /// Loads the records, then answers every line of `context.input` until its end.
  ///
  /// - Throws: A data-file error, `.readFailed` for standard input, `.badRecord` for a query line
  ///   longer than `maxLineBytes`, `.writeFailed`; for a plain line, a search's error.
  func run(in context: inout CommandContext) throws(CommandLineError) {
    let searcher = try makeSearcher(in: &context)
    context.input.maxLineBytes = maxLineBytes
    var lineNumber = 0
    while true {
      // The answers go out before a read that may wait for the caller, and only then: a caller
      // that waits for an answer gets it, one that writes many queries at once gets their
      // answers in few writes (and at most `OutputStream.capacity` bytes apart).
      if !context.input.hasBufferedLine { try context.flushOutput() }
      lineNumber += 1
      guard let line = try nextLine(lineNumber, in: &context) else { return }
      if readsRequests {
        searcher.answer(request: line, limit: limit, to: &context.output)
      } else {
        let query = String(decoding: line, as: UTF8.self)
        BatchSearcher.write(query: query, results: try searcher.search(query, limit, 0, nil), to: &context.output)
      }
    }
  }

  /// The next line of standard input, or nil at its end.
  ///
  /// - Throws: `.readFailed`, or `.badRecord` for a line longer than `maxLineBytes`.
  private func nextLine(_ lineNumber: Int, in context: inout CommandContext) throws(CommandLineError) -> ArraySlice<
    UInt8
  >? {
    do {
      return try context.input.nextLine()
    } catch {
      switch error {
      case .readFailed(let error): throw .readFailed(path: context.inputName, error)
      case .lineTooLong:
        throw .badRecord(path: context.inputName, line: lineNumber, .lineTooLong(limit: maxLineBytes))
      }
    }
  }

  /// What answers: the Redis index, the snapshot or the records loaded, searched with
  /// `searchOptions` unless a request names its own; and the engine that takes changes, if any.
  private func makeSearcher(in context: inout CommandContext) throws(CommandLineError) -> BatchSearcher {
    let defaults = searchOptions
    if let redis {
      let index = try redis.openingIndex(searching: searchOptions)
      return BatchSearcher(changes: nil) { query, limit, offset, options throws(CommandLineError) in
        try RedisOptions.search(index, query, limit: limit, offset: offset, options: options ?? defaults)
      }
    }
    if let snapshot {
      let engine = try source.makeEngine(
        self.engine, options: searchOptions, snapshot: snapshot, command: .batch, in: &context)
      return BatchSearcher(changes: engine as? HybridEngine) { query, limit, offset, options throws(CommandLineError) in
        try snapshot.search(engine, query, limit: limit, offset: offset, options: options ?? defaults)
      }
    }
    let engine = try source.makeEngine(self.engine, options: searchOptions ?? .default, in: &context)
    return BatchSearcher(changes: engine as? HybridEngine) { query, limit, offset, options throws(CommandLineError) in
      guard let options else { return engine.search(query, limit: limit, offset: offset) }
      do throws(SearchOptionsError) {
        return try engine.search(query, limit: limit, offset: offset, options: options)
      } catch {
        throw .unbuiltOptions(error, index: .loaded)
      }
    }
  }

  /// The one-line usage.
  static let synopsis = """
    pinyin-search batch [--data FILE] [--format F] [--skip-bad]
                        [--snapshot FILE [--update]] [--engine E] [--mixed]
                        [--fuzzy RULES] [--traditional]
                        [--keypad] [--keyboard NAME] [--no-options]
                        [--limit N] [--json-requests]
                        [--redis HOST:PORT,... [--namespace NS]]
    """

  /// The help.
  static let help = """
    OVERVIEW: Answer queries from standard input, one JSON line per input line.

    USAGE: \(synopsis)

    Reads one query per line (the \\n or \\r\\n ending it is not part of it; a
    lone \\r is) and writes one line for each. The answers are flushed as soon as
    every query written so far is answered, so a program can write a query and
    read its answer before writing the next:
      {"query": "lyf", "results": [{"id": "c17", "text": "刘亦菲", "kind":
      "initials", "fuzzy": false, "start": 0, "end": 3, "utf16Start": 0,
      "utf16End": 3}]}
    (on one line). "query" is the input line exactly, untrimmed; "kind" is
    literal, fullPinyin, initials, mixed with --mixed, or keypad with --keypad;
    "fuzzy" is true for a match that needs a rule of --fuzzy (always false
    without it); start..<end counts characters (grapheme clusters),
    utf16Start..<utf16End UTF-16 code units. Results come in the
    search's order; a blank line gets "results": []. Strings are escaped as JSON
    requires; other characters are written as UTF-8. Invalid UTF-8 in a line is
    decoded with each bad sequence replaced by U+FFFD, and so echoed. A line
    longer than --max-line-bytes ends the conversation: 'standard input:LINE:
    line longer than N bytes' on standard error, and status 1.

    OPTIONS:
    \(CommandLineTool.dataOptionsHelp(readsStandardInput: false))
    \(EngineKind.optionHelp)
    \(RedisOptions.optionHelp)
    \(SearchOptionFlags.optionHelp(for: .batch))
      --limit N        Answer with at most N results per query (default 20).
                       --max-line-bytes N above also bounds the query lines.
      --json-requests  Read each line as a JSON request instead of a query:
                       {"query": "lyf", "limit": 5, "offset": 0, "options":
                       {"mixed": true, "fuzzy": "z-zh"}} is answered as a
                       query line is (limit: --limit, offset: 0 and the
                       engine's options when absent; "options" lists every
                       option to search with, a subset of the engine's);
                       {"add": {"id": "c9", "text": "王五", "rank": 3}} and
                       {"remove": "c9"} change the records (hybrid engine
                       only) and answer {"ok": true}; a line that is not a
                       request, or a search that fails, answers
                       {"error": "..."}, and the next line is read.
      -h, --help       Print this help.

    \(CommandLineTool.dataFileHelp)

    \(CommandLineTool.exitStatusHelp)

    """
}

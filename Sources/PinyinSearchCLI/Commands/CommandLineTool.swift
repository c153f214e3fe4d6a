/// The `pinyin-search` command-line tool: dispatch to a command, help, errors and exit statuses.
///
/// `Sources/pinyin-search/main.swift` only calls `run(arguments:)` and exits with its result;
/// everything else lives in this module, where tests reach it.
///
///     exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
public enum CommandLineTool {
  /// Runs the tool on the process's standard streams.
  ///
  /// - Parameter arguments: The command-line arguments without the program's name, e.g.
  ///   `["search", "lyf"]`.
  /// - Returns: The exit status: 0 on success, 1 when a data file, standard input or standard
  ///   output fails, 2 for a usage error.
  public static func run(arguments: [String]) -> Int32 {
    // SIGQUIT quits, and SIGABRT, SIGSEGV and the other crash signals end the process, as in
    // any program: the Swift runtime's backtracer would catch one sent by another process, print
    // a backtrace over the output and let the process carry on.
    System.quitOnQuitSignal()
    System.endWithDefaultActionOnCrashSignals()
    var context = CommandContext.standard()
    return run(arguments: arguments, in: &context).rawValue
  }

  /// Runs the tool in `context`: dispatches, then reports any error on `context.errorOutput`.
  static func run(arguments: [String], in context: inout CommandContext) -> ExitStatus {
    do throws(CommandLineError) {
      try dispatch(arguments, in: &context)
      try context.flushOutput()
      try? context.errorOutput.flush()
      return .success
    } catch {
      try? context.output.flush()
      report(error, to: &context.errorOutput)
      try? context.errorOutput.flush()
      return error.exitStatus
    }
  }

  /// Runs the command `arguments` name, or prints the help they ask for.
  static func dispatch(_ arguments: [String], in context: inout CommandContext) throws(CommandLineError) {
    guard let first = arguments.first else {
      guard context.inputIsATerminal else { throw .missingCommand }
      try Command.interactive.run([], in: &context)
      return
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      context.output.write(help)
    case "--version":
      if let extra = rest.first { throw .unexpectedArgument(extra, command: nil) }
      context.output.write(ToolVersion.line)
    case "help":
      try printHelp(topic: rest, in: &context)
    default:
      guard let command = Command(rawValue: first) else {
        throw first.hasPrefix("-") && first != "-" ? .unknownOption(first, command: nil) : .unknownCommand(first)
      }
      if Arguments.isHelpRequested(in: rest) {
        context.output.write(command.help)
      } else {
        try command.run(rest, in: &context)
      }
    }
  }

  /// `pinyin-search help [COMMAND]`.
  private static func printHelp(topic: [String], in context: inout CommandContext) throws(CommandLineError) {
    guard let name = topic.first, name != "-h", name != "--help" else {
      context.output.write(help)
      return
    }
    guard let command = Command(rawValue: name) else { throw .unknownCommand(name) }
    if topic.count > 1 { throw .unexpectedArgument(topic[1], command: nil) }
    context.output.write(command.help)
  }

  /// Writes `error`'s message and, for a usage error, the short usage.
  static func report(_ error: CommandLineError, to output: inout OutputStream) {
    if error == .missingCommand {
      output.write(help)
      return
    }
    if let message = error.message { output.write("pinyin-search: \(message)\n") }
    guard error.isUsageError else { return }
    if let command = error.command {
      output.write("USAGE: \(command.synopsis)\nSee 'pinyin-search \(command.rawValue) --help'.\n")
    } else {
      output.write("USAGE: \(synopsis)\nSee 'pinyin-search --help'.\n")
    }
  }

  /// The tool's one-line usage.
  static let synopsis = "pinyin-search <command> [<arguments>]"

  /// The tool's help: `pinyin-search --help`, `pinyin-search help`.
  static let help = """
    OVERVIEW: Chinese search-as-you-type: type lyf, liuyif or 刘亦 to find 刘亦菲.

    USAGE: \(synopsis)

    Without arguments, typed at a terminal: the interactive search, over the
    built-in sample contacts.

    COMMANDS:
      interactive      Search as you type, full screen; Enter prints the record
                       chosen.
      search QUERY     Print the records that match QUERY, best first, with the
                       matched characters highlighted.
      batch            Answer queries read from standard input, one line each,
                       with one JSON line each.
      pinyin TEXT      Print each character of TEXT with its pinyin readings.
      index            Build the index of a data file and save it as a snapshot.
      verify SNAPSHOT  Check a snapshot: every offset and limit, the checksum,
                       and the index computed again from its records.
      help [COMMAND]   Print this help, or the help of COMMAND.

    OPTIONS:
      -h, --help       Print this help.
      --version        Print the version of the tool (\(ToolVersion.current)).

    Without --data FILE, the commands search 3000 built-in sample contacts.

    \(dataFileHelp)

    \(exitStatusHelp)

    See 'pinyin-search <command> --help' for a command's options.

    """

  /// The data options of the help, for the OPTIONS section of each command that searches;
  /// `readsStandardInput` for a command that accepts `--data -`.
  static func dataOptionsHelp(readsStandardInput: Bool, opensSnapshots: Bool = true) -> String {
    let snapshotHelp = """

        --snapshot FILE  Answer from the index saved in FILE by 'index', at once.
                         With --data, apply the data's changes (only new and
                         changed records are prepared again).
        --update         With --snapshot and --data, save the index brought up to
                         date back to FILE (creating it if missing).
      """
    return """
        --data FILE      Search the records of FILE (see DATA FILES below) instead
                         of the built-in sample \(readsStandardInput ? "contacts; '-' reads standard input." : "contacts.")
        --format F       The format of FILE: tsv, csv, jsonl or text. By default
                         the extension says (.tsv, .csv, .jsonl, .ndjson, .json,
                         .txt); other names\(readsStandardInput ? " and '-'" : "") are tsv.
        --id-column C    The CSV column or JSON field that holds the id: a header
                         name or, for CSV, a column number from 1 (default: id).
        --text-column C  The column or field that holds the text (default: text).
        --rank-column C  The column or field that holds the rank, an integer:
                         of matches alike, higher ranks come first (default:
                         rank, if there is one; otherwise every rank is 0).
        --no-header      The CSV file has no header row: every row is a record,
                         and columns are numbers (default: id 1, text 2).
        --skip-bad       Skip bad records, reporting them on standard error,
                         instead of stopping at the first.
        --max-line-bytes N
                         The longest line, and CSV record with line breaks, in
                         bytes (default 16777216: 16 MiB). A longer one is a bad
                         record; --skip-bad skips it without keeping it.\(opensSnapshots ? snapshotHelp : "")
      """
  }

  /// The data-file section of the help.
  static let dataFileHelp = """
    DATA FILES are UTF-8; a byte order mark at the start is skipped. Lines end
    with \\n, \\r\\n or \\r. An empty line is no record but counts for line
    numbers. A repeated id takes the later text and rank.
      tsv    One record a line: the id, a tab, the text. A line without a tab is
             a record whose id is its line number and whose text is the line.
      csv    RFC 4180: fields separated by commas; a field in double quotes may
             hold commas, line breaks and quotes written twice (""). The first
             row is the header. The id is the column named id, else the first
             column; the text is the column named text, else the first other
             column; the rank is the column named rank, if any, which those
             defaults skip. With a single column, ids are line numbers. A
             first row that names no id, text or rank column but holds a digit
             looks like data: it is still the header, with a warning. A file
             without a header needs --no-header (see the example below).
      jsonl  One JSON object a line: {"id": "c17", "text": "刘亦菲", "rank": 5}.
             The id and the text are strings or numbers (kept as written); the
             rank is optional; other fields are ignored. A blank line is no
             record.
      text   One record a line; its id is its line number.
    A rank is an integer from -9223372036854775808 to 9223372036854775807, read
    exactly; of matches alike, the higher rank comes first. tsv and text records
    have rank 0, as have jsonl records without one.
    A CSV file without a header row, of rows such as c17,13800138000,刘亦菲:
      pinyin-search search lyf --data people.csv --no-header --text-column 3
    Bad input (a line too long, invalid UTF-8, an empty id, broken quotes, a line
    that is not a JSON object, a missing column or field, a rank with a fraction
    or an exponent, out of range, an empty CSV field for it, or no number at all)
    stops the command with 'FILE:LINE: reason' and status 1, unless --skip-bad
    is given. With it, a CSV quote never closed costs only the line where its
    record starts: the lines after it are read again. On a terminal, a large
    file loads with a progress line on standard error.
    """

  /// The exit-status section of the help.
  static let exitStatusHelp = """
    EXIT STATUS: 0 success (no results included); 1 a data file, a snapshot or
    standard input cannot be read or is malformed, a snapshot or an index in
    Redis lacks a search option asked for, writing failed, or the interactive
    search was left with Esc or Ctrl-C; 2 usage error (also: interactive
    without a terminal).
    """
}

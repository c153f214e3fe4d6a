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
    guard let first = arguments.first else { throw .missingCommand }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      context.output.write(help)
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

    COMMANDS:
      search QUERY     Print the records that match QUERY, best first, with the
                       matched characters highlighted.
      batch            Answer queries read from standard input, one line each,
                       with one JSON line each.
      pinyin TEXT      Print each character of TEXT with its pinyin readings.
      help [COMMAND]   Print this help, or the help of COMMAND.

    Without --data FILE, search and batch use about 3000 built-in sample contacts.

    \(dataFileHelp)

    \(exitStatusHelp)

    See 'pinyin-search <command> --help' for a command's options.

    """

  /// The data-file section of the help.
  static let dataFileHelp = """
    DATA FILES (--data FILE) are UTF-8 text, one record a line: the id, a tab,
    the text. Lines end with \\n or \\r\\n. An empty line is no record. A line
    without a tab is a record whose id is its line number (from 1) and whose text
    is the whole line. A repeated id takes the later text. A byte order mark at
    the start is skipped. Invalid UTF-8 and an empty id are errors that name the
    file and line.
    """

  /// The exit-status section of the help.
  static let exitStatusHelp = """
    EXIT STATUS: 0 success (no results included); 1 a data file or standard input
    cannot be read or is malformed, or writing failed; 2 usage error.
    """
}

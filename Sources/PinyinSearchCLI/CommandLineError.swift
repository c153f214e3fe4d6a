/// The exit status of `pinyin-search`; stable, documented in the help and pinned by tests.
enum ExitStatus: Int32, Sendable {
  /// The command did what was asked (a search without results included).
  case success = 0
  /// A data file or standard input could not be read or is malformed, or output failed.
  case failure = 1
  /// The command line is wrong: unknown command or option, missing or bad value or argument.
  case usageError = 2
}

/// Everything that stops a command, named with what was wrong and where.
///
/// The one place that maps errors to exit statuses (`exitStatus`) and to the messages printed
/// on standard error (`message`); usage errors are followed by the usage of `command`.
enum CommandLineError: Error, Equatable, Sendable {
  /// No command was given.
  case missingCommand
  /// The first argument names no command.
  case unknownCommand(String)
  /// An argument starting with `-` that the command (nil: the tool itself) has no option for.
  case unknownOption(String, command: Command?)
  /// An option that takes a value was the last argument.
  case missingValue(option: String, command: Command)
  /// An option's value is not what the option expects, e.g. `--limit ten`.
  case invalidValue(String, option: String, expected: String, command: Command)
  /// A flag was given a value, as in `--json=yes`.
  case unexpectedValue(option: String, command: Command)
  /// A required argument, e.g. `QUERY`, is missing.
  case missingArgument(String, command: Command)
  /// An argument beyond those the command (nil: the tool's `help`) takes.
  case unexpectedArgument(String, command: Command?)
  /// A file cannot be opened: it does not exist, is not readable, or is a directory.
  case cannotOpen(path: String, Errno)
  /// Reading a file (or `standard input`) failed after it was opened.
  case readFailed(path: String, Errno)
  /// A line of a data file is not valid UTF-8; lines count from 1.
  case invalidUTF8(path: String, line: Int)
  /// A line of a data file starts with a tab, giving an empty id.
  case emptyID(path: String, line: Int)
  /// Writing to standard output failed.
  case writeFailed(Errno)

  /// The exit status this error ends the tool with.
  var exitStatus: ExitStatus {
    switch self {
    case .missingCommand, .unknownCommand, .unknownOption, .missingValue, .invalidValue, .unexpectedValue,
      .missingArgument, .unexpectedArgument:
      .usageError
    case .cannotOpen, .readFailed, .invalidUTF8, .emptyID, .writeFailed:
      .failure
    }
  }

  /// Whether the usage of `command` follows the message.
  var isUsageError: Bool { exitStatus == .usageError }

  /// The command whose usage a usage error shows; nil for the tool's.
  var command: Command? {
    switch self {
    case .unknownOption(_, let command), .unexpectedArgument(_, let command): command
    case .missingValue(_, let command), .invalidValue(_, _, _, let command), .unexpectedValue(_, let command),
      .missingArgument(_, let command):
      command
    case .missingCommand, .unknownCommand, .cannotOpen, .readFailed, .invalidUTF8, .emptyID, .writeFailed:
      nil
    }
  }

  /// The one-line message, without the `pinyin-search: ` prefix; nil when only the usage is shown.
  var message: String? {
    switch self {
    case .missingCommand: nil
    case .unknownCommand(let name): "unknown command '\(name)'"
    case .unknownOption(let option, _): "unknown option '\(option)'"
    case .missingValue(let option, _): "missing value for '\(option)'"
    case .invalidValue(let value, let option, let expected, _):
      "invalid value '\(value)' for '\(option)': expected \(expected)"
    case .unexpectedValue(let option, _): "option '\(option)' takes no value"
    case .missingArgument(let name, _): "missing argument \(name)"
    case .unexpectedArgument(let argument, _): "unexpected argument '\(argument)'"
    case .cannotOpen(let path, let error), .readFailed(let path, let error): "\(path): \(error)"
    case .invalidUTF8(let path, let line): "\(path):\(line): invalid UTF-8"
    case .emptyID(let path, let line): "\(path):\(line): empty id"
    case .writeFailed(let error): "write error: \(error)"
    }
  }
}

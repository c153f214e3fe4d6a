import PinyinSearch
import PinyinSearchRedis

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
  /// A name in the value of `--fuzzy` that names no rule: unknown (`x-y`, or `Z-ZH`: names are
  /// lower case), empty (`z-zh,,n-l`), or `all` beside other names (`all,n-l`). `value` is the
  /// whole value.
  case invalidFuzzyRule(String, value: String, command: Command)
  /// An option given twice, as in `--limit 3 --limit 4` or `--fuzzy z-zh --fuzzy n-l`.
  case repeatedOption(String, command: Command)
  /// Two options that cannot be given together, as `--no-options` and `--mixed`.
  case conflictingOptions(String, String, command: Command)
  /// A search asked for an option that the snapshot or the index in Redis it answers from was
  /// not built with (a flag beside `--snapshot` or `--redis`).
  case unbuiltOptions(SearchOptionsError, index: SearchedIndex)
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
  /// A record of a data file is bad: a line too long, invalid UTF-8, an empty id, broken CSV or
  /// JSON, a missing column or field (see `DataProblem`); or a line of the batch command's
  /// standard input is too long. Lines count from 1.
  case badRecord(path: String, line: Int, DataProblem)
  /// A data option — `--format`, a column option, `--no-header`, `--skip-bad` — without `--data`.
  case optionNeedsData(option: String, command: Command)
  /// An option that only applies with `--snapshot FILE`, e.g. `--update`.
  case optionNeedsSnapshot(option: String, command: Command)
  /// `--engine scan` with `--snapshot`: a snapshot holds an index.
  case snapshotNeedsIndexEngine(command: Command)
  /// A snapshot could not be opened or saved.
  case snapshot(SnapshotError)
  /// `--id-column`, `--text-column` or `--rank-column` for a format without columns (TSV,
  /// text), or `--no-header` for a format other than CSV.
  case optionNotForFormat(option: String, format: DataFormat, command: Command)
  /// `--id-column`, `--text-column` or `--rank-column` naming a column (`value`) with
  /// `--no-header`, where columns have only numbers.
  case columnNameWithoutHeader(option: String, value: String, command: Command)
  /// `--data -` for a command that reads something else from standard input: `batch`, or
  /// `interactive` when standard input is the terminal it reads keys from.
  case standardInputTaken(command: Command)
  /// `interactive` (or no command on a terminal) without a terminal to draw on: the process
  /// has no controlling terminal (`/dev/tty`).
  case notATerminal
  /// The terminal could not be set up or restored.
  case terminalFailed(Errno)
  /// The interactive search was left without choosing a record: Esc or Ctrl-C.
  case cancelled
  /// Writing to standard output failed.
  case writeFailed(Errno)
  /// The Redis Cluster of `--redis` could not be reached, or holds no index (or another's) in the namespace.
  case redis(RedisIndexError)
  /// An option that needs `--redis` (`--namespace`), or that `--redis` replaces (`--data`,
  /// `--snapshot`, `--engine` in a command that answers from the cluster).
  case optionConflictsWithRedis(option: String, needsRedis: Bool, command: Command)

  /// The exit status this error ends the tool with.
  var exitStatus: ExitStatus {
    switch self {
    case .missingCommand, .unknownCommand, .unknownOption, .missingValue, .invalidValue, .invalidFuzzyRule,
      .repeatedOption, .conflictingOptions, .unexpectedValue, .missingArgument, .unexpectedArgument, .optionNeedsData,
      .optionNotForFormat,
      .columnNameWithoutHeader,
      .standardInputTaken,
      .notATerminal, .optionNeedsSnapshot, .snapshotNeedsIndexEngine, .optionConflictsWithRedis:
      .usageError
    case .cannotOpen, .readFailed, .badRecord, .terminalFailed, .cancelled, .writeFailed, .snapshot, .redis,
      .unbuiltOptions:
      .failure
    }
  }

  /// Whether the usage of `command` follows the message: for usage errors, except the refusal to
  /// run without a terminal, whose message says what to use instead.
  var isUsageError: Bool { exitStatus == .usageError && self != .notATerminal }

  /// The command whose usage a usage error shows; nil for the tool's.
  var command: Command? {
    switch self {
    case .unknownOption(_, let command), .unexpectedArgument(_, let command): command
    case .missingValue(_, let command), .invalidValue(_, _, _, let command), .invalidFuzzyRule(_, _, let command),
      .repeatedOption(_, let command), .conflictingOptions(_, _, let command), .unexpectedValue(_, let command),
      .missingArgument(_, let command), .optionNeedsData(_, let command), .optionNotForFormat(_, _, let command),
      .columnNameWithoutHeader(_, _, let command),
      .standardInputTaken(let command), .optionNeedsSnapshot(_, let command), .snapshotNeedsIndexEngine(let command),
      .optionConflictsWithRedis(_, _, let command):
      command
    case .missingCommand, .unknownCommand, .cannotOpen, .readFailed, .badRecord, .notATerminal, .terminalFailed,
      .cancelled, .writeFailed, .snapshot, .redis, .unbuiltOptions:
      nil
    }
  }

  /// What to do about a snapshot built for other search options than those given: the flags it
  /// needs; empty for other snapshot errors.
  ///
  ///     ; open it with --mixed, or rebuild it (index, or --data FILE --update)
  private static func hint(for error: SnapshotError) -> String {
    guard case .options(_, _, let found) = error else { return "" }
    let flags = SearchOptionFlags.flags(for: found)
    let open = flags.isEmpty ? "without search options" : "with " + flags.joined(separator: " ")
    return "; open it \(open), or rebuild it (index, or --data FILE --update)"
  }

  /// The message of a search that asked `index` for more options than it was built with: what
  /// it has, what it lacks, and the flags that search it.
  ///
  ///     people.snapshot: snapshot built for search options mixed, not keypad; search it with
  ///     --mixed or fewer (--no-options: none), or rebuild it (index, or --data FILE --update)
  private static func unbuiltMessage(_ error: SearchOptionsError, index: SearchedIndex) -> String {
    let built = SearchOptionFlags.flags(for: error.built).joined(separator: " ")
    let subset =
      built.isEmpty
      ? "search it without search options" : "search it with \(built) or fewer (--no-options: none)"
    let options = "search options \(error.built), not \(error.unbuilt)"
    switch index {
    case .snapshot(let path):
      return "\(path): snapshot built for \(options); \(subset), or rebuild it (index, or --data FILE --update)"
    case .redis(let namespace):
      return "redis: the index in namespace '\(namespace)' was written for \(options); \(subset), or write it "
        + "again for them (index --redis, into a new namespace)"
    case .loaded:
      return "the records were loaded for \(options); \(subset), or start batch with the flags for them"
    }
  }

  /// What to do about a cluster that asks for a password none was given for, another writer's
  /// lease, or replicas that did not acknowledge; empty for other errors.
  private static func hint(for error: RedisIndexError) -> String {
    switch error {
    case .namespaceBusy: return " (wait for it with --redis-lease-wait SECONDS)"
    case .redis(.replicasMissing): return " (--redis-replicas 0 for a cluster without replicas)"
    default: break
    }
    guard "\(error)".contains("NOAUTH") else { return "" }
    return " (give --redis-user NAME and --redis-password-file FILE, or set \(RedisOptions.passwordVariable))"
  }

  /// What is wrong with `name`, a name in the value of `--fuzzy`: empty, `all` beside other
  /// names, or unknown, with a hint when it names a rule once lower-cased or without its white space.
  ///
  ///     fuzzyRuleProblem("Z-ZH")  // "unknown rule 'Z-ZH' (rule names are lower case)"
  private static func fuzzyRuleProblem(_ name: String) -> String {
    if name.isEmpty { return "empty rule name" }
    if name == "all" { return "'all' must stand alone" }
    let unknown = "unknown rule '\(name)'"
    if FuzzyRules(name: name.lowercased()) != nil { return unknown + " (rule names are lower case)" }
    let withoutSpaces = String(name.unicodeScalars.filter { !$0.properties.isWhitespace })
    if FuzzyRules(name: withoutSpaces) != nil { return unknown + " (no spaces between rules)" }
    return unknown
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
    case .invalidFuzzyRule(let name, let value, _):
      "invalid value '\(value)' for '\(OptionDefinition.fuzzy.name)': \(Self.fuzzyRuleProblem(name)); expected 'all' or "
        + "rules joined by commas: \(FuzzyRules.allNames.joined(separator: " "))"
    case .repeatedOption(let option, _):
      option == OptionDefinition.fuzzy.name
        ? "'\(option)' is given more than once; give it once, its rules joined by commas (--fuzzy z-zh,n-l)"
        : "'\(option)' is given more than once; give it once"
    case .conflictingOptions(let first, let second, _): "'\(first)' cannot be used with '\(second)'"
    case .unbuiltOptions(let error, let index): Self.unbuiltMessage(error, index: index)
    case .unexpectedValue(let option, _): "option '\(option)' takes no value"
    case .missingArgument(let name, _): "missing argument \(name)"
    case .unexpectedArgument(let argument, _): "unexpected argument '\(argument)'"
    case .cannotOpen(let path, let error), .readFailed(let path, let error): "\(path): \(error)"
    case .badRecord(let path, let line, let problem): "\(path):\(line): \(problem)"
    case .optionNeedsData(let option, _): "'\(option)' needs '--data FILE'"
    case .optionNeedsSnapshot(let option, _): "'\(option)' needs '--snapshot FILE'"
    case .snapshotNeedsIndexEngine: "'--snapshot' holds an index: use '--engine hash' or '--engine hybrid'"
    case .snapshot(let error): error.description + Self.hint(for: error)
    case .optionNotForFormat(let option, let format, _):
      "'\(option)' applies to \(option == OptionDefinition.noHeader.name ? "csv" : "csv and jsonl") data, "
        + "not \(format.rawValue)"
    case .columnNameWithoutHeader(let option, let value, _):
      "'\(option) \(value)' names a column, but with '--no-header' columns have no names: give a number from 1"
    case .standardInputTaken(let command):
      command == .interactive
        ? "'--data -' cannot be used while standard input is the terminal: interactive reads keys from it; "
          + "pipe the records in"
        : "'--data -' cannot be used: \(command.rawValue) reads queries from standard input"
    case .notATerminal:
      "interactive needs a terminal to draw on (\(System.controllingTerminalPath)), and there is none; in "
        + "scripts and pipes use 'pinyin-search search QUERY' or 'pinyin-search batch'"
    case .terminalFailed(let error): "terminal: \(error)"
    case .cancelled: nil
    case .writeFailed(let error): "write error: \(error)"
    case .redis(let error): "redis: \(error)" + Self.hint(for: error)
    case .optionConflictsWithRedis(let option, let needsRedis, _):
      needsRedis
        ? "'\(option)' needs '--redis HOST:PORT'"
        : "'\(option)' cannot be used with '--redis': the cluster holds the records"
    }
  }
}

/// The index a search answers from when it was built elsewhere, named in errors.
enum SearchedIndex: Equatable, Sendable {
  /// A snapshot file (`--snapshot FILE`).
  case snapshot(String)
  /// An index in a Redis Cluster (`--redis`, `--namespace`).
  case redis(namespace: String)
  /// The engine the command built from the records it loaded (`batch --json-requests`).
  case loaded
}

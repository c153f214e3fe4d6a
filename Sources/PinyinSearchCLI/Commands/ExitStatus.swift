/// The exit status of `pinyin-search`; stable, documented in the help and pinned by tests.
enum ExitStatus: Int32, Sendable {
  /// The command did what was asked (a search without results included).
  case success = 0
  /// A data file or standard input could not be read or is malformed, output or the terminal
  /// failed, or the interactive search was left without choosing a record (Esc, Ctrl-C).
  case failure = 1
  /// The command line is wrong: unknown command or option, missing or bad value or argument;
  /// also `interactive` run without a terminal.
  case usageError = 2
}

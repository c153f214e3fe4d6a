/// The streams a command reads and writes, and how it highlights: the process's standard
/// streams when run as a tool, memory in tests.
struct CommandContext {
  /// The lines of standard input (the batch command's queries): a lone `\r` is part of a query.
  var input: LineReader
  /// What `input` is called in error messages.
  var inputName: String
  /// Standard output.
  var output: OutputStream
  /// Standard error.
  var errorOutput: OutputStream
  /// How search results are highlighted.
  var highlightStyle: HighlightStyle
  /// Whether loading a large data file draws a progress line on `errorOutput`: standard error
  /// is a terminal.
  var showsProgress = false
  /// Whether standard input is a terminal: someone typing, for whom the tool without a command
  /// runs the interactive search, and whose keys `--data -` must not read as records.
  var inputIsATerminal = false
  /// The terminal the interactive search draws on and reads keys from, `/dev/tty` (the
  /// process's controlling terminal, whatever standard input and output are, so that its
  /// output can be captured); nil when there is none to use, as in memory.
  var terminalPath: String?
  /// Whether text from the data is written to a terminal, and so shown with its control
  /// characters made printable (`TerminalText`); into a pipe or file it is written byte for byte.
  var showsTextForATerminal = false

  /// The process's standard streams; colour when standard output is a terminal.
  static func standard() -> CommandContext {
    CommandContext(
      input: LineReader(fileDescriptor: System.standardInput, loneCarriageReturnEndsLine: false),
      inputName: "standard input",
      output: OutputStream(fileDescriptor: System.standardOutput),
      errorOutput: OutputStream(fileDescriptor: System.standardError),
      highlightStyle: .forStandardOutput,
      showsProgress: System.isTerminal(System.standardError),
      inputIsATerminal: System.isTerminal(System.standardInput),
      terminalPath: System.controllingTerminalPath,
      showsTextForATerminal: System.isTerminal(System.standardOutput))
  }

  /// A context in memory that reads `input` and keeps what is written in `output.text` and
  /// `errorOutput.text`.
  static func inMemory(input: String = "", highlightStyle: HighlightStyle = .brackets) -> CommandContext {
    CommandContext(
      input: LineReader(bytes: Array(input.utf8), loneCarriageReturnEndsLine: false),
      inputName: "standard input",
      output: OutputStream(),
      errorOutput: OutputStream(),
      highlightStyle: highlightStyle)
  }

  /// Flushes `output`.
  ///
  /// - Throws: `CommandLineError.writeFailed`.
  mutating func flushOutput() throws(CommandLineError) {
    do {
      try output.flush()
    } catch {
      throw .writeFailed(error)
    }
  }
}

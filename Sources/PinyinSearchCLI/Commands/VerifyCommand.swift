import PinyinSearch

/// `pinyin-search verify SNAPSHOT [--level L] [--mixed] [--fuzzy RULES] [--traditional] [--keypad]`:
/// opens a snapshot, which must have been built for the search options given, at a validation
/// level (by default `complete`: everything it stores computed again from its records and
/// compared) and says what it holds, or what is wrong with it.
///
///     $ pinyin-search verify contacts.snapshot
///     verified contacts.snapshot (complete): 100000 records, 35818 keys, 2876948 postings in 797.0 ms
struct VerifyCommand {
  /// The snapshot to check.
  var path: String
  /// How thoroughly.
  var validation: SnapshotValidation
  /// The options the snapshot must have been built for (`--mixed`, `--fuzzy`, `--traditional`,
  /// `--keypad`).
  var searchOptions: SearchOptions

  /// The options the command accepts.
  static let options: [OptionDefinition] = [.level] + SearchOptionFlags.options

  /// Parses the arguments after `verify`.
  ///
  /// - Throws: A usage error: no SNAPSHOT, more than one, or an unknown level.
  init(parsing arguments: [String]) throws(CommandLineError) {
    let parsed = try Arguments(parsing: arguments, options: Self.options, command: .verify)
    path = try parsed.positionals(named: ["SNAPSHOT"])[0]
    validation = try parsed.choice(.level, default: .complete)
    searchOptions = try SearchOptionFlags.searchOptions(parsing: parsed)
  }

  /// Opens the snapshot at the chosen level and writes the one-line summary.
  ///
  /// - Throws: `.snapshot` with the first problem found.
  func run(in context: inout CommandContext) throws(CommandLineError) {
    let clock = ContinuousClock()
    let start = clock.now
    let engine: HashIndexEngine
    do {
      engine = try HashIndexEngine(contentsOfSnapshot: path, options: searchOptions, validation: validation)
    } catch {
      throw .snapshot(error)
    }
    let time = clock.now - start
    let statistics = engine.statistics
    let unindexed =
      statistics.unindexedRecordCount == 0 ? "" : " (\(statistics.unindexedRecordCount) scanned at each query)"
    context.output.write(
      "verified \(path) (\(validation.rawValue)): \(statistics.recordCount) records\(unindexed), "
        + "\(statistics.keyCount) keys, \(statistics.postingCount) postings in \(Latency.format(time))\n")
  }

  /// The one-line usage.
  static let synopsis = """
    pinyin-search verify SNAPSHOT [--level structure|checksum|complete]
                                  [--mixed] [--fuzzy RULES] [--traditional]
                                  [--keypad] [--keyboard NAME]
    """

  /// The help.
  static let help = """
    OVERVIEW: Check a snapshot, as opening it at a validation level does.

    USAGE: \(synopsis)

    ARGUMENTS:
      SNAPSHOT         A snapshot written by 'index' or by '--update'.

    OPTIONS:
      --level L        How much to check (default: complete):
                       structure  the header, every length and offset, the
                                  limits, the tables' invariants: searches
                                  stay in bounds and end, whatever the file;
                       checksum   also every byte against the checksum, which
                                  finds accidental damage (what searches
                                  check when they open a snapshot);
                       complete   also every record's prepared text and the
                                  whole index computed again from the records
                                  and compared: the file answers as a fresh
                                  build would. About as slow as 'index'.
    \(SearchOptionFlags.optionHelp(for: .verify))
      -h, --help       Print this help.

    Prints one line with the records, keys and postings and the time taken,
    and exits with status 0; otherwise prints the first problem found, e.g.
    the key whose postings differ, and exits with status 1.

    \(CommandLineTool.exitStatusHelp)

    """
}

/// How to read one data file: the `--data`, `--format`, `--id-column`, `--text-column`,
/// `--rank-column`, `--no-header`, `--skip-bad` and `--max-line-bytes` options together.
struct DataFileOptions: Equatable, Sendable {
  /// The path, or `-` for standard input.
  var path: String
  /// The format: `--format`, else the one the extension names, else TSV.
  var format: DataFormat
  /// `--id-column`: the CSV column or JSON field holding the id; nil for the default.
  var idColumn: ColumnSelector?
  /// `--text-column`: the CSV column or JSON field holding the text; nil for the default.
  var textColumn: ColumnSelector?
  /// `--rank-column`: the CSV column or JSON field holding the rank; nil for the default (the
  /// CSV column or JSON field named `rank`, if any).
  var rankColumn: ColumnSelector?
  /// Whether a CSV file starts with a header row (not `--no-header`); without one, columns are
  /// chosen by number only.
  var hasHeader = true
  /// `--skip-bad`: skip and count bad records instead of stopping at the first.
  var skipsBadRecords = false
  /// `--max-line-bytes`: the longest line, in bytes without its terminator; a longer one is a bad
  /// record, skipped with `--skip-bad` without being kept in memory.
  var maxLineBytes = LineReader.defaultMaxLineBytes

  /// Whether the records come from standard input.
  var isStandardInput: Bool { path == "-" }

  /// What errors and progress call the file: its path, or `standard input`.
  var displayName: String { isStandardInput ? "standard input" : path }
}

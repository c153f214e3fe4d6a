/// A data format, as `--format` names it.
enum FileFormat: String, CaseIterable {
  case tsv, csv, jsonl, text

  /// Whether `--id-column` and `--text-column` apply (the tool refuses them otherwise).
  var hasSelectableColumns: Bool { self == .csv || self == .jsonl }

  /// Whether a record is a line (TSV and text).
  var isLineFormat: Bool { self == .tsv || self == .text }
}

/// How a data file is read: its name in messages and the tool's options.
struct ReadingOptions {
  var path: String
  var format: FileFormat
  /// `--id-column`, if given.
  var idColumn: String?
  /// `--text-column`, if given.
  var textColumn: String?
  /// `--skip-bad`.
  var skipsBadRecords = false
}

/// A problem the reader reported: where, and the tool's reason (`FILE:LINE: reason`).
struct LineProblem: Equatable {
  /// The line; nil for an error that is not about a record (a failed read).
  var line: Int?
  var reason: String
}

/// What one reading of a data file gave.
struct Reading: Equatable {
  /// The records, as the bytes of their id and text, in file order.
  var records: [[[UInt8]]] = []
  /// The error that stopped the reading, with the file it names.
  var error: (path: String, problem: LineProblem)?
  /// How many bad records `--skip-bad` skipped.
  var skippedCount = 0
  /// The first of them, as the tool lists them.
  var skipped: [LineProblem] = []

  static func == (reading: Reading, other: Reading) -> Bool {
    reading.records == other.records && reading.error?.path == other.error?.path
      && reading.error?.problem == other.error?.problem && reading.skippedCount == other.skippedCount
      && reading.skipped == other.skipped
  }
}

/// One progress report of a reading: bytes consumed of the total.
struct ReadingProgress: Equatable {
  var consumedByteCount: Int
  var totalByteCount: Int?
}

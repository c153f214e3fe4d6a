import PinyinSearch

/// What a `RecordDecoder` made of the lines fed to it: the records it completed, the bad records
/// it found, in file order, and any warnings.
///
/// A decoder appends here rather than throwing because one line can settle several records:
/// after a CSV quote that never closes, the lines read inside it are read again as records of
/// their own. `DataFileReader` takes the records, and stops at the first error or, with
/// `--skip-bad`, counts the errors up to the first fatal one and lists the first few. So only
/// those are kept: the first `keptErrorLimit` errors, their count, and the first fatal error
/// (none after it), and memory does not grow with the bad records of one call.
///
///     var output = DecodedRecords(keptErrorLimit: 10)
///     decoder.decode(line, terminator: .lineFeed, lineNumber: 7, into: &output)
///     output.records      // the records line 7 completed
///     output.errorCount   // how many bad records it settled
struct DecodedRecords {
  /// The records completed, in file order.
  var records: [Record] = []
  /// The first `keptErrorLimit` bad records, in file order.
  private(set) var errors: [RecordError] = []
  /// How many bad records were found, up to and including the first fatal one.
  private(set) var errorCount = 0
  /// The first fatal bad record (the CSV header), after which no error counts.
  private(set) var fatalError: RecordError?
  /// What is worth saying about the file without stopping.
  var warnings: [DataWarning] = []
  /// How many errors are kept in `errors`; the others are only counted.
  let keptErrorLimit: Int

  /// An empty output that keeps the first `keptErrorLimit` errors (at least one).
  init(keptErrorLimit: Int = SkippedRecords.listedLimit) {
    precondition(keptErrorLimit > 0, "DecodedRecords keeps at least the first error")
    self.keptErrorLimit = keptErrorLimit
  }

  /// Notes the bad record `error`, unless a fatal one came before it.
  ///
  /// - Complexity: O(1).
  mutating func reject(_ error: RecordError) {
    guard fatalError == nil else { return }
    errorCount += 1
    if errors.count < keptErrorLimit { errors.append(error) }
    if error.isFatal { fatalError = error }
  }

  /// Forgets the errors and warnings, keeping the records.
  mutating func removeErrorsAndWarnings() {
    errors.removeAll(keepingCapacity: true)
    errorCount = 0
    fatalError = nil
    warnings = []
  }
}

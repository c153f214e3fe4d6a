import PinyinSearch

/// What a `RecordDecoder` made of the lines fed to it: the records it completed, the bad records
/// it found, each in file order, and any warnings.
///
/// A decoder appends here rather than throwing because one line can settle several records:
/// after a CSV quote that never closes, the lines read inside it are read again as records of
/// their own. `DataFileReader` takes the records, and stops at the first error or, with
/// `--skip-bad`, counts the errors that are not fatal.
struct DecodedRecords {
  /// The records completed, in file order.
  var records: [Record] = []
  /// The bad records, in file order.
  var errors: [RecordError] = []
  /// What is worth saying about the file without stopping.
  var warnings: [DataWarning] = []
}

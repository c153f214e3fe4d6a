import PinyinSearch

/// One data format's decoder: turns the lines of a file, fed one by one, into records.
///
/// `DataFileReader` reads the lines (without terminators; a UTF-8 byte order mark at the start
/// of the file already removed), numbers them from 1, and decides what to do with a bad record:
/// stop with an error, or skip and count it (`--skip-bad`). A decoder only says what is wrong
/// and where, and stays ready for the next line whatever it found.
protocol RecordDecoder: Sendable {
  /// Decodes `line`, number `lineNumber`, which ended with `terminator`, and appends the records
  /// it completes and the bad records it finds to `output`.
  ///
  /// A bad record's line is the record's first line, or the line where the problem is.
  mutating func decode(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, into output: inout DecodedRecords)

  /// Takes note that line `lineNumber` is longer than `limit` bytes and was skipped unread, and
  /// appends the bad records that makes to `output`.
  mutating func skipLongLine(lineNumber: Int, limit: Int, into output: inout DecodedRecords)

  /// Ends the input after line `lastLineNumber`, appending any record still open to `output`,
  /// or the error that the end of the input leaves it incomplete.
  mutating func finish(lastLineNumber: Int, into output: inout DecodedRecords)
}

/// The defaults of formats whose records are single lines.
extension RecordDecoder {
  /// A line too long is one bad record.
  mutating func skipLongLine(lineNumber: Int, limit: Int, into output: inout DecodedRecords) {
    output.reject(RecordError(line: lineNumber, problem: .lineTooLong(limit: limit)))
  }

  /// Line-based formats have nothing open at the end.
  mutating func finish(lastLineNumber: Int, into output: inout DecodedRecords) {}
}

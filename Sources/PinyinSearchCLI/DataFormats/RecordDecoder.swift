import PinyinSearch

/// One data format's decoder: turns the lines of a file, fed one by one, into records.
///
/// `DataFileReader` reads the lines (without terminators; a UTF-8 byte order mark at the start
/// of the file already removed), numbers them from 1, and decides what to do with a bad record:
/// stop with an error, or skip and count it (`--skip-bad`). A decoder only says what is wrong
/// and where. After it throws, it must be ready for the line after the bad record.
protocol RecordDecoder: Sendable {
  /// Decodes `line`, number `lineNumber`, which ended with `terminator`, and appends the records
  /// it completes to `records`.
  ///
  /// - Throws: `RecordError` for a bad record; the line is the record's first line, or the
  ///   line where the problem is.
  mutating func decode(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, into records: inout [Record]
  ) throws(RecordError)

  /// Ends the input after line `lastLineNumber`, appending any record still open.
  ///
  /// - Throws: `RecordError` for a record the end of the input leaves incomplete.
  mutating func finish(lastLineNumber: Int, into records: inout [Record]) throws(RecordError)
}

/// The default end of input.
extension RecordDecoder {
  /// Line-based formats have nothing open at the end.
  mutating func finish(lastLineNumber: Int, into records: inout [Record]) throws(RecordError) {}
}

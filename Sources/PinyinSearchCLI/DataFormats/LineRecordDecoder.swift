import PinyinSearch

/// A decoder of a format whose records are single lines (TSV, text, JSON lines): it only says
/// what one line holds.
protocol LineRecordDecoder: RecordDecoder {
  /// The record of `line`, number `lineNumber`, or nil for a line that holds none (an empty or
  /// blank line).
  ///
  /// - Throws: `RecordError` for a bad line.
  func record(of line: ArraySlice<UInt8>, lineNumber: Int) throws(RecordError) -> Record?
}

/// Decoding a line at a time.
extension LineRecordDecoder {
  /// Appends the record of `line`, or its error, to `output`.
  mutating func decode(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, into output: inout DecodedRecords
  ) {
    do throws(RecordError) {
      if let record = try record(of: line, lineNumber: lineNumber) { output.records.append(record) }
    } catch {
      output.reject(error)
    }
  }
}

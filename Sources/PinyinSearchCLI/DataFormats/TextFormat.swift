import PinyinSearch

/// The plain-text format: every non-empty line is a record whose id is its 1-based line number
/// and whose text is the whole line, tabs and all.
///
/// An empty line is no record but counts for line numbers, so ids are the numbers an editor
/// shows. Invalid UTF-8 is an error.
///
///     刘亦菲      → Record(id: "1", text: "刘亦菲")
///                 (line 2, empty: no record)
///     西安	市    → Record(id: "3", text: "西安\t市")
struct TextFormat: LineRecordDecoder {
  /// Makes one line a record.
  func record(of line: ArraySlice<UInt8>, lineNumber: Int) throws(RecordError) -> Record? {
    if line.isEmpty { return nil }
    guard let text = String(validUTF8: line) else {
      throw RecordError(line: lineNumber, problem: .invalidUTF8)
    }
    return Record(id: String(lineNumber), text: text)
  }
}

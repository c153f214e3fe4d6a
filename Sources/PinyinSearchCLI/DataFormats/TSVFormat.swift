import PinyinSearch

/// The TSV format: one record a line, `id<TAB>text`, as Docs/Semantics.md describes for the batch
/// protocol's data files.
///
/// - An empty line is no record, but counts for line numbers.
/// - Any other line is split at its first tab into id and text; the text may hold more tabs.
/// - A line without a tab is a record whose id is its 1-based line number (`"7"`) and whose
///   text is the whole line.
/// - Invalid UTF-8 and an empty id are errors.
///
///     c17<TAB>刘亦菲       → Record(id: "c17", text: "刘亦菲")
///     老友记              → Record(id: "2", text: "老友记")   (on line 2)
struct TSVFormat: LineRecordDecoder {
  /// Splits one line into id and text.
  func record(of line: ArraySlice<UInt8>, lineNumber: Int) throws(RecordError) -> Record? {
    if line.isEmpty { return nil }
    guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else {
      guard let text = String(validUTF8: line) else {
        throw RecordError(line: lineNumber, problem: .invalidUTF8)
      }
      return Record(id: String(lineNumber), text: text)
    }
    guard
      let id = String(validUTF8: line[..<tab]),
      let text = String(validUTF8: line[(tab + 1)...])
    else {
      throw RecordError(line: lineNumber, problem: .invalidUTF8)
    }
    if id.isEmpty { throw RecordError(line: lineNumber, problem: .emptyID) }
    return Record(id: id, text: text)
  }
}

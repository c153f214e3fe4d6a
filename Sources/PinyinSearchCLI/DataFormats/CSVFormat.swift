import PinyinSearch

/// The CSV format of RFC 4180, with a header row that names the columns.
///
/// - Fields are separated by `,`; a field may be quoted with `"`, and then holds commas, line
///   breaks (kept exactly: `\r\n`, `\n` or `\r`) and quotes written twice (`""`).
/// - The first record is the header. `--id-column` and `--text-column` choose columns by name
///   (ignoring ASCII case and surrounding spaces when no name matches exactly) or by 1-based
///   number. Without them, the id is the column named `id`, else the first column that is not
///   the text column; the text is the column named `text`, else the first column that is not
///   the id column. A header of a single column (not named `id`) gives each record its line
///   number as id, as the TSV and text formats do.
/// - A record may have more fields than the columns chosen need; other columns are ignored.
/// - An empty line outside a quoted field is no record, but counts for line numbers.
///
/// Problems — invalid UTF-8, a quote inside an unquoted field, text after a closing quote, a
/// quoted field still open at the end of the file, a missing column, an empty id — are reported
/// with the line of the record (the quote's line for an unclosed quote) once the record ends, so
/// that `--skip-bad` skips exactly the bad record and reads on from the next one. Problems of
/// the header, and columns it lacks, are fatal: `--skip-bad` does not skip them.
///
///     id,name,note
///     c17,刘亦菲,"actress, ""Crystal"""
///     → Record(id: "c17", text: "刘亦菲")    (with the default columns: id, and the first other)
struct CSVFormat: RecordDecoder {
  /// `--id-column`, if given.
  let idColumn: ColumnSelector?
  /// `--text-column`, if given.
  let textColumn: ColumnSelector?

  /// The columns chosen, 0-based, once the header is read; a nil id column means line numbers.
  private var columns: (id: Int?, text: Int)?
  /// The header's names.
  private var header: [String] = []

  /// Where a field's parsing is.
  private enum FieldState {
    /// Nothing of the field read yet.
    case start
    /// Inside a field that did not start with a quote.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// Just after a quote inside a quoted field: the closing quote, or the first of `""`.
    case quoteInQuoted
  }

  /// The fields of the open record completed so far.
  private var fields: [[UInt8]] = []
  /// The bytes of the open field.
  private var field: [UInt8] = []
  /// Where the open field's parsing is.
  private var state = FieldState.start
  /// The line the open record started on; 0 when no record is open.
  private var recordLine = 0
  /// The line the open quoted field started on.
  private var quoteLine = 0
  /// The first problem of the open record, reported when it ends.
  private var problem: RecordError?

  /// A decoder choosing the columns `idColumn` and `textColumn` (nil: the defaults).
  init(idColumn: ColumnSelector?, textColumn: ColumnSelector?) {
    self.idColumn = idColumn
    self.textColumn = textColumn
  }

  /// Parses one line, continuing a record whose quoted field spans lines.
  mutating func decode(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, into records: inout [Record]
  ) throws(RecordError) {
    if recordLine == 0 {
      if line.isEmpty { return }
      recordLine = lineNumber
    }
    if problem == nil && String(validating: line, as: UTF8.self) == nil {
      problem = RecordError(line: lineNumber, problem: .invalidUTF8)
    }
    for byte in line {
      switch state {
      case .start:
        if byte == Self.quote {
          state = .quoted
          quoteLine = lineNumber
        } else if byte == Self.comma {
          endField()
        } else {
          field.append(byte)
          state = .unquoted
        }
      case .unquoted:
        if byte == Self.comma {
          endField()
        } else {
          if byte == Self.quote { note(.quoteInUnquotedField, lineNumber) }
          field.append(byte)
        }
      case .quoted:
        if byte == Self.quote { state = .quoteInQuoted } else { field.append(byte) }
      case .quoteInQuoted:
        if byte == Self.quote {
          field.append(byte)
          state = .quoted
        } else if byte == Self.comma {
          endField()
        } else {
          note(.textAfterClosingQuote, lineNumber)
          field.append(byte)
          state = .unquoted
        }
      }
    }
    if state == .quoted {
      field.append(contentsOf: terminator.bytes)  // a line break inside a quoted field
      return
    }
    endField()
    try completeRecord(into: &records)
  }

  /// Reports a quoted field still open at the end of the input.
  mutating func finish(lastLineNumber: Int, into records: inout [Record]) throws(RecordError) {
    guard recordLine != 0 else { return }
    var error = problem ?? RecordError(line: quoteLine, problem: .unterminatedQuote)
    error.isFatal = columns == nil  // the header
    reset()
    throw error
  }

  /// `"`.
  private static let quote = UInt8(ascii: "\"")
  /// `,`.
  private static let comma = UInt8(ascii: ",")

  /// Keeps the first problem of the open record.
  private mutating func note(_ problem: DataProblem, _ line: Int) {
    if self.problem == nil { self.problem = RecordError(line: line, problem: problem) }
  }

  /// Ends the open field and starts the next.
  private mutating func endField() {
    fields.append(field)
    field = []
    state = .start
  }

  /// Forgets the open record.
  private mutating func reset() {
    fields = []
    field = []
    state = .start
    recordLine = 0
    problem = nil
  }

  /// Turns the fields of the record that just ended into the header or a record.
  private mutating func completeRecord(into records: inout [Record]) throws(RecordError) {
    let fields = fields
    let line = recordLine
    let problem = problem
    reset()
    guard let columns else {
      // A bad header is fatal: skipping it would make the first record the header.
      if var problem {
        problem.isFatal = true
        throw problem
      }
      header = fields.map { String(decoding: $0, as: UTF8.self) }
      self.columns = try Self.columns(of: header, id: idColumn, text: textColumn, line: line)
      return
    }
    if let problem { throw problem }
    for column in [columns.id, columns.text] {
      if let column, column >= fields.count {
        throw RecordError(
          line: line, problem: .missingColumn(column + 1, name: header[column], fieldCount: fields.count))
      }
    }
    let id = columns.id.map { String(decoding: fields[$0], as: UTF8.self) } ?? String(line)
    if id.isEmpty { throw RecordError(line: line, problem: .emptyID) }
    records.append(Record(id: id, text: String(decoding: fields[columns.text], as: UTF8.self)))
  }

  /// The 0-based id and text columns of `header` (see the type's summary for the defaults).
  ///
  /// - Throws: A fatal `RecordError` on line `line` for a column the header does not have.
  static func columns(
    of header: [String], id idSelector: ColumnSelector?, text textSelector: ColumnSelector?, line: Int
  ) throws(RecordError) -> (id: Int?, text: Int) {
    /// The column `selector` chooses.
    func find(_ selector: ColumnSelector) throws(RecordError) -> Int {
      if let number = selector.number {
        guard (1...header.count).contains(number) else {
          throw RecordError(line: line, problem: .columnOutOfRange(number, columnCount: header.count), isFatal: true)
        }
        return number - 1
      }
      guard let index = named(selector.text) else {
        throw RecordError(line: line, problem: .noSuchColumn(selector.text, header: header), isFatal: true)
      }
      return index
    }
    /// The column called `name`: exactly, else ignoring case and surrounding spaces.
    func named(_ name: String) -> Int? {
      if let exact = header.firstIndex(of: name) { return exact }
      let wanted = normalized(name)
      return header.firstIndex { normalized($0) == wanted }
    }
    var id = try idSelector.map(find) ?? named("id")
    var text = try textSelector.map(find) ?? named("text")
    if id == nil && idSelector == nil && header.count >= 2 { id = header.indices.first { $0 != text } }
    if text == nil { text = header.indices.first { $0 != id } }
    guard let text else {
      throw RecordError(line: line, problem: .noSuchColumn("text", header: header), isFatal: true)
    }
    return (id, text)
  }

  /// `name` without surrounding spaces and tabs, ASCII letters lowercased: how header names are
  /// compared when none matches exactly.
  private static func normalized(_ name: String) -> String {
    let bytes = name.utf8.drop { $0 == 0x20 || $0 == 0x09 }
    let trimmed = bytes.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
    return String(decoding: Array(trimmed), as: UTF8.self).asciiLowercased()
  }
}

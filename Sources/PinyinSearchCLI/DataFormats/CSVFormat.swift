import PinyinSearch

/// The CSV format of RFC 4180, with a header row that names the columns (or without one).
///
/// - Fields are separated by `,`; a field may be quoted with `"`, and then holds commas, line
///   breaks (kept exactly: `\r\n`, `\n` or `\r`) and quotes written twice (`""`).
/// - The first record is the header, unless `--no-header`. `--id-column` and `--text-column`
///   choose columns by name (ignoring ASCII case and surrounding spaces when no name matches
///   exactly) or by 1-based number. Without them, the id is the column named `id`, else the
///   first column that is not the text column; the text is the column named `text`, else the
///   first column that is not the id column. A header of a single column (not named `id`) gives
///   each record its line number as id, as the TSV and text formats do.
/// - The rank is the column `--rank-column` chooses, else the column named `rank`, if any;
///   without one every rank is 0. The default id and text columns are never the rank column
///   (`rank,name` is read as a single column of text with ranks). A rank is an integer within
///   signed 64 bits, read exactly (`RankValue`); an empty field is an error, not 0, since a
///   rank column that is there should say each record's rank.
/// - With the default columns, a header that names no `id` or `text` column but holds a digit
///   looks like data: the decoder warns (`DataWarning.headerLooksLikeData`) and still takes it
///   for the header.
/// - With `--no-header` every record is data, and columns are chosen by number only: by
///   default the id is column 1 and the text column 2 (the other one when an option names one
///   of them; both skip a rank column, which has no default). A record without a column chosen
///   is a bad record, as with a header.
/// - A record may have more fields than the columns chosen need; other columns are ignored.
/// - An empty line outside a quoted field is no record, but counts for line numbers.
///
/// Problems — invalid UTF-8, a quote inside an unquoted field, text after a closing quote, a
/// missing column, an empty id, a rank that is not one — are reported with the line of the record (the line of the
/// problem for broken quoting) once the record ends, so that `--skip-bad` skips exactly the bad
/// record and reads on from the next one. Problems of the header, and columns it lacks, are
/// fatal: `--skip-bad` does not skip them.
///
/// A record that spans lines must end within `maxRecordBytes` (`--max-line-bytes`), line breaks
/// included. One that does not — a quote not closed before the end of the file, or within the
/// limit — is bad from its first line: without `--skip-bad` that is the error (`a quoted field
/// opened here is not closed…`); with it, only that first line is lost, and the lines after it
/// are read again as records of their own. So the decoder keeps the lines of an open record,
/// as the file has them (at most `maxRecordBytes` bytes), until the record ends. Each of them
/// was entered and left inside a quoted field, so a line read again that opens a quote of its
/// own is known to run to the last of them without their being parsed again. Each line is so
/// parsed at most three times (once at the start of a record, once inside a quoted field to
/// follow the quoting, once for the fields of a record that ends), and the time is linear in
/// the file even when every line opens a quote that never closes.
///
///     id,name,note,rank
///     c17,刘亦菲,"actress, ""Crystal""",5
///     → Record(id: "c17", text: "刘亦菲", rank: 5)    (the default columns: id, the first other, rank)
struct CSVFormat: RecordDecoder {
  /// `--id-column`, if given.
  let idColumn: ColumnSelector?
  /// `--text-column`, if given.
  let textColumn: ColumnSelector?
  /// `--rank-column`, if given.
  let rankColumn: ColumnSelector?
  /// The most bytes a record spanning lines may have, line breaks included (`--max-line-bytes`).
  let maxRecordBytes: Int
  /// Whether the first record is the header (not `--no-header`).
  let hasHeader: Bool

  /// The columns chosen, 0-based, once the header is read; a nil id column means line numbers,
  /// a nil rank column rank 0.
  private var columns: (id: Int?, text: Int, rank: Int?)?
  /// The header's names.
  private var header: [String] = []

  /// Why the open record cannot end.
  private enum Overrun {
    /// The input ended.
    case endOfInput
    /// The next line, of this many bytes, would take it over `maxRecordBytes`.
    case limit(nextLineBytes: Int)
  }

  /// The open record's first line, parsed, when it ended inside a quoted field; nil when no
  /// record is open.
  private var head: CSVRecordParser?
  /// The number of the open record's first line.
  private var headLine = 0
  /// The size of the open record's first line, with its terminator.
  private var headByteCount = 0
  /// The open record's lines after the first, exactly as the file has them (terminators
  /// included), at `window[windowStart...]`: each was entered and left inside a quoted field.
  /// One buffer rather than an array of lines, so that memory is the bytes kept and no more,
  /// however short the lines.
  private var window: [UInt8] = []
  private var windowStart = 0
  /// The number of the line at `windowStart`.
  private var windowLine = 0
  /// The last line that, entered inside a quoted field, closed it and opened another; 0 for none.
  private var lastQuoteOpening = 0
  /// How many bytes were parsed, for tests of the time bound: at most three times the input's.
  private(set) var parsedByteCount = 0

  /// A decoder choosing the columns `idColumn`, `textColumn` and `rankColumn` (nil: the
  /// defaults), whose records may have up to `maxRecordBytes` bytes; without `hasHeader`, the
  /// columns must be chosen by number (`DataSource` makes sure they are).
  init(
    idColumn: ColumnSelector?, textColumn: ColumnSelector?, rankColumn: ColumnSelector? = nil,
    hasHeader: Bool = true, maxRecordBytes: Int = LineReader.defaultMaxLineBytes
  ) {
    self.idColumn = idColumn
    self.textColumn = textColumn
    self.rankColumn = rankColumn
    self.hasHeader = hasHeader
    self.maxRecordBytes = maxRecordBytes
    if !hasHeader {
      columns = Self.numberedColumns(id: idColumn?.number, text: textColumn?.number, rank: rankColumn?.number)
    }
  }

  /// Parses one line: a new record, or the next line of one whose quoted field spans lines.
  ///
  /// - Complexity: Amortised O(n) in the length of the line: over a file, O(n) in its bytes
  ///   whatever its quoting, with at most `maxRecordBytes` bytes kept.
  mutating func decode(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, into output: inout DecodedRecords
  ) {
    if head == nil {
      start(line, terminator: terminator, lineNumber: lineNumber, into: &output)
      return
    }
    if !fits(line.count) {
      abandonHead(.limit(nextLineBytes: line.count), into: &output)
      if head == nil {
        start(line, terminator: terminator, lineNumber: lineNumber, into: &output)
        return
      }
    }
    var scan = CSVRecordParser(insideQuotedField: true)
    scan.parse(line, terminator: terminator, lineNumber: lineNumber, keepsContent: false)
    parsedByteCount += line.count
    if scan.isInQuotedField {
      window += line
      window += terminator.bytes
      if scan.quoteLine == lineNumber { lastQuoteOpening = lineNumber }
      return
    }
    // The record ends on this line: its fields, at last.
    guard var parser = head else { return }
    var offset = windowStart
    var number = windowLine
    while let (range, keptTerminator) = Self.line(in: window, from: offset) {
      parser.parse(window[range], terminator: keptTerminator, lineNumber: number)
      parsedByteCount += range.count
      offset = range.upperBound + keptTerminator.bytes.count
      number += 1
    }
    parser.parse(line, terminator: terminator, lineNumber: lineNumber)
    parsedByteCount += line.count
    let firstLine = headLine
    closeHead()
    complete(parser, firstLine: firstLine, into: &output)
  }

  /// A line longer than the limit ends the open record, which cannot hold it, and is bad itself.
  mutating func skipLongLine(lineNumber: Int, limit: Int, into output: inout DecodedRecords) {
    if head != nil { abandonHead(.limit(nextLineBytes: Int.max), into: &output) }
    // A header too long is fatal, as every bad header is.
    output.reject(RecordError(line: lineNumber, problem: .lineTooLong(limit: limit), isFatal: columns == nil))
  }

  /// Reports a record still open at the end of the input, and reads on after its first line.
  mutating func finish(lastLineNumber: Int, into output: inout DecodedRecords) {
    abandonHead(.endOfInput, into: &output)
  }

  /// Whether a line of `count` bytes more keeps the open record within `maxRecordBytes`.
  private func fits(_ count: Int) -> Bool {
    count <= maxRecordBytes - headByteCount - (window.count - windowStart)
  }

  /// The first line of `bytes` from `offset` — split as `LineReader` split them, which it can
  /// be, since a lone `\r` is never followed by `\n` there — and its terminator; nil at the end.
  private static func line(in bytes: [UInt8], from offset: Int) -> (Range<Int>, LineTerminator)? {
    guard offset < bytes.count else { return nil }
    guard let end = bytes[offset...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
      return (offset..<bytes.count, .none)
    }
    if bytes[end] == 0x0A { return (offset..<end, .lineFeed) }
    if end + 1 < bytes.count && bytes[end + 1] == 0x0A { return (offset..<end, .carriageReturnLineFeed) }
    return (offset..<end, .carriageReturn)
  }

  /// Parses `line` as the first line of a record: completes the record, or opens it when the
  /// line ends inside a quoted field (the kept lines after it, if any, are its next lines).
  private mutating func start(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, into output: inout DecodedRecords
  ) {
    if line.isEmpty { return }
    var parser = CSVRecordParser()
    parser.parse(line, terminator: terminator, lineNumber: lineNumber)
    parsedByteCount += line.count
    guard parser.isInQuotedField else {
      complete(parser, firstLine: lineNumber, into: &output)
      return
    }
    head = parser
    headLine = lineNumber
    headByteCount = line.count + terminator.bytes.count
    windowLine = lineNumber + 1
  }

  /// Reports the open record as bad from its first line (`overrun` says why it cannot end), then
  /// reads the lines after that line again, from the start of a record, until one opens a record
  /// again. That record holds every kept line after it, since each was read inside a quoted
  /// field and left inside one; it stays open if it can still end, and is abandoned in turn
  /// otherwise, until no kept line is left or a record stays open.
  private mutating func abandonHead(_ overrun: Overrun, into output: inout DecodedRecords) {
    while let parser = head {
      var error: RecordError
      if let problem = parser.problem {
        error = problem  // a problem of the first line: the one line lost
      } else {
        switch overrun {
        case .endOfInput:
          error = RecordError(
            line: headLine, problem: lastQuoteOpening > headLine ? .unterminatedRecord : .unterminatedQuote)
        case .limit: error = RecordError(line: headLine, problem: .recordTooLong(limit: maxRecordBytes))
        }
      }
      head = nil
      guard columns != nil else {
        // A bad header is fatal: skipping it would make the first record the header.
        error.isFatal = true
        output.reject(error)
        closeHead()
        return
      }
      output.reject(error)
      while head == nil, let (range, terminator) = Self.line(in: window, from: windowStart) {
        let number = windowLine
        windowStart = range.upperBound + terminator.bytes.count
        windowLine += 1
        start(window[range], terminator: terminator, lineNumber: number, into: &output)
      }
      if head == nil {
        closeHead()
        return
      }
      if windowStart > 4096 && windowStart * 2 > window.count {
        window.removeFirst(windowStart)
        windowStart = 0
      }
      if case .limit(let next) = overrun, fits(next) { return }
    }
  }

  /// Forgets the open record and the lines kept for it (keeping the buffer's capacity, at most
  /// `maxRecordBytes`, for the next record that spans lines).
  private mutating func closeHead() {
    head = nil
    headLine = 0
    headByteCount = 0
    window.removeAll(keepingCapacity: true)
    windowStart = 0
    windowLine = 0
    lastQuoteOpening = 0
  }

  /// Turns the fields of a record that ended, which started on line `firstLine`, into the header
  /// or a record.
  private mutating func complete(_ parser: CSVRecordParser, firstLine line: Int, into output: inout DecodedRecords) {
    let fields = parser.fields
    guard let columns else {
      // A bad header is fatal: skipping it would make the first record the header.
      if var problem = parser.problem {
        problem.isFatal = true
        output.reject(problem)
        return
      }
      header = fields.map { String(decoding: $0, as: UTF8.self) }
      do throws(RecordError) {
        self.columns = try Self.columns(of: header, id: idColumn, text: textColumn, rank: rankColumn, line: line)
      } catch {
        output.reject(error)
      }
      if idColumn == nil && textColumn == nil && rankColumn == nil && Self.looksLikeData(header) {
        output.warnings.append(.headerLooksLikeData)
      }
      return
    }
    if let problem = parser.problem {
      output.reject(problem)
      return
    }
    for column in [columns.id, columns.text, columns.rank] {
      if let column, column >= fields.count {
        output.reject(
          RecordError(
            line: line,
            problem: .missingColumn(
              column + 1, name: header.indices.contains(column) ? header[column] : nil, fieldCount: fields.count)))
        return
      }
    }
    let id = columns.id.map { String(decoding: fields[$0], as: UTF8.self) } ?? String(line)
    if id.isEmpty {
      output.reject(RecordError(line: line, problem: .emptyID))
      return
    }
    var rank: Int64 = 0
    if let column = columns.rank {
      do throws(RankProblem) {
        rank = try RankValue.parse(String(decoding: fields[column], as: UTF8.self))
      } catch {
        output.reject(RecordError(line: line, problem: .invalidRank(error)))
        return
      }
    }
    output.records.append(Record(id: id, text: String(decoding: fields[columns.text], as: UTF8.self), rank: rank))
  }

  /// The 0-based id, text and rank columns of `header` (see the type's summary for the defaults).
  ///
  /// - Throws: A fatal `RecordError` on line `line` for a column the header does not have.
  static func columns(
    of header: [String], id idSelector: ColumnSelector?, text textSelector: ColumnSelector?,
    rank rankSelector: ColumnSelector? = nil, line: Int
  ) throws(RecordError) -> (id: Int?, text: Int, rank: Int?) {
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
    let rank = try rankSelector.map(find) ?? named("rank")
    var id = try idSelector.map(find) ?? named("id")
    var text = try textSelector.map(find) ?? named("text")
    // The defaults are among the columns other than the rank column.
    let others = header.indices.filter { $0 != rank }
    if id == nil && idSelector == nil && others.count >= 2 { id = others.first { $0 != text } }
    if text == nil { text = others.first { $0 != id } }
    guard let text else {
      throw RecordError(line: line, problem: .noSuchColumn("text", header: header), isFatal: true)
    }
    return (id, text, rank)
  }

  /// The 0-based id, text and rank columns without a header: the 1-based numbers `id`, `text`
  /// and `rank` when given; by default the id is the first column other than the rank column and
  /// the text the second, or, when the other is given as one of those two, the first that it is
  /// not. No rank column by default.
  ///
  ///     numberedColumns(id: nil, text: nil, rank: nil)   // (0, 1, nil)
  ///     numberedColumns(id: 2, text: nil, rank: nil)     // (1, 0, nil)
  ///     numberedColumns(id: nil, text: nil, rank: 1)     // (1, 2, 0)
  static func numberedColumns(id: Int?, text: Int?, rank: Int?) -> (id: Int?, text: Int, rank: Int?) {
    let rankColumn = rank.map { $0 - 1 }
    let first = rankColumn == 0 ? 1 : 0
    let second = rankColumn == first + 1 ? first + 2 : first + 1
    let idColumn = id.map { $0 - 1 }
    let textColumn = text.map { $0 - 1 } ?? (idColumn == second ? first : second)
    return (idColumn ?? (textColumn == first ? second : first), textColumn, rankColumn)
  }

  /// Whether a header row, read with the default columns, looks like a row of data: it names no
  /// column `id`, `text` or `rank` (case and surrounding spaces aside), and a field holds an ASCII digit,
  /// as ids, phone numbers and counts do and column names seldom do. (Names without digits,
  /// `name,phone` or `姓名,电话`, pass for a header; so does a row of data without digits.)
  static func looksLikeData(_ header: [String]) -> Bool {
    !header.contains { ["id", "text", "rank"].contains(normalized($0)) }
      && header.contains { $0.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
  }

  /// `name` without surrounding spaces and tabs, ASCII letters lowercased: how header names are
  /// compared when none matches exactly.
  private static func normalized(_ name: String) -> String {
    let bytes = name.utf8.drop { $0 == 0x20 || $0 == 0x09 }
    let trimmed = bytes.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
    return String(decoding: Array(trimmed), as: UTF8.self).asciiLowercased()
  }
}

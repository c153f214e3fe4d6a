import PinyinSearch

/// The byte-level state machine of RFC 4180 CSV, over the lines of one record.
///
/// Fed a record's lines in order, it splits them into fields: a field may be quoted with `"`,
/// and then holds commas, quotes written twice (`""`) and line breaks, kept exactly as the
/// lines ended (`\r\n`, `\n` or `\r`). After each line, `isInQuotedField` tells whether the
/// record goes on (the line ended inside a quoted field) or ended with it; the fields are then
/// in `fields`. It notes the first problem (invalid UTF-8, a quote inside an unquoted field,
/// text after a closing quote) and goes on following the quoting, so that the record's extent
/// is the same with or without problems.
///
/// Where a line leaves the machine depends only on where it enters it — at the start of a
/// record, or inside a quoted field — and on the line's bytes, so that `CSVFormat` can tell how
/// a line continues a record without keeping its fields (`keepsContent: false`).
///
///     var parser = CSVRecordParser()
///     parser.parse(Array("c17,\"a,".utf8)[...], terminator: .lineFeed, lineNumber: 2)
///     parser.isInQuotedField   // true
///     parser.parse(Array("b\"".utf8)[...], terminator: .lineFeed, lineNumber: 3)
///     parser.fields            // ["c17", "a,\nb"] as bytes
struct CSVRecordParser: Sendable {
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

  /// The fields of the record completed so far.
  private(set) var fields: [[UInt8]] = []
  /// The bytes of the open field.
  private var field: [UInt8] = []
  /// Where the open field's parsing is.
  private var state: FieldState
  /// The line on which the quoted field open now (or last) was opened; 0 before any.
  private(set) var quoteLine = 0
  /// The first problem of the record.
  private(set) var problem: RecordError?

  /// A parser at the start of a record, or, with `insideQuotedField`, inside a quoted field
  /// (how a line after the first of a record is entered).
  init(insideQuotedField: Bool = false) {
    state = insideQuotedField ? .quoted : .start
  }

  /// Whether the lines so far ended inside a quoted field, so that the record goes on.
  var isInQuotedField: Bool { state == .quoted }

  /// Parses `line`, number `lineNumber`: splits it into fields, ending the record at its end
  /// unless a quoted field is open, in which case `terminator` is kept in the field. Without
  /// `keepsContent`, only follows the quoting (for `isInQuotedField` and `quoteLine`) and keeps
  /// no bytes and no problems.
  ///
  /// - Complexity: O(n) in the length of the line.
  mutating func parse(
    _ line: ArraySlice<UInt8>, terminator: LineTerminator, lineNumber: Int, keepsContent: Bool = true
  ) {
    if keepsContent && problem == nil && !line.isValidUTF8 {
      problem = RecordError(line: lineNumber, problem: .invalidUTF8)
    }
    for byte in line {
      switch state {
      case .start:
        if byte == Self.quote {
          state = .quoted
          quoteLine = lineNumber
        } else if byte == Self.comma {
          endField(keepsContent)
        } else {
          if keepsContent { field.append(byte) }
          state = .unquoted
        }
      case .unquoted:
        if byte == Self.comma {
          endField(keepsContent)
        } else if keepsContent {
          if byte == Self.quote { note(.quoteInUnquotedField, lineNumber) }
          field.append(byte)
        }
      case .quoted:
        if byte == Self.quote {
          state = .quoteInQuoted
        } else if keepsContent {
          field.append(byte)
        }
      case .quoteInQuoted:
        if byte == Self.quote {
          if keepsContent { field.append(byte) }
          state = .quoted
        } else if byte == Self.comma {
          endField(keepsContent)
        } else {
          if keepsContent {
            note(.textAfterClosingQuote, lineNumber)
            field.append(byte)
          }
          state = .unquoted
        }
      }
    }
    if state == .quoted {
      if keepsContent { field.append(contentsOf: terminator.bytes) }  // a line break inside a quoted field
    } else {
      endField(keepsContent)
    }
  }

  /// `"`.
  private static let quote = UInt8(ascii: "\"")
  /// `,`.
  private static let comma = UInt8(ascii: ",")

  /// Keeps the first problem of the record.
  private mutating func note(_ problem: DataProblem, _ line: Int) {
    if self.problem == nil { self.problem = RecordError(line: line, problem: problem) }
  }

  /// Ends the open field and starts the next.
  private mutating func endField(_ keepsContent: Bool) {
    if keepsContent {
      fields.append(field)
      field = []
    }
    state = .start
  }
}

/// What can be wrong with a record of a data file; each problem's `description` is the reason
/// printed after `FILE:LINE: `.
enum DataProblem: Equatable, Sendable, CustomStringConvertible {
  /// The line is longer than the limit, in bytes (`--max-line-bytes`, 16 MiB by default).
  case lineTooLong(limit: Int)
  /// The line is not valid UTF-8.
  case invalidUTF8
  /// The id is empty.
  case emptyID
  /// A CSV quoted field is still open at the end of the file; the line is where it opened.
  case unterminatedQuote
  /// A CSV record does not end before the end of the file: a quoted field opened on its first
  /// line is closed on a later one, but another quoted field, opened after that, is not.
  case unterminatedRecord
  /// A CSV record whose quoted field spans lines is longer than the limit, in bytes
  /// (`--max-line-bytes`), line breaks included.
  case recordTooLong(limit: Int)
  /// A CSV quoted field's closing quote is followed by something other than `,` or the line's end.
  case textAfterClosingQuote
  /// A `"` inside a CSV field that does not start with one.
  case quoteInUnquotedField
  /// A CSV record has fewer fields than the column it needs (1-based), whose header is `name`
  /// (nil with `--no-header`).
  case missingColumn(Int, name: String?, fieldCount: Int)
  /// The CSV header has no column called `name` (case and surrounding spaces aside).
  case noSuchColumn(String, header: [String])
  /// A column number beyond the CSV header's columns.
  case columnOutOfRange(Int, columnCount: Int)
  /// A JSON-lines line is not JSON: the reason, and the 1-based character where it was found.
  case invalidJSON(String, column: Int)
  /// A JSON-lines line is JSON but not an object.
  case notAnObject
  /// A JSON-lines object lacks a field.
  case missingField(String)
  /// A JSON-lines field has the wrong type: what it is, and what was expected.
  case wrongFieldType(String, found: String, expected: String)
  /// The rank (a CSV column or JSON-lines field) is not an integer within signed 64 bits.
  case invalidRank(RankProblem)

  /// The reason, e.g. `missing field "text"`.
  var description: String {
    switch self {
    case .lineTooLong(let limit): "line longer than \(limit) bytes (raise the limit with --max-line-bytes)"
    case .invalidUTF8: "invalid UTF-8"
    case .emptyID: "empty id"
    case .unterminatedQuote: "a quoted field opened here is not closed before the end of the file"
    case .unterminatedRecord:
      "the record starting here does not end before the end of the file (a quoted field in it is not closed)"
    case .recordTooLong(let limit):
      "record longer than \(limit) bytes: its quoted field spans lines (raise the limit with --max-line-bytes)"
    case .textAfterClosingQuote: "text after the closing quote of a field (a quote inside a field is written \"\")"
    case .quoteInUnquotedField: "a quote inside a field that does not start with one (quote the whole field)"
    case .missingColumn(let number, let name, let fieldCount):
      "missing column \(number)\(name.map { " (\(JSON.quoted($0)))" } ?? ""): the record has \(fieldCount) field"
        + (fieldCount == 1 ? "" : "s")
    case .noSuchColumn(let name, let header):
      "the header has no column \(JSON.quoted(name)); it has \(header.map(JSON.quoted).joined(separator: ", "))"
    case .columnOutOfRange(let number, let count):
      "no column \(number): the header has \(count) column" + (count == 1 ? "" : "s")
    case .invalidJSON(let reason, let column): "invalid JSON at character \(column): \(reason)"
    case .notAnObject: "not a JSON object"
    case .missingField(let name): "missing field \(JSON.quoted(name))"
    case .wrongFieldType(let name, let found, let expected): "field \(JSON.quoted(name)) is \(found), not \(expected)"
    case .invalidRank(let problem): problem.description
    }
  }
}

import PinyinSearch

/// The JSON-lines format (also called NDJSON): one JSON object per line.
///
/// - The id is the field `id` and the text the field `text`, unless `--id-column` and
///   `--text-column` name other fields. Each may be a JSON string or a JSON number; a number is
///   kept exactly as written (`7` is the id `"7"`, `1.50` the id `"1.50"`).
/// - The rank is the field `rank` (or the one `--rank-column` names), a JSON number that is an
///   integer within signed 64 bits, read exactly (`RankValue`: no fraction, no exponent; `-0`
///   is 0); a record without the field has rank 0. A string, `null` or any other value is an
///   error.
/// - Other fields, nested values included, are checked and ignored.
/// - A line of white space only is no record, but counts for line numbers.
/// - Problems: invalid UTF-8, a line that is not JSON (with the character where it goes wrong),
///   JSON that is not an object, a missing field, a field of another type, an empty id, a rank
///   that is not one.
///
///     {"id": "c17", "text": "刘亦菲", "tags": ["actress"]}   → Record(id: "c17", text: "刘亦菲")
///     {"id": 2, "text": "\u897F\u5B89", "rank": 5}          → Record(id: "2", text: "西安", rank: 5)
struct JSONLinesFormat: LineRecordDecoder {
  /// The field holding the id.
  let idField: String
  /// The field holding the text.
  let textField: String
  /// The field holding the rank.
  let rankField: String

  /// A decoder of the fields `idField`, `textField` and `rankField`.
  init(idField: String = "id", textField: String = "text", rankField: String = "rank") {
    self.idField = idField
    self.textField = textField
    self.rankField = rankField
  }

  /// Parses one line's object and takes its id, text and rank.
  func record(of line: ArraySlice<UInt8>, lineNumber: Int) throws(RecordError) -> Record? {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
    guard line.isValidUTF8 else {
      throw RecordError(line: lineNumber, problem: .invalidUTF8)
    }
    let parsed: JSONLineParser.Line
    do throws(JSONLineParser.SyntaxError) {
      parsed = try JSONLineParser(wanted: [idField, textField, rankField]).parse(line)
    } catch {
      throw RecordError(line: lineNumber, problem: .invalidJSON(error.reason, column: error.column))
    }
    guard case .object(let fields) = parsed else { throw RecordError(line: lineNumber, problem: .notAnObject) }
    let id = try scalar(fields, idField, lineNumber)
    if id.isEmpty { throw RecordError(line: lineNumber, problem: .emptyID) }
    let text = try scalar(fields, textField, lineNumber)
    return Record(id: id, text: text, rank: try rank(fields, lineNumber))
  }

  /// The integer in field `rankField`, or 0 when there is none.
  private func rank(_ fields: [String: JSONLineParser.Value], _ line: Int) throws(RecordError) -> Int64 {
    switch fields[rankField] {
    case nil: return 0
    case .number(let text):
      do throws(RankProblem) {
        return try RankValue.parse(text)
      } catch {
        throw RecordError(line: line, problem: .invalidRank(error))
      }
    case .some(let other):
      throw RecordError(line: line, problem: .wrongFieldType(rankField, found: other.name, expected: "an integer"))
    }
  }

  /// The string or number in field `name`.
  private func scalar(
    _ fields: [String: JSONLineParser.Value], _ name: String, _ line: Int
  ) throws(RecordError) -> String {
    switch fields[name] {
    case nil: throw RecordError(line: line, problem: .missingField(name))
    case .string(let text), .number(let text): return text
    case .some(let other):
      throw RecordError(line: line, problem: .wrongFieldType(name, found: other.name, expected: "a string or a number"))
    }
  }
}

/// The formats `--data FILE` reads, chosen by `--format` or by the file's extension.
///
/// | Format  | Extensions                  | A record is                                   |
/// |---------|-----------------------------|-----------------------------------------------|
/// | `tsv`   | `.tsv`, `.tab`, any other   | a line `id<TAB>text` (see `TSVFormat`)        |
/// | `csv`   | `.csv`                      | a row of RFC 4180 CSV with a header row       |
/// | `jsonl` | `.jsonl`, `.ndjson`, `.json`| a line `{"id": …, "text": …}`                 |
/// | `text`  | `.txt`, `.text`             | a line; its id is its line number             |
///
/// Extensions compare ignoring ASCII case. A file without one of these extensions, and standard
/// input (`-`), are TSV unless `--format` says otherwise: TSV was the only format before, so
/// existing command lines keep their meaning.
enum DataFormat: String, CaseIterable, Sendable {
  /// Tab-separated `id<TAB>text` lines.
  case tsv
  /// Comma-separated values with a header row (RFC 4180).
  case csv
  /// One JSON object per line.
  case jsonl
  /// One record per line, numbered.
  case text

  /// The format a file's name suggests, or nil when its extension names none.
  ///
  ///     DataFormat(path: "people.CSV")   // .csv
  ///     DataFormat(path: "a.b/people")   // nil
  init?(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch String(name[name.index(after: dot)...]).asciiLowercased() {
    case "tsv", "tab": self = .tsv
    case "csv": self = .csv
    case "jsonl", "ndjson", "json": self = .jsonl
    case "txt", "text": self = .text
    default: return nil
    }
  }

  /// Whether `--id-column` and `--text-column` mean something for the format.
  var hasSelectableColumns: Bool { self == .csv || self == .jsonl }

  /// A decoder of the format, for the columns or fields `options` choose.
  func makeDecoder(_ options: DataFileOptions) -> any RecordDecoder {
    switch self {
    case .tsv: TSVFormat()
    case .csv: CSVFormat(idColumn: options.idColumn, textColumn: options.textColumn)
    case .jsonl:
      JSONLinesFormat(idField: options.idColumn?.text ?? "id", textField: options.textColumn?.text ?? "text")
    case .text: TextFormat()
    }
  }
}

/// How to read one data file: the `--data`, `--format`, `--id-column`, `--text-column` and
/// `--skip-bad` options together.
struct DataFileOptions: Equatable, Sendable {
  /// The path, or `-` for standard input.
  var path: String
  /// The format: `--format`, else the one the extension names, else TSV.
  var format: DataFormat
  /// `--id-column`: the CSV column or JSON field holding the id; nil for the default.
  var idColumn: ColumnSelector?
  /// `--text-column`: the CSV column or JSON field holding the text; nil for the default.
  var textColumn: ColumnSelector?
  /// `--skip-bad`: skip and count bad records instead of stopping at the first.
  var skipsBadRecords = false

  /// Whether the records come from standard input.
  var isStandardInput: Bool { path == "-" }

  /// What errors and progress call the file: its path, or `standard input`.
  var displayName: String { isStandardInput ? "standard input" : path }
}

/// A CSV column or JSON-lines field chosen by `--id-column` or `--text-column`: a name, or for
/// CSV a 1-based column number.
///
///     ColumnSelector("2").number      // 2
///     ColumnSelector("name").number   // nil
struct ColumnSelector: Equatable, Sendable {
  /// The value as given: a header name or field name, or a decimal column number.
  var text: String

  /// The value of an option, which must not be empty.
  init(_ text: String) {
    self.text = text
  }

  /// The 1-based column number the value spells, when it is made of ASCII digits only.
  var number: Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    return Int(text)
  }
}

/// ASCII case folding, for extensions and CSV header names.
extension String {
  /// The string with ASCII letters lowercased and every other character kept.
  func asciiLowercased() -> String {
    String(
      decoding: utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
      as: UTF8.self)
  }
}

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

  /// Whether `--id-column`, `--text-column` and `--rank-column` mean something for the format
  /// (TSV and text records have no columns, and rank 0).
  var hasSelectableColumns: Bool { self == .csv || self == .jsonl }

  /// A decoder of the format, for the columns or fields `options` choose.
  func makeDecoder(_ options: DataFileOptions) -> any RecordDecoder {
    switch self {
    case .tsv: TSVFormat()
    case .csv:
      CSVFormat(
        idColumn: options.idColumn, textColumn: options.textColumn, rankColumn: options.rankColumn,
        hasHeader: options.hasHeader, maxRecordBytes: options.maxLineBytes)
    case .jsonl:
      JSONLinesFormat(
        idField: options.idColumn?.text ?? "id", textField: options.textColumn?.text ?? "text",
        rankField: options.rankColumn?.text ?? "rank")
    case .text: TextFormat()
    }
  }
}

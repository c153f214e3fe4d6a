import PinyinSearch

@testable import PinyinSearchCLI

/// The records of `bytes` read as the tool reads a data file (`DataFileReader.readAll`), with
/// the bad records skipped under `--skip-bad`; `options.path` names them in errors.
func readDataFile(
  _ bytes: [UInt8], options: DataFileOptions
) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  var reader = DataFileReader(bytes: bytes, options: options)
  return (try reader.readAll(), reader.skipped)
}

/// The records of the file `options` names, read as the tool reads it.
func readDataFile(options: DataFileOptions) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  var reader = try DataFileReader(options: options)
  defer { reader.close() }
  return (try reader.readAll(), reader.skipped)
}

/// Reads `text` (or `bytes`) as a data file named `name` in `format`.
func readRecords(
  _ text: String, _ format: DataFormat, name: String = "data", id: String? = nil, text textColumn: String? = nil,
  skipBad: Bool = false, maxLineBytes: Int = LineReader.defaultMaxLineBytes
) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  try readRecords(
    Array(text.utf8), format, name: name, id: id, text: textColumn, skipBad: skipBad, maxLineBytes: maxLineBytes)
}

func readRecords(
  _ bytes: [UInt8], _ format: DataFormat, name: String = "data", id: String? = nil, text textColumn: String? = nil,
  skipBad: Bool = false, maxLineBytes: Int = LineReader.defaultMaxLineBytes
) throws(CommandLineError) -> (records: [Record], skipped: SkippedRecords) {
  let options = DataFileOptions(
    path: name, format: format, idColumn: id.map(ColumnSelector.init), textColumn: textColumn.map(ColumnSelector.init),
    skipsBadRecords: skipBad, maxLineBytes: maxLineBytes)
  return try readDataFile(bytes, options: options)
}

/// `(id, text)` pairs, compact to compare.
func pairs(_ records: [Record]) -> [[String]] {
  records.map { [$0.id, $0.text] }
}

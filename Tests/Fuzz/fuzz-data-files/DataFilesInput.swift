import FuzzSupport

/// One input of `fuzz-data-files`: the options of the data file, then the file.
///
/// - Byte 0: the format (bits 0–1: tsv, csv, jsonl, text), `--skip-bad` (bit 2), and the
///   batch size of the second reading (bits 3–7, plus 1: 1 to 32 records).
/// - Byte 1, for CSV and JSON lines only (the tool refuses the options for the others):
///   `--id-column` (bits 0–3) and `--text-column` (bits 4–7), each one of `columnChoices`.
/// - The rest of the input is the file.
struct DataFilesInput {
  /// The options, as the tool's command line would set them.
  var options: ReadingOptions
  /// How many records the second reading asks each `nextBatch(minimumCount:)` for.
  var batchSize: Int
  /// The file's bytes.
  var file: [UInt8]

  /// What the column bytes choose: mostly the defaults, then numbers (0 and too large ones
  /// included) and names in any case, with spaces, or missing.
  static let columnChoices: [String?] = [
    nil, nil, nil, nil, "1", "2", "3", "0", "id", "text", "name", " TEXT ", "Id", "18446744073709551616", "名字", "phone",
  ]

  /// The input that `bytes` write.
  init(decoding bytes: some Collection<UInt8>) {
    var reader = FuzzReader(bytes)
    let flags = reader.byte()
    let format = FileFormat.allCases[Int(flags & 3)]
    let columns = format.hasSelectableColumns ? reader.byte() : 0
    options = ReadingOptions(
      path: "input.\(format)", format: format, idColumn: Self.columnChoices[Int(columns & 15)],
      textColumn: Self.columnChoices[Int(columns >> 4)], skipsBadRecords: flags & 4 != 0)
    batchSize = 1 + Int(flags >> 3)
    file = Array(reader.rest())
  }

  /// The bytes of an input reading `file` in `format`; `id` and `text` index `columnChoices`.
  static func encode(
    _ file: String, _ format: FileFormat, skipBad: Bool = false, batchSize: Int = 1, id: Int = 0, text: Int = 0
  ) -> [UInt8] {
    let formatNumber = UInt8(FileFormat.allCases.firstIndex(of: format)!)
    var bytes = [formatNumber | (skipBad ? 4 : 0) | UInt8(batchSize - 1) << 3]
    if format.hasSelectableColumns { bytes.append(UInt8(id) | UInt8(text) << 4) }
    return bytes + Array(file.utf8)
  }
}

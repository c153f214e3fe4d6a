import PinyinSearch

/// The reader of data files in the TSV format: one record a line, `id<TAB>text`.
///
/// - Lines end with `\n` or `\r\n`, which is not part of the text.
/// - An empty line is no record, but counts for line numbers.
/// - Any other line is split at its first tab into id and text; the text may hold more tabs.
/// - A line without a tab is a record whose id is its 1-based line number (`"7"`) and whose
///   text is the whole line.
/// - A UTF-8 byte order mark at the start of the file is skipped.
/// - Invalid UTF-8 and an empty id are errors naming the file and line.
///
/// Records come back in file order, repeated ids included; an engine keeps the later text of a
/// repeated id, as SEMANTICS.md requires.
///
///     try DataFile.records(in: Array("c1\t刘亦菲\r\n\n张三".utf8), path: "a.tsv")
///     // [Record(id: "c1", text: "刘亦菲"), Record(id: "3", text: "张三")]
enum DataFile {
  /// The records of the TSV file at `path`.
  ///
  /// - Throws: `CommandLineError.cannotOpen` or `.readFailed` for a missing, unreadable or
  ///   directory path; `.invalidUTF8` and `.emptyID` with the line number for bad content.
  /// - Complexity: O(n) in the size of the file, read in chunks of 1 MiB.
  static func records(atPath path: String) throws(CommandLineError) -> [Record] {
    let descriptor: Int32
    do {
      descriptor = try System.openForReading(path)
    } catch {
      throw .cannotOpen(path: path, error)
    }
    defer { System.close(descriptor) }
    var reader = LineReader(fileDescriptor: descriptor, chunkSize: 1 << 20)
    return try records(from: &reader, path: path)
  }

  /// The records of TSV `bytes`; `path` names them in errors.
  static func records(in bytes: [UInt8], path: String) throws(CommandLineError) -> [Record] {
    var reader = LineReader(bytes: bytes)
    return try records(from: &reader, path: path)
  }

  /// The records of the lines `reader` reads; `path` names them in errors.
  static func records(from reader: inout LineReader, path: String) throws(CommandLineError) -> [Record] {
    var records: [Record] = []
    var lineNumber = 0
    while true {
      let next: ArraySlice<UInt8>?
      do {
        next = try reader.nextLine()
      } catch {
        throw .readFailed(path: path, error)
      }
      guard var line = next else { break }
      lineNumber += 1
      if lineNumber == 1 && line.starts(with: byteOrderMark) { line = line.dropFirst(byteOrderMark.count) }
      if line.isEmpty { continue }
      records.append(try record(in: line, lineNumber: lineNumber, path: path))
    }
    return records
  }

  /// The UTF-8 encoding of U+FEFF.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The record of one non-empty line.
  private static func record(
    in line: ArraySlice<UInt8>, lineNumber: Int, path: String
  ) throws(CommandLineError) -> Record {
    guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else {
      guard let text = String(validating: line, as: UTF8.self) else {
        throw .invalidUTF8(path: path, line: lineNumber)
      }
      return Record(id: String(lineNumber), text: text)
    }
    guard
      let id = String(validating: line[..<tab], as: UTF8.self),
      let text = String(validating: line[(tab + 1)...], as: UTF8.self)
    else {
      throw .invalidUTF8(path: path, line: lineNumber)
    }
    if id.isEmpty { throw .emptyID(path: path, line: lineNumber) }
    return Record(id: id, text: text)
  }
}

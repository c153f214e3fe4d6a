import Foundation
import PinyinSearch
import PinyinSearchSamples

/// The records one part of the run measures: generated contacts, or the lines of a TSV file.
enum DataSet: Equatable {
  /// `SampleContacts.records(count:seed:)`.
  case generated(count: Int, seed: UInt64)
  /// A TSV file read as `pinyin-search --data` reads it.
  case file(path: String)
  /// `SampleContacts.builtIn`, the records `pinyin-search` searches without `--data`.
  case builtIn

  /// How the report names the data set.
  var label: String {
    switch self {
    case .generated(let count, _): "\(Format.count(count)) generated contacts"
    case .file(let path): "\(path.split(separator: "/").last.map(String.init) ?? path)"
    case .builtIn: "built-in data (3,000 records)"
    }
  }

  /// The records, in order; repeated ids included (every engine keeps the later text).
  ///
  /// - Throws: `BenchmarkError` when the file cannot be read or is malformed.
  func records() throws(BenchmarkError) -> [Record] {
    switch self {
    case .generated(let count, let seed):
      return SampleContacts.records(count: count, seed: seed)
    case .builtIn:
      return SampleContacts.builtIn
    case .file(let path):
      guard let data = FileManager.default.contents(atPath: path) else { throw .cannotRead(path: path) }
      return try Self.records(inTSV: [UInt8](data), path: path)
    }
  }

  /// The records of TSV `bytes`, by the rules of Docs/Semantics.md's batch protocol: lines end with
  /// `\n` or `\r\n`; an empty line is no record but counts; a line is split at its first tab into
  /// id and text; a line without a tab has its 1-based line number as id. A leading UTF-8 byte
  /// order mark is skipped.
  static func records(inTSV bytes: [UInt8], path: String) throws(BenchmarkError) -> [Record] {
    var records: [Record] = []
    var lineNumber = 0
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      var end = newline
      if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lineNumber += 1
      let line = bytes[start..<end]
      start = newline + 1
      if line.isEmpty { continue }
      guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else {
        guard let text = String(validUTF8: line) else {
          throw .invalidUTF8(path: path, line: lineNumber)
        }
        records.append(Record(id: String(lineNumber), text: text))
        continue
      }
      guard
        let id = String(validUTF8: line[..<tab]),
        let text = String(validUTF8: line[(tab + 1)...])
      else { throw .invalidUTF8(path: path, line: lineNumber) }
      if id.isEmpty { throw .emptyID(path: path, line: lineNumber) }
      records.append(Record(id: id, text: text))
    }
    return records
  }
}

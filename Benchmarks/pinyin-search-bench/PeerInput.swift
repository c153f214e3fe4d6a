import Foundation
import PinyinSearch

/// The files that the processes outside the benchmark read for one data set, in a temporary
/// directory removed by `remove()`: the records as TSV, the keystroke workload one query a line,
/// and PinIn's dictionary.
///
/// A record or query with a tab or a line break in it cannot be written on one line; such
/// records have those characters written as spaces, and such queries are left out (and counted).
struct PeerInput {
  /// The directory holding the files.
  let directory: String
  /// `id<TAB>text` lines, as `pinyin-search --data` and the PinIn driver read them.
  var recordsPath: String { directory + "/records.tsv" }
  /// One query a line.
  var queriesPath: String { directory + "/queries.txt" }
  /// The pinyin table in pinyin-data's `pinyin.txt` format (`PinInDictionary`).
  var dictionaryPath: String { directory + "/pinyin.txt" }
  /// The queries written, in order: the workload's less those left out.
  let queries: [String]
  /// The workload's queries left out for holding a line break.
  let omittedQueryCount: Int

  /// Writes the files of `records` and `queries` in a new temporary directory.
  ///
  /// - Throws: `BenchmarkError.cannotWrite`.
  init(records: [Record], queries: [String]) throws(BenchmarkError) {
    let template = NSTemporaryDirectory() + "pinyin-search-bench-XXXXXX"
    var buffer = Array(template.utf8CString)
    guard let created = mkdtemp(&buffer) else { throw .cannotWrite(path: template) }
    directory = String(cString: created)
    let writable = queries.filter { !$0.contains(where: \.isNewline) }
    self.queries = writable
    omittedQueryCount = queries.count - writable.count
    var table = ""
    for record in records {
      table += Self.oneLine(record.id) + "\t" + Self.oneLine(record.text) + "\n"
    }
    try Self.write(table, to: recordsPath)
    try Self.write(writable.map { $0 + "\n" }.joined(), to: queriesPath)
    try Self.write(PinInDictionary.text, to: dictionaryPath)
  }

  /// Deletes the directory and its files.
  func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// `text` with tabs and line breaks as spaces.
  private static func oneLine(_ text: String) -> String {
    guard text.contains(where: { $0 == "\t" || $0.isNewline }) else { return text }
    return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }

  /// Writes `text` to `path` as UTF-8.
  private static func write(_ text: String, to path: String) throws(BenchmarkError) {
    do {
      try text.write(toFile: path, atomically: false, encoding: .utf8)
    } catch {
      throw .cannotWrite(path: path)
    }
  }
}

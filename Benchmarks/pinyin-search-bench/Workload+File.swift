import Foundation
import PinyinSearch

extension Workload {
  /// The queries of a workload file, one a line in the order run (`--queries`, or a data file's
  /// sibling `.queries`): a line ends with `\n` or `\r\n`, and every line is a query, an empty
  /// one included, except after the last line end.
  ///
  ///     try Workload.listed(inFile: "contacts-faker-100k.queries").queries.first?.text  // "w"
  ///
  /// - Throws: `BenchmarkError.cannotRead` or `.invalidUTF8`.
  static func listed(inFile path: String) throws(BenchmarkError) -> Workload {
    guard let data = FileManager.default.contents(atPath: path) else { throw .cannotRead(path: path) }
    var queries: [Query] = []
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    for (number, line) in lines.enumerated() {
      var line = line
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      guard let text = String(validUTF8: line) else {
        throw .invalidUTF8(path: path, line: number + 1)
      }
      queries.append(Query(text: text, origin: .listed))
    }
    return Workload(queries: queries, sampledRecordCount: 0)
  }

  /// The workload file beside the data file at `dataPath`: the same path with the extension
  /// `.queries` instead of its own, when there is such a file.
  static func siblingFile(ofData dataPath: String) -> String? {
    let url = URL(fileURLWithPath: dataPath)
    let sibling = url.deletingPathExtension().appendingPathExtension("queries").path
    return sibling != url.path && FileManager.default.fileExists(atPath: sibling) ? sibling : nil
  }
}

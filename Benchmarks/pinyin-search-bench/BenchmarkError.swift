/// What stops the benchmark before it reports: a wrong command line, an unreadable data file.
enum BenchmarkError: Error, CustomStringConvertible {
  /// The command line is wrong.
  case usage(String)
  /// The data file cannot be read.
  case cannotRead(path: String)
  /// A line of the data file is not valid UTF-8; lines count from 1.
  case invalidUTF8(path: String, line: Int)
  /// A line of the data file starts with a tab, giving an empty id.
  case emptyID(path: String, line: Int)
  /// The JSON file cannot be written.
  case cannotWrite(path: String)

  var description: String {
    switch self {
    case .usage(let message): message
    case .cannotRead(let path): "cannot read \(path)"
    case .invalidUTF8(let path, let line): "\(path):\(line): not valid UTF-8"
    case .emptyID(let path, let line): "\(path):\(line): empty id before the tab"
    case .cannotWrite(let path): "cannot write \(path)"
    }
  }
}

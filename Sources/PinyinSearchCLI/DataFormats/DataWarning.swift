/// Something about a data file that is worth saying on standard error but does not stop the
/// reading; each warning's `description` is printed after `FILE: `.
enum DataWarning: Equatable, Sendable, CustomStringConvertible {
  /// The first row of a CSV file, read as its header with the default columns, names neither an
  /// id nor a text column and looks like data (a field holds a digit, as ids and phone numbers
  /// do and column names seldom do): the file may have no header, and its first record is lost.
  case headerLooksLikeData
  /// The file ended before the size it had when it was opened: it was truncated (or replaced
  /// by a shorter one in place) while it was read, and the records after `read` bytes of the
  /// `expected` ones are missing.
  case truncated(read: Int, expected: Int)

  /// The warning, e.g. `the first row names no id or text column and looks like data; …`.
  var description: String {
    switch self {
    case .headerLooksLikeData:
      "the first row names no id or text column and looks like data; use --no-header if it is"
    case .truncated(let read, let expected):
      "the file was truncated while it was read: it ended after \(read) of its \(expected) bytes, and the records "
        + "after those are missing"
    }
  }

  /// Writes `warnings` about the file `path` to `output`, one line each.
  ///
  ///     pinyin-search: people.csv: the first row names no id or text column and looks like data; …
  static func report(_ warnings: [DataWarning], path: String, to output: inout OutputStream) {
    for warning in warnings { output.write("pinyin-search: \(path): \(warning)\n") }
  }
}

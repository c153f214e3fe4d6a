/// A CSV column or JSON-lines field chosen by `--id-column`, `--text-column` or
/// `--rank-column`: a name, or for CSV a 1-based column number.
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

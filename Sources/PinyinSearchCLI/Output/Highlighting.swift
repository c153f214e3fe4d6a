/// How the matched part of a result's text is marked.
enum HighlightStyle: Equatable, Sendable {
  /// `[刘亦]菲`: for pipes, files and tests.
  case brackets
  /// Bold green between ANSI escape sequences, reset after: for terminals.
  case ansi

  /// The style for standard output: colour on a terminal unless the `NO_COLOR` convention
  /// (https://no-color.org) asks otherwise, brackets everywhere else.
  static var forStandardOutput: HighlightStyle {
    guard System.isTerminal(System.standardOutput) else { return .brackets }
    if let noColor = System.environment("NO_COLOR"), !noColor.isEmpty { return .brackets }
    return .ansi
  }

  /// What goes before the matched units.
  var opening: String {
    switch self {
    case .brackets: "["
    case .ansi: "\u{1B}[1;32m"
    }
  }

  /// What goes after the matched units.
  var closing: String {
    switch self {
    case .brackets: "]"
    case .ansi: "\u{1B}[0m"
    }
  }
}

/// `text` with the units (`Character`s) in `range` marked in `style`.
///
/// Ranges count units, as search results do, so a unit of several scalars (an emoji sequence,
/// a letter with a combining mark) is never cut. A range reaching past the text is clamped.
///
///     highlighted("刘亦菲", range: 0..<2, style: .brackets)  // "[刘亦]菲"
///
/// - Complexity: O(n) in the length of `text`.
func highlighted(_ text: String, range: Range<Int>, style: HighlightStyle) -> String {
  let before = text.prefix(range.lowerBound)
  let matched = text[before.endIndex...].prefix(range.count)
  let after = text[matched.endIndex...]
  return "\(before)\(style.opening)\(matched)\(style.closing)\(after)"
}

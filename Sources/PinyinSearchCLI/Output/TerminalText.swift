/// Text from the data made safe to show on a terminal: control characters (C0, DEL, C1) and
/// line or paragraph separators become a space (when they are white space) or U+FFFD, so that
/// a record cannot move the cursor, clear the screen or send an escape sequence to the terminal.
/// Each character stays one character, so unit ranges (highlights) still apply.
///
///     TerminalText.printable("evil\u{1B}[2J")  // "evil\u{FFFD}[2J"
enum TerminalText {
  /// `character`, or what is shown instead of a control character or line separator.
  static func printable(_ character: Character) -> Character {
    guard let first = character.unicodeScalars.first else { return character }
    switch first.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator:
      return character.isWhitespace ? " " : "\u{FFFD}"
    default:
      return character
    }
  }

  /// `text` with each character made printable.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func printable(_ text: some StringProtocol) -> String {
    String(text.map(printable))
  }
}

/// How a span of text is drawn: a set of SGR attributes.
struct TextStyle: OptionSet, Hashable, Sendable {
  /// The attributes, one bit each.
  var rawValue: UInt8

  /// Bold.
  static let bold = TextStyle(rawValue: 1 << 0)
  /// Faint: secondary information.
  static let dim = TextStyle(rawValue: 1 << 1)
  /// Reverse video: the selected row.
  static let reverse = TextStyle(rawValue: 1 << 2)
  /// Green: the matched characters.
  static let green = TextStyle(rawValue: 1 << 3)
  /// Cyan: the prompt; the letters a keypad match's digits stand for.
  static let cyan = TextStyle(rawValue: 1 << 4)
  /// Yellow: warnings in the status line; the `~` after the kind of a fuzzy match.
  static let yellow = TextStyle(rawValue: 1 << 5)

  /// The matched characters of a result.
  static let match: TextStyle = [.bold, .green]

  /// The escape sequence that resets the attributes and sets these: `ESC [ 0 ; 1 ; 32 m`.
  var selectGraphicRendition: String {
    var codes = ["0"]
    if contains(.bold) { codes.append("1") }
    if contains(.dim) { codes.append("2") }
    if contains(.reverse) { codes.append("7") }
    if contains(.green) { codes.append("32") }
    if contains(.yellow) { codes.append("33") }
    if contains(.cyan) { codes.append("36") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

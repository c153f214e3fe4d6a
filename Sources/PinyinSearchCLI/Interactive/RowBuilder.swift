/// A row being built, which refuses characters that would not fit: a row is cut at a character
/// boundary, never inside a wide character or an escape sequence (styles are kept apart from
/// the text until `ScreenBuffer.escapeSequences(after:)` writes them).
struct RowBuilder {
  /// The columns available.
  let columns: Int
  /// What was built so far.
  private(set) var row = ScreenRow()
  /// Whether a character has been refused for lack of room: the row was cut.
  private(set) var isCut = false

  /// A builder of a row `columns` wide.
  init(columns: Int) {
    self.columns = max(0, columns)
  }

  /// The columns still free.
  var remaining: Int { columns - row.width }

  /// Appends `character` in `style` if it fits; returns whether it did. Control characters are
  /// drawn as a space (white space) or U+FFFD, so that data cannot move the cursor or send
  /// escape sequences to the terminal.
  @discardableResult
  mutating func append(_ character: Character, style: TextStyle) -> Bool {
    let shown = TerminalText.printable(character)
    let width = DisplayWidth.of(shown)
    guard width <= remaining else {
      isCut = true
      return false
    }
    if let last = row.spans.indices.last, row.spans[last].style == style {
      row.spans[last].text.append(shown)
    } else {
      row.spans.append(StyledSpan(text: String(shown), style: style))
    }
    row.width += width
    return true
  }

  /// Appends as much of `text` as fits; returns whether all of it did.
  @discardableResult
  mutating func append(_ text: some StringProtocol, style: TextStyle = []) -> Bool {
    for character in text where !append(character, style: style) { return false }
    return true
  }

  /// The columns `text` takes once drawn (control characters replaced).
  static func width(of text: some Sequence<Character>) -> Int {
    text.reduce(0) { $0 + DisplayWidth.of(TerminalText.printable($1)) }
  }

  /// Appends spaces in `style` up to column `width` (at most the row's width).
  mutating func pad(to width: Int, style: TextStyle = []) {
    while row.width < min(width, columns) && append(" ", style: style) {}
  }
}

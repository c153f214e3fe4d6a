/// The size of a terminal in character cells.
struct TerminalSize: Equatable, Sendable {
  /// Lines.
  var rows: Int
  /// Columns.
  var columns: Int

  /// What the tool assumes when the terminal does not say.
  static let fallback = TerminalSize(rows: 24, columns: 80)
}

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
  /// Cyan: the prompt.
  static let cyan = TextStyle(rawValue: 1 << 4)
  /// Yellow: warnings in the status line.
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

/// A run of characters drawn in one style.
struct StyledSpan: Equatable, Sendable {
  /// The characters, already made safe to print (no control characters).
  var text: String
  /// How they are drawn.
  var style: TextStyle
}

/// One line of the screen: styled spans that together take `width` columns, never more than
/// the screen has.
struct ScreenRow: Equatable, Sendable {
  /// The spans, left to right.
  var spans: [StyledSpan] = []
  /// The columns the spans take.
  var width = 0

  /// The row's characters without styles, for tests and logs.
  var text: String { spans.map(\.text).joined() }

  /// The characters drawn in `style` (all of its attributes, maybe more), joined: what a test
  /// checks to see what is highlighted.
  func text(in style: TextStyle) -> String {
    spans.filter { $0.style.isSuperset(of: style) }.map(\.text).joined()
  }
}

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
    let shown = Self.printable(character)
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
    text.reduce(0) { $0 + DisplayWidth.of(printable($1)) }
  }

  /// Appends spaces in `style` up to column `width` (at most the row's width).
  mutating func pad(to width: Int, style: TextStyle = []) {
    while row.width < min(width, columns) && append(" ", style: style) {}
  }

  /// `character`, or what is drawn instead of a control character or line separator.
  static func printable(_ character: Character) -> Character {
    guard let first = character.unicodeScalars.first else { return character }
    switch first.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator:
      return character.isWhitespace ? " " : "\u{FFFD}"
    default:
      return character
    }
  }
}

/// What the screen shows: one `ScreenRow` per terminal line and where the cursor stands. The
/// renderer fills it; `escapeSequences(after:)` turns it into what is written to the terminal.
struct ScreenBuffer: Equatable, Sendable {
  /// The terminal's size.
  var size: TerminalSize
  /// The rows, `size.rows` of them.
  var rows: [ScreenRow]
  /// The cursor's row and column, 0-based.
  var cursor: (row: Int, column: Int)

  /// Whether two screens look the same (the cursor, a tuple, keeps `==` from being synthesised).
  static func == (lhs: ScreenBuffer, rhs: ScreenBuffer) -> Bool {
    lhs.size == rhs.size && lhs.rows == rhs.rows && lhs.cursor == rhs.cursor
  }

  /// The text of every row, one line each, without styles.
  var text: String { rows.map(\.text).joined(separator: "\n") }

  /// What to write to the terminal to go from `previous` (nil: unknown) to this screen.
  ///
  /// Only changed rows are written. Each starts with a cursor move; its spans follow, each with
  /// its style; a row narrower than the screen ends with "erase to end of line" in the default
  /// style. A row as wide as the screen gets no erase: in the last column the terminal waits to
  /// wrap, and an erase there would delete the last character. The cursor is hidden while
  /// drawing and shown at the end.
  func escapeSequences(after previous: ScreenBuffer?) -> String {
    let isFullRedraw = previous?.size != size
    var output = "\u{1B}[?25l"
    if isFullRedraw { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
    for (index, row) in rows.enumerated() where isFullRedraw || previous?.rows[index] != row {
      output += "\u{1B}[\(index + 1);1H"
      for span in row.spans { output += span.style.selectGraphicRendition + span.text }
      output += "\u{1B}[0m"
      if row.width < size.columns { output += "\u{1B}[K" }
    }
    output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    return output
  }
}

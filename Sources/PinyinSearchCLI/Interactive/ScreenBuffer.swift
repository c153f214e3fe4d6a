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

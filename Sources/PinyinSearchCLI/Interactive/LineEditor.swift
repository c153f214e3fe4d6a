/// The query being typed: its text and a cursor, edited a `Character` (grapheme cluster) at a
/// time, as a person sees characters.
///
/// Backspace after `刘亦` deletes `亦`; after `e` + U+0301 it deletes both scalars; after 👨‍👩‍👧
/// the whole family. Text inserted next to a combining mark may join the character beside it;
/// the cursor then stays after the inserted text's last whole character.
///
///     var editor = LineEditor()
///     editor.insert("刘亦x")
///     editor.deleteBackward()   // "刘亦", cursor 2
///     editor.moveLeft()
///     editor.insert("a")        // "刘a亦", cursor 2
struct LineEditor: Equatable, Sendable {
  /// The query.
  private(set) var text = ""
  /// The cursor, in characters from the start: 0 ... text.count.
  private(set) var cursor = 0

  /// An editor holding `text`, the cursor at its end.
  init(_ text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// The index of the cursor in `text`.
  private var cursorIndex: String.Index { text.index(text.startIndex, offsetBy: cursor) }

  /// Inserts `string` at the cursor and moves the cursor after it.
  mutating func insert(_ string: String) {
    let index = cursorIndex
    let before = String(text[..<index]) + string
    text = before + text[index...]
    cursor = min(before.count, text.count)
  }

  /// Deletes the character before the cursor, if any.
  mutating func deleteBackward() {
    guard cursor > 0 else { return }
    let end = cursorIndex
    text.removeSubrange(text.index(before: end)..<end)
    cursor -= 1
  }

  /// Deletes the character after the cursor, if any.
  mutating func deleteForward() {
    guard cursor < text.count else { return }
    let start = cursorIndex
    text.removeSubrange(start..<text.index(after: start))
  }

  /// Deletes the white space before the cursor, then the characters before it up to the
  /// previous white space.
  mutating func deleteWordBackward() {
    let end = cursorIndex
    var start = end
    while start > text.startIndex && text[text.index(before: start)].isWhitespace { start = text.index(before: start) }
    while start > text.startIndex && !text[text.index(before: start)].isWhitespace {
      start = text.index(before: start)
    }
    cursor -= text[start..<end].count
    text.removeSubrange(start..<end)
  }

  /// Empties the query.
  mutating func clear() {
    text = ""
    cursor = 0
  }

  /// Moves the cursor one character to the left, if it can.
  mutating func moveLeft() { cursor = max(0, cursor - 1) }
  /// Moves the cursor one character to the right, if it can.
  mutating func moveRight() { cursor = min(text.count, cursor + 1) }
  /// Moves the cursor to the start.
  mutating func moveToStart() { cursor = 0 }
  /// Moves the cursor to the end.
  mutating func moveToEnd() { cursor = text.count }

  /// Applies an editing key; returns false for keys that do not edit (Enter, Up, …).
  @discardableResult
  mutating func apply(_ key: Key) -> Bool {
    switch key {
    case .text(let string): insert(string)
    case .backspace: deleteBackward()
    case .deleteForward: deleteForward()
    case .deleteWordBackward: deleteWordBackward()
    case .clearLine: clear()
    case .left: moveLeft()
    case .right: moveRight()
    case .home: moveToStart()
    case .end: moveToEnd()
    case .enter, .escape, .interrupt, .up, .down, .pageUp, .pageDown, .redraw, .toggle: return false
    }
    return true
  }
}

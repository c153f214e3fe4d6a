/// A key press, or pasted text, as the interactive search understands it.
enum Key: Equatable, Sendable {
  /// Printable text: one typed character, or several typed or pasted at once.
  case text(String)
  /// Enter (CR or LF): choose the selected record.
  case enter
  /// Esc or Ctrl-G: leave without choosing.
  case escape
  /// Ctrl-C: leave without choosing.
  case interrupt
  /// Backspace (DEL or Ctrl-H): delete the character before the cursor.
  case backspace
  /// Delete or Ctrl-D: delete the character under the cursor.
  case deleteForward
  /// Ctrl-W or Alt-Backspace: delete the word before the cursor.
  case deleteWordBackward
  /// Ctrl-U: clear the query.
  case clearLine
  /// Left arrow or Ctrl-B.
  case left
  /// Right arrow or Ctrl-F.
  case right
  /// Home or Ctrl-A.
  case home
  /// End or Ctrl-E.
  case end
  /// Up arrow or Ctrl-P: select the result above.
  case up
  /// Down arrow or Ctrl-N: select the result below.
  case down
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Ctrl-L: draw the whole screen again.
  case redraw
  /// Ctrl-X, Ctrl-Z, Ctrl-T, Ctrl-K or Ctrl-Y: turn a search option off, or on again
  /// (`OptionToggle`).
  case toggle(OptionToggle)
}

/// The size of a terminal in character cells.
struct TerminalSize: Equatable, Sendable {
  /// Lines.
  var rows: Int
  /// Columns.
  var columns: Int

  /// What the tool assumes when the terminal does not say.
  static let fallback = TerminalSize(rows: 24, columns: 80)
}

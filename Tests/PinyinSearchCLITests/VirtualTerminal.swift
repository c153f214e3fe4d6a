@testable import PinyinSearchCLI

/// A tiny terminal emulator for the escape sequences the interactive screen writes: cursor
/// position (CSI r;c H), erase in line (CSI K), erase display (CSI 2J), SGR and the private
/// modes (ignored). It places characters by their display width and records every write past
/// the right edge, so that tests check what a person would see and that no row overflows.
struct VirtualTerminal {
  let size: TerminalSize
  /// Each cell holds a character, or "" for the second half of a wide character.
  private(set) var cells: [[String]]
  private(set) var cursor = (row: 0, column: 0)
  /// Characters written where they did not fit.
  private(set) var overflows: [String] = []
  /// Sequences the emulator does not know.
  private(set) var unknownSequences: [String] = []

  init(size: TerminalSize) {
    self.size = size
    cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
  }

  /// The screen's lines, trailing spaces removed.
  var lines: [String] {
    cells.map { row in
      var line = row.joined()
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  mutating func write(_ output: String) {
    var characters = Array(output)[...]
    while let character = characters.popFirst() {
      guard character == "\u{1B}" else {
        put(character)
        continue
      }
      guard characters.first == "[" else {
        unknownSequences.append("ESC " + String(characters.prefix(1)))
        continue
      }
      characters.removeFirst()
      var parameters = ""
      while let next = characters.first, !(next.isLetter || next == "~") {
        parameters.append(next)
        characters.removeFirst()
      }
      guard let final = characters.popFirst() else { return }
      apply(parameters: parameters, final: final)
    }
  }

  private mutating func apply(parameters: String, final: Character) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    switch (parameters.first, final) {
    case ("?", "h"), ("?", "l"), (_, "m"): break
    case (_, "H"):
      let row = (numbers.first ?? 1) ?? 1
      let column = (numbers.count > 1 ? numbers[1] : 1) ?? 1
      cursor = (max(0, row - 1), max(0, column - 1))
    case (_, "K"):
      if cursor.row < size.rows {
        for column in cursor.column..<size.columns { cells[cursor.row][column] = " " }
      }
    case ("2", "J"):
      cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
    default:
      unknownSequences.append("CSI \(parameters)\(final)")
    }
  }

  private mutating func put(_ character: Character) {
    let width = DisplayWidth.of(character)
    guard cursor.row < size.rows, cursor.column + width <= size.columns else {
      overflows.append(String(character))
      return
    }
    if width == 0 {
      if cursor.column > 0 { cells[cursor.row][cursor.column - 1] += String(character) }
      return
    }
    cells[cursor.row][cursor.column] = String(character)
    if width == 2 { cells[cursor.row][cursor.column + 1] = "" }
    cursor.column += width
  }
}

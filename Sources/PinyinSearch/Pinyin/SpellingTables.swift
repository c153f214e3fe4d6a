/// The spelling tables a set of options types with: the readings always; with
/// `SearchOptions.fuzzy`, the readings and their fuzzy variants; with `SearchOptions.keypad`,
/// both typed on a dial pad.
///
/// The matcher tries the fuzzy table only to learn whether a record may match at all, and the
/// exact one to learn whether the match is exact (an exact match ranks first).
struct SpellingTables: Sendable {
  /// The readings.
  let letters: SpellingTable
  /// The readings and their fuzzy variants, when fuzzy rules are on.
  let fuzzyLetters: SpellingTable?
  /// The readings on a dial pad, when the keypad is on.
  let keypad: SpellingTable?
  /// The readings and their fuzzy variants on a dial pad, when both are on.
  let fuzzyKeypad: SpellingTable?

  /// The tables of `options`.
  init(_ options: SearchOptions) {
    letters = .letters
    fuzzyLetters = options.fuzzy.isEmpty ? nil : .fuzzyLetters(options.fuzzy)
    keypad = options.keypad ? .keypad : nil
    fuzzyKeypad = options.keypad && !options.fuzzy.isEmpty ? .fuzzyKeypad(options.fuzzy) : nil
  }

  /// The tables of the default options: the readings alone.
  static let `default` = SpellingTables(.default)

  /// Builds the tables of `options` now, where they are built once per process on first use:
  /// an engine calls it while it is made, so that its first search typed on a dial pad does not
  /// spend some 17 million instructions (5 ms) building the keypad tables.
  static func prepare(for options: SearchOptions) {
    _ = SpellingTables(options)
  }
}

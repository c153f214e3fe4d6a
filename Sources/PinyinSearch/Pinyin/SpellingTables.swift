/// The spelling tables a set of options types with: the readings always; with
/// `SearchOptions.fuzzy`, the readings and their fuzzy variants; with `SearchOptions.keypad`,
/// both typed on a dial pad.
///
/// The matcher tries the fuzzy table only to learn whether a record may match at all, and the
/// exact one to learn whether the match is exact (an exact match ranks first).
///
/// A pointer and two flags: the tables of each set of options are made once and live as long
/// as the process, and a matcher holds a pointer to the one it reads, so that reading another
/// table copies a pointer (on the keypad workload with every option on, copying four tables
/// was 5 % of a search's instructions, and copying one table with the rest of the matcher 3 %).
struct SpellingTables: @unchecked Sendable {
  /// The readings, the readings with their fuzzy variants, and both on a dial pad, in storage
  /// that lives as long as the process; a table the options do not use holds the readings.
  private let storage: UnsafePointer<SpellingTable>
  /// Whether fuzzy rules are on.
  private let hasFuzzy: Bool
  /// Whether the keypad is on.
  private let hasKeypad: Bool

  /// The readings.
  var letters: UnsafePointer<SpellingTable> { storage }
  /// The readings and their fuzzy variants, when fuzzy rules are on.
  var fuzzyLetters: UnsafePointer<SpellingTable>? { hasFuzzy ? storage + 1 : nil }
  /// The readings on a dial pad, when the keypad is on.
  var keypad: UnsafePointer<SpellingTable>? { hasKeypad ? storage + 2 : nil }
  /// The readings and their fuzzy variants on a dial pad, when both are on.
  var fuzzyKeypad: UnsafePointer<SpellingTable>? { hasFuzzy && hasKeypad ? storage + 3 : nil }

  /// The tables of `options`: without fuzzy rules one of two made at first use, else one read
  /// of a cache.
  init(_ options: SearchOptions) {
    if options.fuzzy.isEmpty {
      self = options.keypad ? Self.keypadOnly : Self.default
    } else {
      self = Self.cached(fuzzy: options.fuzzy, keypad: options.keypad)
    }
  }

  /// Tables made now, whose storage is never freed.
  private init(fuzzy: FuzzyRules, keypad: Bool) {
    let storage = UnsafeMutablePointer<SpellingTable>.allocate(capacity: 4)
    let letters = SpellingTable.letters
    storage.initialize(to: letters)
    (storage + 1).initialize(to: fuzzy.isEmpty ? letters : .fuzzyLetters(fuzzy))
    (storage + 2).initialize(to: keypad ? .keypad : letters)
    (storage + 3).initialize(to: keypad && !fuzzy.isEmpty ? .fuzzyKeypad(fuzzy) : letters)
    self.storage = UnsafePointer(storage)
    hasFuzzy = !fuzzy.isEmpty
    hasKeypad = keypad
  }

  /// The tables of the default options: the readings alone.
  static let `default` = SpellingTables(fuzzy: [], keypad: false)

  /// The readings and their keypad projection.
  private static let keypadOnly = SpellingTables(fuzzy: [], keypad: true)

  /// The tables made for fuzzy rules so far, by rules and keypad: at most two per set of rules.
  private static let cache = ReadWriteLocked<[UInt32: SpellingTables]>([:])

  /// The tables of `fuzzy` rules with or without the keypad, made the first time.
  private static func cached(fuzzy: FuzzyRules, keypad: Bool) -> SpellingTables {
    cache.value(for: UInt32(fuzzy.rawValue) << 1 | (keypad ? 1 : 0)) { SpellingTables(fuzzy: fuzzy, keypad: keypad) }
  }

  /// Builds the tables of `options` now, where they are built once per process on first use:
  /// an engine calls it while it is made, so that its first search typed on a dial pad does not
  /// spend some 17 million instructions (5 ms) building the keypad tables.
  static func prepare(for options: SearchOptions) {
    _ = SpellingTables(options)
  }
}

/// The spelling tables a set of options types with: the readings always; with
/// `SearchOptions.fuzzy`, the readings and their fuzzy variants; with `SearchOptions.keypad`,
/// both typed on a dial pad; with `SearchOptions.keyboard`, the codes of both (a second
/// notation, which the matcher reads after the readings).
///
/// The matcher tries the fuzzy table only to learn whether a record may match at all, and the
/// exact one to learn whether the match is exact (an exact match ranks first).
///
/// A pointer and two flags: the tables of each set of options are made once and live as long
/// as the process, and a matcher holds a pointer to the one it reads, so that reading another
/// table copies a pointer (on the keypad workload with every option on, copying four tables
/// was 5 % of a search's instructions, and copying one table with the rest of the matcher 3 %).
struct SpellingTables: @unchecked Sendable {
  /// The readings, the readings with their fuzzy variants, both on a dial pad, and the codes of
  /// the readings and of readings and variants under a keyboard scheme, in storage that lives as
  /// long as the process; a table the options do not use holds the readings.
  private let storage: UnsafePointer<SpellingTable>
  /// Whether fuzzy rules are on.
  private let hasFuzzy: Bool
  /// Whether the keypad is on.
  private let hasKeypad: Bool
  /// Whether a keyboard scheme is on: the codes are a second notation.
  let hasCodes: Bool

  /// The readings.
  var letters: UnsafePointer<SpellingTable> { storage }
  /// The readings and their fuzzy variants, when fuzzy rules are on.
  var fuzzyLetters: UnsafePointer<SpellingTable>? { hasFuzzy ? storage + 1 : nil }
  /// The readings on a dial pad, when the keypad is on.
  var keypad: UnsafePointer<SpellingTable>? { hasKeypad ? storage + 2 : nil }
  /// The readings and their fuzzy variants on a dial pad, when both are on.
  var fuzzyKeypad: UnsafePointer<SpellingTable>? { hasFuzzy && hasKeypad ? storage + 3 : nil }
  /// The codes of the readings under `SearchOptions.keyboard`, when a scheme is on.
  var codes: UnsafePointer<SpellingTable>? { hasCodes ? storage + 4 : nil }
  /// The codes of the readings and their fuzzy variants, when a scheme and fuzzy rules are on.
  var fuzzyCodes: UnsafePointer<SpellingTable>? { hasFuzzy && hasCodes ? storage + 5 : nil }

  /// The tables of `options`: without fuzzy rules or a keyboard one of two made at first use,
  /// else one read of a cache.
  init(_ options: SearchOptions) {
    if options.fuzzy.isEmpty && options.keyboard == nil {
      self = options.keypad ? Self.keypadOnly : Self.default
    } else {
      self = Self.cached(fuzzy: options.fuzzy, keypad: options.keypad, keyboard: options.keyboard)
    }
  }

  /// Tables made now, whose storage is never freed.
  private init(fuzzy: FuzzyRules, keypad: Bool, keyboard: Keyboard?) {
    let storage = UnsafeMutablePointer<SpellingTable>.allocate(capacity: 6)
    let letters = SpellingTable.letters
    storage.initialize(to: letters)
    (storage + 1).initialize(to: fuzzy.isEmpty ? letters : .fuzzyLetters(fuzzy))
    (storage + 2).initialize(to: keypad ? .keypad : letters)
    (storage + 3).initialize(to: keypad && !fuzzy.isEmpty ? .fuzzyKeypad(fuzzy) : letters)
    (storage + 4).initialize(to: keyboard.map { .codes($0, fuzzy: []) } ?? letters)
    (storage + 5).initialize(to: keyboard.map { fuzzy.isEmpty ? letters : .codes($0, fuzzy: fuzzy) } ?? letters)
    self.storage = UnsafePointer(storage)
    hasFuzzy = !fuzzy.isEmpty
    hasKeypad = keypad
    hasCodes = keyboard != nil
  }

  /// The tables of the default options: the readings alone.
  static let `default` = SpellingTables(fuzzy: [], keypad: false, keyboard: nil)

  /// The readings and their keypad projection.
  private static let keypadOnly = SpellingTables(fuzzy: [], keypad: true, keyboard: nil)

  /// The tables made for fuzzy rules and keyboards so far, by rules, keypad and keyboard: at
  /// most twelve per set of rules.
  private static let cache = ReadWriteLocked<[UInt32: SpellingTables]>([:])

  /// The tables of `fuzzy` rules with or without the keypad and a keyboard, made the first time.
  private static func cached(fuzzy: FuzzyRules, keypad: Bool, keyboard: Keyboard?) -> SpellingTables {
    let keyboardNumber = keyboard.map { UInt32(1 + Keyboard.allCases.firstIndex(of: $0)!) } ?? 0
    let key = UInt32(fuzzy.rawValue) << 4 | keyboardNumber << 1 | (keypad ? 1 : 0)
    return cache.value(for: key) { SpellingTables(fuzzy: fuzzy, keypad: keypad, keyboard: keyboard) }
  }

  /// Builds the tables of `options` now, where they are built once per process on first use:
  /// an engine calls it while it is made, so that its first search typed on a dial pad does not
  /// spend some 17 million instructions (5 ms) building the keypad tables.
  static func prepare(for options: SearchOptions) {
    _ = SpellingTables(options)
  }
}

/// The spelling tables a set of options types with: the readings always; with
/// `SearchOptions.fuzzy`, the readings and their fuzzy variants; with `SearchOptions.keypad`,
/// both typed on a dial pad.
///
/// The matcher tries the fuzzy table only to learn whether a record may match at all, and the
/// exact one to learn whether the match is exact (an exact match ranks first).
///
/// One pointer wide: the tables of each set of options are made once and live as long as the
/// process, so that a matcher, which holds them and is copied whenever it reads another table,
/// copies a pointer rather than four tables (on the keypad workload with every option on, those
/// copies were 5 % of a search's instructions).
struct SpellingTables: @unchecked Sendable {
  /// The four tables of one set of options.
  private struct Tables {
    let letters: SpellingTable
    let fuzzyLetters: SpellingTable?
    let keypad: SpellingTable?
    let fuzzyKeypad: SpellingTable?
  }

  /// The tables, in storage that lives as long as the process.
  private let storage: UnsafePointer<Tables>

  /// The readings.
  var letters: SpellingTable { storage.pointee.letters }
  /// The readings and their fuzzy variants, when fuzzy rules are on.
  var fuzzyLetters: SpellingTable? { storage.pointee.fuzzyLetters }
  /// The readings on a dial pad, when the keypad is on.
  var keypad: SpellingTable? { storage.pointee.keypad }
  /// The readings and their fuzzy variants on a dial pad, when both are on.
  var fuzzyKeypad: SpellingTable? { storage.pointee.fuzzyKeypad }

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
    let storage = UnsafeMutablePointer<Tables>.allocate(capacity: 1)
    storage.initialize(
      to: Tables(
        letters: .letters, fuzzyLetters: fuzzy.isEmpty ? nil : .fuzzyLetters(fuzzy), keypad: keypad ? .keypad : nil,
        fuzzyKeypad: keypad && !fuzzy.isEmpty ? .fuzzyKeypad(fuzzy) : nil))
    self.storage = UnsafePointer(storage)
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

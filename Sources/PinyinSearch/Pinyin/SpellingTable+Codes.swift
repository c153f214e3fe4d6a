extension SpellingTable {
  /// The codes of each reading set under `keyboard` (Docs/Semantics.md, "keyboard"): the code of
  /// each reading first (its *readings* in this table, so that a code piece is exact when the
  /// codes of the readings give it), then the code of each fuzzy variant under `rules` that is
  /// not one of those; a code shared by two spellings is one member. Built once per scheme and
  /// set of rules.
  ///
  ///     SpellingTable.codes(.xiaohe, fuzzy: [])      // 刘's set: lq
  ///     SpellingTable.codes(.zhuyin, fuzzy: [.zZh])  // 张's set: 5; (zhang), y; (zang, fuzzy)
  static func codes(_ keyboard: Keyboard, fuzzy rules: FuzzyRules) -> SpellingTable {
    let key = UInt32(rules.rawValue) << 3 | UInt32(Keyboard.allCases.firstIndex(of: keyboard)!)
    return codeCache.value(for: key) { makeCodes(keyboard, fuzzy: rules) }
  }

  /// The code tables built so far, by rules and scheme: at most one per pair.
  /// Behind the POSIX `ReadWriteLocked`, which the thread sanitizer sees.
  private static let codeCache = ReadWriteLocked<[UInt32: SpellingTable]>([:])

  /// The code table of `keyboard` under `rules`, built now.
  private static func makeCodes(_ keyboard: Keyboard, fuzzy rules: FuzzyRules) -> SpellingTable {
    let codes = KeyboardCodes.shared
    let sets = letters.memberLists.map { set -> (members: [[UInt8]], readingCount: Int) in
      var members: [[UInt8]] = []
      func add(_ spelling: String) {
        guard let code = codes.code(of: spelling, keyboard: keyboard) else { return }
        let bytes = Array(code.utf8)
        if !members.contains(bytes) { members.append(bytes) }
      }
      let readings = set.members.map { String(decoding: $0, as: UTF8.self) }
      for reading in readings { add(reading) }
      let readingCount = members.count
      for reading in readings {
        for variant in FuzzyVariants.of(reading, rules: rules) { add(variant) }
      }
      return (members, readingCount)
    }
    // Zhuyin's keys run from `,` to `z`; the double-pinyin codes begin with a letter.
    let base = keyboard == .zhuyin ? UInt8(ascii: ",") : UInt8(ascii: "a")
    return SpellingTable(sets: sets, initialBase: base, isKeypad: false)
  }
}

/// The pinyin kinds under a keyboard scheme (Docs/Semantics.md, "keyboard"): each Han unit has
/// a second notation, its codes (`SpellingTables.codes`), and each kind is read over the
/// readings and over the codes, one notation per match. Within a kind the two are equal: the
/// better match of the two is exact before fuzzy, then leftmost, then shortest.
///
/// One notation per match comes for free: the matcher reads one table per walk, so a walk over
/// the codes never takes a reading's piece. Queries without a keyboard never come here
/// (`SpellingTables.hasCodes` is tested once per record, before any walk).
extension Matcher {
  /// The best full-pinyin, initials or (with `SearchOptions.mixed`) mixed match over both
  /// notations. Out of line: the matcher's loops without a keyboard never call it.
  @inline(never)
  func notationsBestPinyinMatch(in record: PreparedTextView) -> Match? {
    // A record of Han units only is typed over the readings with their spellings alone.
    let skipped = readingsCannotType != 0 && Self.isHanOnly(record) ? readingsCannotType : 0
    if let match = notationsMatch(.fullPinyin, in: record, skippingReadingsOf: skipped) { return match }
    if let match = notationsMatch(.initials, in: record, skippingReadingsOf: skipped) { return match }
    return options.mixed ? notationsMatch(.mixed, in: record) : nil
  }

  /// The record's best match of `kind` (full pinyin, initials or mixed) over the readings and
  /// the codes: the leftmost, then shortest, exact match of either, else the leftmost, then
  /// shortest, fuzzy one. The readings are not walked for a kind of `skipped` (a bit per
  /// `MatchKind.ordinal`), which they cannot type on this record.
  func notationsMatch(_ kind: MatchKind, in record: PreparedTextView, skippingReadingsOf skipped: UInt8 = 0) -> Match? {
    let codes = tables.codes.map { reading($0).range(of: kind, in: record) } ?? nil
    let letters = skipped & 1 << kind.ordinal != 0 ? nil : reading(tables.letters).range(of: kind, in: record)
    if let range = Self.leftmostShortest(letters, codes) {
      return Match(kind: kind, range: range)
    }
    guard let fuzzyLetters = tables.fuzzyLetters else { return nil }
    let fuzzyCodes = tables.fuzzyCodes.map { reading($0).range(of: kind, in: record) } ?? nil
    guard let range = Self.leftmostShortest(reading(fuzzyLetters).range(of: kind, in: record), fuzzyCodes) else {
      return nil
    }
    return Match(kind: kind, isFuzzy: true, range: range)
  }

  /// The leftmost, then shortest, match of `kind` with this matcher's table.
  private func range(of kind: MatchKind, in record: PreparedTextView) -> Range<Int>? {
    switch kind {
    case .fullPinyin: firstPossibleStart(in: record).flatMap { fullPinyinMatch(in: record, from: $0) }
    case .initials: firstPossibleStart(in: record).flatMap { initialsMatch(in: record, from: $0) }
    case .mixed: mixedMatch(in: record)
    case .literal, .keypad: nil
    }
  }

  /// The kinds (a bit per `MatchKind.ordinal`) that the readings cannot type `pinyin` in on a
  /// record of Han units only, where each unit is typed with its spellings: full pinyin when
  /// the query is not whole spellings then the beginning of one (`lqyifw`: no spelling begins
  /// `lq`), initials when a byte begins no spelling (`xu.uzo`: `.`); under a keyboard, such a
  /// query is typed in the codes, and its candidates are walked over the codes alone. Without
  /// fuzzy rules only (they add spellings), else none.
  static func kindsTheReadingsCannotType(_ pinyin: UnsafeBufferPointer<UInt8>) -> UInt8 {
    guard !pinyin.isEmpty, pinyin.count <= 64 else { return 0 }
    let trie = PinyinTable.syllablePrefixTrie
    var kinds: UInt8 = 0
    if !pinyin.allSatisfy({ trie.child(of: SyllablePrefixTrie.root, $0) != nil }) {
      kinds |= 1 << MatchKind.initials.ordinal
    }
    // The positions that whole spellings reach from the start, a bit each.
    var reached: UInt64 = 1
    for position in 0..<pinyin.count where reached >> UInt64(position) & 1 != 0 {
      var node = SyllablePrefixTrie.root
      var index = position
      while index < pinyin.count, let child = trie.child(of: node, pinyin[index]) {
        node = child
        index += 1
        if index < pinyin.count && trie.isWhole(node) { reached |= 1 << UInt64(index) }
      }
      if index == pinyin.count { return kinds }  // the rest begins a spelling
    }
    return kinds | 1 << MatchKind.fullPinyin.ordinal
  }

  /// Whether every unit of `record` is a Han unit or transparent (white space, apostrophes).
  static func isHanOnly(_ record: PreparedTextView) -> Bool {
    record.units.allSatisfy { $0.isHan || $0.isTransparent }
  }

  /// The nearer of two ends of matches from one start.
  @inline(__always)
  static func nearer(_ first: Int?, _ second: Int?) -> Int? {
    guard let first else { return second }
    guard let second else { return first }
    return min(first, second)
  }
}

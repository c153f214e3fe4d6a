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
    if let match = notationsMatch(.fullPinyin, in: record) { return match }
    if let match = notationsMatch(.initials, in: record) { return match }
    return options.mixed ? notationsMatch(.mixed, in: record) : nil
  }

  /// The record's best match of `kind` (full pinyin, initials or mixed) over the readings and
  /// the codes: the leftmost, then shortest, exact match of either, else the leftmost, then
  /// shortest, fuzzy one.
  func notationsMatch(_ kind: MatchKind, in record: PreparedTextView) -> Match? {
    let codes = tables.codes.map { reading($0).range(of: kind, in: record) } ?? nil
    if let range = Self.leftmostShortest(reading(tables.letters).range(of: kind, in: record), codes) {
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

  /// The nearer of two ends of matches from one start.
  @inline(__always)
  static func nearer(_ first: Int?, _ second: Int?) -> Int? {
    guard let first else { return second }
    guard let second else { return first }
    return min(first, second)
  }
}

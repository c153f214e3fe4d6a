/// Finds a record's best match for one prepared query, without allocating.
///
/// A matcher lives inside `PreparedQuery.withMatcher(pieceMasks:_:)`, which lends it the query's bytes, its
/// border tables and position sets, and scratch space; it is then applied to every record in
/// turn. Each kind is tried best first and finds its leftmost (then shortest) match, so the
/// first match found is the record's best (Docs/Semantics.md, "best match").
///
/// The pinyin kinds read a Han unit's spellings from `spellings`, one of the options'
/// `SpellingTables`: the readings, the readings with their fuzzy variants, either on a dial
/// pad, or under a keyboard either's codes (`Matcher+Notations.swift`). A kind is tried with the fuzzy table first, which tells whether the record may match at
/// all, then with the readings, which tell whether the match is exact (Docs/Semantics.md,
/// "fuzzy": an exact match comes first, wherever it starts).
///
/// Every kind costs O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
/// bytes (times the spelling lengths and the spellings per character, which the tables bound),
/// whatever the text and the query: literal and phone matches are searched with border tables
/// (Knuth–Morris–Pratt), the pinyin kinds with bitsets of query positions that a walk over the
/// units advances all at once — forward from each candidate start while that is cheap, else in
/// one backward pass that finds the leftmost start.
struct Matcher {
  /// The folded query, white space kept (simplified with `SearchOptions.traditional`).
  let literal: PreparedTextView
  /// The folded query without white-space and apostrophe units, as typed.
  let pinyin: UnsafeBufferPointer<UInt8>
  /// For a query with an apostrophe, a flag per position `0 ... pinyin.count`, set where an
  /// apostrophe stood (1; `PreparedQuery.markSeparators(of:pinyin:in:)`); nil for any other query.
  let separatorFlags: UnsafePointer<Int32>?
  /// The query's digits for the phone rule; empty when the rule does not apply.
  let phoneDigits: UnsafeBufferPointer<UInt8>
  /// The border table of the literal query's units.
  let literalBorders: UnsafeBufferPointer<Int32>
  /// The border table of `phoneDigits`.
  let phoneBorders: UnsafeBufferPointer<Int32>
  /// Sets of positions in `pinyin`, with scratch space, for the pinyin kinds.
  let positions: QueryPositions
  /// The positions of each reading set's pieces in `pinyin`, worked out once per search.
  let pieceMasks: PieceMasks
  /// The kinds of input understood beyond the original three.
  let options: SearchOptions
  /// Whether the pinyin form is digits only: its pinyin matches are literal ones, and with
  /// `SearchOptions.keypad` it is typed on a dial pad.
  let isDigits: Bool
  /// Every table the options type with.
  let tables: SpellingTables
  /// The table the pinyin kinds read a Han unit's spellings from, one of `tables`: a pointer,
  /// so that a matcher reading another table is a copy of a few words.
  private(set) var table: UnsafePointer<SpellingTable>
  /// Whether `SearchOptions.traditional` is on: units compared as themselves are folded.
  let foldsToSimplified: Bool
  /// Whether the query has a byte outside ASCII: without one, no Han unit is typed as itself.
  let hasNonASCII: Bool
  /// Whether the query is digits whose pinyin matches are all literal ones: digits only, and no
  /// code notation with digits (zhuyin types ㄅ on `1`, 安 as `0`).
  let digitsSpellOnlyDigits: Bool
  /// Under a keyboard without fuzzy rules, the kinds that the readings cannot type the query in
  /// on a record of Han units only (`kindsTheReadingsCannotType(_:)`); 0 otherwise.
  let readingsCannotType: UInt8

  init(
    literal: PreparedTextView, pinyin: UnsafeBufferPointer<UInt8>, phoneDigits: UnsafeBufferPointer<UInt8>,
    literalBorders: UnsafeBufferPointer<Int32>, phoneBorders: UnsafeBufferPointer<Int32>, positions: QueryPositions,
    pieceMasks: PieceMasks, options: SearchOptions, isDigits: Bool,
    separatorFlags: UnsafePointer<Int32>?
  ) {
    self.literal = literal
    self.pinyin = pinyin
    self.separatorFlags = separatorFlags
    self.phoneDigits = phoneDigits
    self.literalBorders = literalBorders
    self.phoneBorders = phoneBorders
    self.positions = positions
    self.pieceMasks = pieceMasks
    self.options = options
    self.isDigits = isDigits
    tables = SpellingTables(options)
    table = tables.letters
    foldsToSimplified = options.traditional
    hasNonASCII = pinyin.contains { $0 >= 0x80 }
    digitsSpellOnlyDigits = isDigits && options.keyboard != .zhuyin
    readingsCannotType =
      options.keyboard != nil && options.fuzzy.isEmpty ? Self.kindsTheReadingsCannotType(pinyin) : 0
  }

  /// The table the pinyin kinds read a Han unit's spellings from.
  @inline(__always)
  var spellings: SpellingTable { table.pointee }

  /// The folding of `SearchOptions.traditional`, when it is on.
  @inline(__always)
  var folding: SimplifiedFolding? { foldsToSimplified ? .shared : nil }

  /// This matcher reading spellings from `table`.
  @inline(__always)
  func reading(_ table: UnsafePointer<SpellingTable>) -> Matcher {
    var matcher = self
    matcher.table = table
    return matcher
  }

  /// Whether the query has an apostrophe: its pinyin kinds are matched by
  /// `separatedBestMatch(in:)` and its kin, which keep to `separatorFlags`.
  @inline(__always)
  var hasApostrophe: Bool { separatorFlags != nil }

  /// Whether the query is typed on a dial pad: `SearchOptions.keypad` and digits only.
  var isKeypadQuery: Bool { isDigits && options.keypad }

  /// The best match of the query in `record`, or nil when it does not match.
  func bestMatch(in record: PreparedTextView) -> Match? {
    if let range = literalMatch(in: record) ?? phoneMatch(in: record) {
      return Match(kind: .literal, range: range)
    }
    if hasApostrophe { return separatedBestMatch(in: record) }
    // Digits spell nothing but digits, which a literal match would have found, unless an
    // apostrophe of the text (not a separator of the phone rule) stands between them, or they
    // are zhuyin's keys.
    if !digitsSpellOnlyDigits || Self.hasApostrophe(record) {
      // Under a keyboard, over the codes too; the readings' path stays as it was without one.
      if tables.hasCodes {
        if let match = notationsBestPinyinMatch(in: record) { return match }
      } else if let match = bestPinyinMatch(in: record) {
        return match
      }
    }
    return bestKeypadMatch(in: record)
  }

  /// The best full-pinyin, initials or (with `SearchOptions.mixed`) mixed match.
  private func bestPinyinMatch(in record: PreparedTextView) -> Match? {
    guard let fuzzyTable = tables.fuzzyLetters else {
      if let first = firstPossibleStart(in: record) {
        if let range = fullPinyinMatch(in: record, from: first) { return Match(kind: .fullPinyin, range: range) }
        if let range = initialsMatch(in: record, from: first) { return Match(kind: .initials, range: range) }
      }
      return bestMixedMatch(in: record)
    }
    // The fuzzy spellings include the readings: no fuzzy match, no match. Only when there is
    // one do the readings decide whether an exact match (which may start later) exists.
    let fuzzy = reading(fuzzyTable)
    if let fuzzyFirst = fuzzy.firstPossibleStart(in: record) {
      let first = firstPossibleStart(in: record)
      if let range = fuzzy.fullPinyinMatch(in: record, from: fuzzyFirst) {
        let exact = first.flatMap { fullPinyinMatch(in: record, from: $0) }
        return Match(kind: .fullPinyin, isFuzzy: exact == nil, range: exact ?? range)
      }
      if let range = fuzzy.initialsMatch(in: record, from: fuzzyFirst) {
        let exact = first.flatMap { initialsMatch(in: record, from: $0) }
        return Match(kind: .initials, isFuzzy: exact == nil, range: exact ?? range)
      }
    }
    return options.mixed ? bestMixedMatch(in: record) : nil
  }

  /// The record's best full-pinyin match, exact if it has one.
  func bestFullPinyinMatch(in record: PreparedTextView) -> Match? {
    if hasApostrophe { return separatedMatch(.fullPinyin, kind: .fullPinyin, in: record) }
    if tables.hasCodes { return notationsMatch(.fullPinyin, in: record) }
    guard let fuzzyTable = tables.fuzzyLetters else {
      return firstPossibleStart(in: record).flatMap { fullPinyinMatch(in: record, from: $0) }.map {
        Match(kind: .fullPinyin, range: $0)
      }
    }
    let fuzzy = reading(fuzzyTable)
    guard let range = fuzzy.firstPossibleStart(in: record).flatMap({ fuzzy.fullPinyinMatch(in: record, from: $0) })
    else { return nil }
    let exact = firstPossibleStart(in: record).flatMap { fullPinyinMatch(in: record, from: $0) }
    return Match(kind: .fullPinyin, isFuzzy: exact == nil, range: exact ?? range)
  }

  /// The record's best mixed match, exact if it has one; nil without `SearchOptions.mixed`.
  func bestMixedMatch(in record: PreparedTextView) -> Match? {
    guard options.mixed else { return nil }
    if hasApostrophe { return separatedMatch(.mixed, kind: .mixed, in: record) }
    if tables.hasCodes { return notationsMatch(.mixed, in: record) }
    guard let fuzzyTable = tables.fuzzyLetters else {
      return mixedMatch(in: record).map { Match(kind: .mixed, range: $0) }
    }
    guard let range = reading(fuzzyTable).mixedMatch(in: record) else { return nil }
    let exact = mixedMatch(in: record)
    return Match(kind: .mixed, isFuzzy: exact == nil, range: exact ?? range)
  }

  /// The record's best keypad match: the query's digits typed on a dial pad, exact if it has
  /// one; nil when the query is not typed on a dial pad.
  func bestKeypadMatch(in record: PreparedTextView) -> Match? {
    guard isDigits, let keypadTable = tables.keypad else { return nil }
    if hasApostrophe { return separatedKeypadMatch(in: record) }
    return withKeypadForm(of: record) { record in
      guard let fuzzyTable = tables.fuzzyKeypad else {
        return reading(keypadTable).keypadMatch(in: record).map { Match(kind: .keypad, range: $0) }
      }
      guard let range = reading(fuzzyTable).keypadMatch(in: record) else { return nil }
      let exact = reading(keypadTable).keypadMatch(in: record)
      return Match(kind: .keypad, isFuzzy: exact == nil, range: exact ?? range)
    }
  }

  /// The leftmost, then shortest, match of the digits with this matcher's keypad spellings in
  /// `record`'s keypad form: a mixed one with `SearchOptions.mixed` (every full-pinyin and
  /// initials match is one), else the better of a full-pinyin and an initials one.
  private func keypadMatch(in record: PreparedTextView) -> Range<Int>? {
    if options.mixed { return mixedMatch(in: record) }
    guard let first = firstPossibleStart(in: record) else { return nil }
    return Self.leftmostShortest(fullPinyinMatch(in: record, from: first), initialsMatch(in: record, from: first))
  }

  /// Calls `body` with `record` as typed on a dial pad: every ASCII letter made its key, every
  /// other byte kept (a Han unit is spelled from the keypad table, not from its bytes).
  @inline(__always)
  func withKeypadForm<Result>(of record: PreparedTextView, _ body: (PreparedTextView) -> Result) -> Result {
    let count = record.bytes.count
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { keys in
      for index in 0..<count { keys[index] = KeypadLayout.key(for: record.bytes[index]) }
      return body(PreparedTextView(bytes: UnsafeBufferPointer(rebasing: keys[..<count]), units: record.units))
    }
  }

  /// Whether `record` has an apostrophe unit.
  static func hasApostrophe(_ record: PreparedTextView) -> Bool {
    record.units.contains { $0.flags.contains(.apostrophe) }
  }

  /// The range that starts first, then ends first.
  @inline(__always)
  static func leftmostShortest(_ first: Range<Int>?, _ second: Range<Int>?) -> Range<Int>? {
    guard let first else { return second }
    guard let second else { return first }
    if first.lowerBound != second.lowerBound { return first.lowerBound < second.lowerBound ? first : second }
    return first.upperBound <= second.upperBound ? first : second
  }
}

extension Matcher {
  /// The match of `kind` starting at unit `start` (with the shortest end, exact if one is), as
  /// an index posting names it; with no start, the record's best match. Nil when there is no
  /// such match.
  func match(kind: MatchKind, start: Int?, in record: PreparedTextView) -> Match? {
    guard let start else { return bestMatch(in: record) }
    // Past the record's end only in a posting of a damaged snapshot.
    guard start < record.units.count else { return nil }
    if hasApostrophe && kind != .literal { return separatedMatch(kind: kind, start: start, in: record) }
    switch kind {
    case .literal:
      let end = literalMatches(at: start, in: record) ? start + literal.units.count : phoneEnd(from: start, in: record)
      return end.map { Match(kind: .literal, start: start, end: $0) }
    case .fullPinyin, .initials, .mixed:
      return exactOrFuzzy(kind, start: start, letters: true) { $0.pinyinEnd(of: kind, from: start, in: record) }
    case .keypad:
      guard isKeypadQuery else { return nil }
      return withKeypadForm(of: record) { record in
        exactOrFuzzy(.keypad, start: start, letters: false) { $0.keypadEnd(from: start, in: record) }
      }
    }
  }

  /// The match of `kind` from `start` that `end` finds with the exact spellings, else with the
  /// fuzzy ones (of letters or of the keypad); on letters under a keyboard, the nearer end of
  /// the two notations, exact before fuzzy.
  @inline(__always)
  private func exactOrFuzzy(
    _ kind: MatchKind, start: Int, letters: Bool, _ end: (Matcher) -> Int?
  ) -> Match? {
    let exactTable: UnsafePointer<SpellingTable>? = letters ? tables.letters : tables.keypad
    guard let exactTable else { return nil }
    let codes = letters ? tables.codes : nil
    if let exact = Self.nearer(end(reading(exactTable)), codes.flatMap { end(reading($0)) }) {
      return Match(kind: kind, start: start, end: exact)
    }
    guard let fuzzyTable = letters ? tables.fuzzyLetters : tables.fuzzyKeypad else { return nil }
    let fuzzyCodes = letters ? tables.fuzzyCodes : nil
    guard let fuzzy = Self.nearer(end(reading(fuzzyTable)), fuzzyCodes.flatMap { end(reading($0)) }) else {
      return nil
    }
    return Match(kind: kind, isFuzzy: true, start: start, end: fuzzy)
  }

  /// One past the first unit at which `kind` (full pinyin, initials or mixed) types the query
  /// from `start`, or nil.
  private func pinyinEnd(of kind: MatchKind, from start: Int, in record: PreparedTextView) -> Int? {
    switch kind {
    case .fullPinyin: fullPinyinEnd(from: start, in: record)
    case .initials: initialsEnd(from: start, in: record)
    default: options.mixed ? mixedEnd(from: start, in: record) : nil
    }
  }

  /// One past the first unit at which the digits are typed from `start` in `record`'s keypad form.
  private func keypadEnd(from start: Int, in record: PreparedTextView) -> Int? {
    if options.mixed { return mixedEnd(from: start, in: record) }
    switch (fullPinyinEnd(from: start, in: record), initialsEnd(from: start, in: record)) {
    case (let first?, let second?): return min(first, second)
    case (let first, let second): return first ?? second
    }
  }
}

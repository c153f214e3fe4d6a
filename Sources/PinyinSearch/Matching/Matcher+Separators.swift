/// The pinyin kinds of a query with an apostrophe (Docs/Semantics.md, "Syllable separators"):
/// the apostrophes are removed from the pinyin form like white space, but where one stood
/// (`separators`) a unit's piece must end and the next unit's begin.
///
/// Queries with apostrophes are rare (what an input method shows while composing, `xi'an`), so
/// they take this path of their own and every other query keeps the bit-parallel walks
/// unchanged: a dynamic programme over query positions, one unit at a time, that tries each
/// piece a unit may be typed as — a whole spelling, a beginning of one, an initial, the unit
/// itself — and refuses a piece that contains a separator. The leftmost start is found in one
/// backward pass (from which positions the rest of the query can be typed), its shortest end
/// in one forward walk from it.
///
/// - Complexity: O(n × q × s) for a record of n units, a query of q bytes and s bytes of
///   spellings per unit (the tables bound s), for each kind and table tried.
extension Matcher {
  /// A way of typing units: the pieces of one pinyin kind.
  enum SeparatedWay {
    /// Whole spellings, the last unit any non-empty beginning of one.
    case fullPinyin
    /// One initial per unit.
    case initials
    /// Any non-empty beginning of a spelling, or a Han unit as itself.
    case mixed
  }

  /// The best full-pinyin, initials, mixed (with `SearchOptions.mixed`) or keypad match of a
  /// query with an apostrophe: what `bestMatch(in:)` gives when there is no literal match.
  func separatedBestMatch(in record: PreparedTextView) -> Match? {
    let ways: [(SeparatedWay, MatchKind)] = [(.fullPinyin, .fullPinyin), (.initials, .initials), (.mixed, .mixed)]
    for (way, kind) in ways where way != .mixed || options.mixed {
      if let match = separatedMatch(way, kind: kind, in: record) { return match }
    }
    return separatedKeypadMatch(in: record)
  }

  /// The record's best match of `way`, reported as `kind`: the leftmost exact one, else the
  /// leftmost fuzzy one; on letters, and under a keyboard on its codes too (the better of the two).
  func separatedMatch(_ way: SeparatedWay, kind: MatchKind, in record: PreparedTextView) -> Match? {
    guard !pinyin.isEmpty else { return nil }
    // Under a keyboard, the codes are a second notation: the better range of the two.
    let exact = reading(tables.letters).separatedLeftmost(way, in: record)
    let exactCode = tables.codes.flatMap { reading($0).separatedLeftmost(way, in: record) }
    if let range = Self.leftmostShortest(exact, exactCode) { return Match(kind: kind, range: range) }
    guard let fuzzyTable = tables.fuzzyLetters else { return nil }
    let fuzzyCode = tables.fuzzyCodes.flatMap { reading($0).separatedLeftmost(way, in: record) }
    guard let range = Self.leftmostShortest(reading(fuzzyTable).separatedLeftmost(way, in: record), fuzzyCode)
    else { return nil }
    return Match(kind: kind, isFuzzy: true, range: range)
  }

  /// The record's best keypad match of a query with an apostrophe, when the query is typed on
  /// a dial pad: exact before fuzzy, then leftmost, then shortest, over the ways a keypad match
  /// is typed (mixed pieces with `SearchOptions.mixed`, which cover the others).
  func separatedKeypadMatch(in record: PreparedTextView) -> Match? {
    guard isKeypadQuery, let keypadTable = tables.keypad else { return nil }
    return withKeypadForm(of: record) { record in
      if let range = reading(keypadTable).separatedKeypadRange(in: record) {
        return Match(kind: .keypad, range: range)
      }
      guard let fuzzyTable = tables.fuzzyKeypad,
        let range = reading(fuzzyTable).separatedKeypadRange(in: record)
      else { return nil }
      return Match(kind: .keypad, isFuzzy: true, range: range)
    }
  }

  /// The leftmost, then shortest, keypad match with this matcher's table in `record`'s keypad form.
  private func separatedKeypadRange(in record: PreparedTextView) -> Range<Int>? {
    if options.mixed { return separatedLeftmost(.mixed, in: record) }
    return Self.leftmostShortest(
      separatedLeftmost(.fullPinyin, in: record), separatedLeftmost(.initials, in: record))
  }

  /// The match of `kind` starting at unit `start` of a query with an apostrophe (shortest end,
  /// exact if one is), as an index posting names it; nil when there is none.
  func separatedMatch(kind: MatchKind, start: Int, in record: PreparedTextView) -> Match? {
    switch kind {
    case .literal:
      return nil
    case .fullPinyin, .initials, .mixed:
      guard kind != .mixed || options.mixed, !pinyin.isEmpty else { return nil }
      let way: SeparatedWay = kind == .fullPinyin ? .fullPinyin : kind == .initials ? .initials : .mixed
      let exactCode = tables.codes.flatMap { reading($0).separatedEnd(way, from: start, in: record) }
      if let end = Self.nearer(reading(tables.letters).separatedEnd(way, from: start, in: record), exactCode) {
        return Match(kind: kind, start: start, end: end)
      }
      guard let fuzzyTable = tables.fuzzyLetters else { return nil }
      let fuzzyCode = tables.fuzzyCodes.flatMap { reading($0).separatedEnd(way, from: start, in: record) }
      guard let end = Self.nearer(reading(fuzzyTable).separatedEnd(way, from: start, in: record), fuzzyCode)
      else { return nil }
      return Match(kind: kind, isFuzzy: true, start: start, end: end)
    case .keypad:
      guard let match = separatedKeypadMatch(in: record), Int(match.start) == start else { return nil }
      return match
    }
  }

  /// The leftmost, then shortest, match of `way` with this matcher's table: one backward pass
  /// finds the leftmost start, one forward walk its shortest end.
  func separatedLeftmost(_ way: SeparatedWay, in record: PreparedTextView) -> Range<Int>? {
    guard let start = separatedLeftmostStart(way, in: record),
      let end = separatedEnd(way, from: start, in: record)
    else { return nil }
    return start..<end
  }

  /// Calls `body` with the separators' flag per pinyin position `0 ... q`, and with two arrays
  /// of as many flags of scratch, cleared.
  @inline(__always)
  func withSeparatorFlags<Result>(
    _ body: (UnsafeBufferPointer<Int32>, UnsafeMutableBufferPointer<Bool>, UnsafeMutableBufferPointer<Bool>) -> Result
  ) -> Result {
    let size = pinyin.count + 1
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * size) { storage in
      storage.initialize(repeating: false)
      return body(
        UnsafeBufferPointer(start: separatorFlags, count: size), UnsafeMutableBufferPointer(rebasing: storage[..<size]),
        UnsafeMutableBufferPointer(rebasing: storage[size...]))
    }
  }

  /// The first unit from which `way` types the whole query, or nil: a pass from the last unit
  /// back that keeps, for the next unit that is not skipped, the positions from which the rest
  /// of the query can be typed.
  private func separatedLeftmostStart(_ way: SeparatedWay, in record: PreparedTextView) -> Int? {
    withSeparatorFlags { isSeparator, following, current in
      var leftmost: Int?
      var unit = record.units.count
      while unit > 0 {
        unit -= 1
        if record.units[unit].isTransparent { continue }
        for position in 0..<pinyin.count {
          var can = false
          forEachPiece(way, of: unit, in: record, at: position, isSeparator: isSeparator) { end in
            if end == pinyin.count || following[end] { can = true }
          }
          current[position] = can
        }
        if current[0] { leftmost = unit }
        for position in 0..<pinyin.count { following[position] = current[position] }
      }
      return leftmost
    }
  }

  /// One past the first unit at which `way` has typed the whole query from unit `start`, or nil.
  func separatedEnd(_ way: SeparatedWay, from start: Int, in record: PreparedTextView) -> Int? {
    guard start < record.units.count, !record.units[start].isTransparent else { return nil }
    return withSeparatorFlags { isSeparator, reached, next in
      reached[0] = true
      var live = 1
      for unit in start..<record.units.count where !record.units[unit].isTransparent {
        var completes = false
        live = 0
        for position in 0..<pinyin.count where reached[position] {
          forEachPiece(way, of: unit, in: record, at: position, isSeparator: isSeparator) { end in
            if end == pinyin.count {
              completes = true
            } else if !next[end] {
              next[end] = true
              live += 1
            }
          }
        }
        if completes { return unit + 1 }
        for position in 0..<pinyin.count {
          reached[position] = next[position]
          next[position] = false
        }
        if live == 0 { return nil }
      }
      return nil
    }
  }
}

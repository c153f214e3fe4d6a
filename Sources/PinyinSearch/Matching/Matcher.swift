/// Finds a record's best match for one prepared query, without allocating.
///
/// A matcher lives inside `PreparedQuery.withMatcher(_:)`, which lends it the query's bytes, its
/// border tables and position sets, and scratch space; it is then applied to every record in
/// turn. Each kind is tried best first and finds its leftmost (then shortest) match, so the
/// first match found is the record's best (Docs/Semantics.md, "best match").
///
/// Every kind costs O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
/// bytes (times the spelling lengths and the readings per character, which the pinyin table
/// bounds), whatever the text and the query: literal and phone matches are searched with border
/// tables (Knuth–Morris–Pratt), the pinyin kinds with bitsets of query positions that a walk
/// over the units advances all at once — forward from each candidate start while that is
/// cheap, else in one backward pass that finds the leftmost start.
struct Matcher {
  /// The folded query, white space kept.
  let literal: PreparedTextView
  /// The folded query without white-space units.
  let pinyin: UnsafeBufferPointer<UInt8>
  /// The query's digits for the phone rule; empty when the rule does not apply.
  let phoneDigits: UnsafeBufferPointer<UInt8>
  /// The border table of the literal query's units.
  let literalBorders: UnsafeBufferPointer<Int32>
  /// The border table of `phoneDigits`.
  let phoneBorders: UnsafeBufferPointer<Int32>
  /// Sets of positions in `pinyin`, with scratch space, for the pinyin kinds.
  let positions: QueryPositions
  /// The kinds of input understood beyond the original three.
  let options: SearchOptions
  /// The pinyin table.
  let table: PinyinTable

  /// The best match of the query in `record`, or nil when it does not match.
  func bestMatch(in record: PreparedTextView) -> Match? {
    if let range = literalMatch(in: record) ?? phoneMatch(in: record) {
      return Match(kind: .literal, start: range.lowerBound, end: range.upperBound)
    }
    if let first = firstPossibleStart(in: record) {
      if let range = fullPinyinMatch(in: record, from: first) {
        return Match(kind: .fullPinyin, start: range.lowerBound, end: range.upperBound)
      }
      if let range = initialsMatch(in: record, from: first) {
        return Match(kind: .initials, start: range.lowerBound, end: range.upperBound)
      }
    }
    if options.mixed, let range = mixedMatch(in: record) {
      return Match(kind: .mixed, start: range.lowerBound, end: range.upperBound)
    }
    return nil
  }
}

extension Matcher {
  /// The match of `kind` starting at unit `start` (with the shortest end), as an index posting
  /// names it; with no start, the record's best match. Nil when there is no such match.
  func match(kind: MatchKind, start: Int?, in record: PreparedTextView) -> Match? {
    guard let start else { return bestMatch(in: record) }
    let end: Int?
    switch kind {
    case .literal:
      end = literalMatches(at: start, in: record) ? start + literal.units.count : phoneEnd(from: start, in: record)
    case .fullPinyin:
      end = fullPinyinEnd(from: start, in: record)
    case .initials:
      end = initialsEnd(from: start, in: record)
    case .mixed:
      end = mixedEnd(from: start, in: record)
    case .keypad:
      end = nil
    }
    return end.map { Match(kind: kind, start: start, end: $0) }
  }
}

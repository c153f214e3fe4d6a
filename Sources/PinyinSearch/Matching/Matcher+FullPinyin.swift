extension Matcher {
  /// The leftmost, then shortest, full-pinyin match (Docs/Semantics.md, fullPinyin), starting
  /// at or after `first` (see `firstPossibleStart(in:)`).
  ///
  /// Each candidate start is walked forward, advancing the set of query positions that some
  /// choice of spellings reaches through one unit at a time (one set, however many readings
  /// the units had: a polyphonic text is never expanded into combinations), within a budget;
  /// then a backward pass takes over (`leftmostMatch(in:from:canStart:end:leftmostStart:)`).
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
  ///   bytes, times the units' spellings and their lengths.
  func fullPinyinMatch(in record: PreparedTextView, from first: Int) -> Range<Int>? {
    leftmostMatch(
      in: record, from: first, canStart: { canStart(at: $0, in: record) },
      end: { fullPinyinEnd(from: $0, in: record, budget: &$1) },
      leftmostStart: { leftmostFullPinyinStart(in: record, from: $0) })
  }

  /// One past the first unit at which the query is spelled out from `start`, or nil.
  func fullPinyinEnd(from start: Int, in record: PreparedTextView) -> Int? {
    var budget = Int.max
    return fullPinyinEnd(from: start, in: record, budget: &budget)
  }

  /// One past the first unit at which the query is spelled out from `start`, or nil; each unit
  /// stepped through costs one of `budget`, and the walk stops with nil once it is below zero.
  ///
  /// The walk follows one query position while the units reach one at a time, and takes the
  /// position sets only when a unit reaches two (`singlePositionFullPinyinEnd(from:in:budget:)`).
  /// `MatcherStrategyTests.theOnePositionWalkEndsWhereTheWalkWithPositionSetsEnds` and
  /// `MatcherLongQueryTests.theOnePositionWalkEndsWhereTheWalkWithPositionSetsEnds` hold it to
  /// `fullPinyinEndWithPositionSets(from:in:budget:)`, end and budget alike.
  func fullPinyinEnd(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    let budgetBefore = budget
    switch singlePositionFullPinyinEnd(from: start, in: record, budget: &budget) {
    case .found(let end): return end
    case .none: return nil
    case .branches:
      budget = budgetBefore  // walked again with position sets, from the start
      return fullPinyinEndWithPositionSets(from: start, in: record, budget: &budget)
    }
  }

  /// `fullPinyinEnd(from:in:budget:)` while the units reach one query position at a time, as
  /// a text's units do unless a polyphone's readings both occur (和 as `hu` and `huo` before
  /// `huo…`): the spellings are compared with the query's bytes directly, without position
  /// sets. Spends `budget` as the walk with sets does; returns `.branches` when a unit reaches
  /// two positions.
  @inline(__always)
  private func singlePositionFullPinyinEnd(
    from start: Int, in record: PreparedTextView, budget: inout Int
  ) -> SinglePositionWalk {
    let count = pinyin.count
    let query = pinyin.baseAddress!
    return walkSinglePosition(from: start, in: record, budget: &budget) { set, position in
      let rest = count - position
      var next = -1
      for member in spellings.members(of: set) {
        let spelling = spellings.bytes(ofMember: member)
        guard spelling[0] == query[position] else { continue }
        let compared = min(rest, spelling.count)
        guard bytesEqual(query + position, spelling.baseAddress!, count: compared) else { continue }
        // The query ends inside (or at the end of) this spelling, or goes on past it.
        if rest <= spelling.count { return .ends }
        if next >= 0 && next != position + spelling.count { return .branches }
        next = position + spelling.count
      }
      return next >= 0 ? .to(next) : .fails
    }
  }

  /// `fullPinyinEnd(from:in:budget:)` with sets of query positions throughout: what it falls
  /// back on, and what its tests hold the one-position walk to. A Han unit advances the sets
  /// through each of its spellings; a non-Han unit is matched whole.
  @inline(never)  // the fallback of a unit that branches, kept out of the one-position walk
  func fullPinyinEndWithPositionSets(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    walkWithPositionSets(from: start, in: record, budget: &budget) { unit, info, walk in
      guard info.isHan else {
        let bytes = bytes(ofUnit: unit, in: record)
        if walk.endsQuery(with: bytes) { return true }
        walk.step(over: bytes)
        return false
      }
      for member in spellings.members(of: info.readingSet) {
        let spelling = spellings.bytes(ofMember: member)
        if walk.endsQuery(inside: spelling) { return true }
        walk.step(over: spelling)
      }
      return false
    }
  }

  /// The leftmost unit at or after `first` from which the units spell the query in full
  /// pinyin: a backward pass (`BackwardPass`) in which a Han unit takes each spelling, which
  /// either ends the query inside it or leads on, and a non-Han unit takes its bytes whole.
  /// `MatcherStrategyTests.theBackwardPassFindsTheStartTheWalksFind` and
  /// `MatcherLongQueryTests.theBackwardPassFindsTheStartTheWalksFind` hold it to the forward
  /// walks of `fullPinyinEnd(from:in:budget:)`.
  @inline(never)  // the rare fallback, kept out of the forward walks' callers
  func leftmostFullPinyinStart(in record: PreparedTextView, from first: Int) -> Int? {
    leftmostStart(in: record, from: first) { unit, info, pass in
      guard info.isHan else { return pass.takeWhole(bytes(ofUnit: unit, in: record)) }
      for member in spellings.members(of: info.readingSet) {
        let spelling = spellings.bytes(ofMember: member)
        pass.insertEndings(inside: spelling)
        pass.addSteps(over: spelling)
      }
    }
  }
}

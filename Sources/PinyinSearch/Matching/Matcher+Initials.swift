extension Matcher {
  /// The leftmost, then shortest, initials match: each unit contributes one initial, a Han unit
  /// one letter of its readings' first letters and any other unit its whole folded form
  /// (Docs/Semantics.md, initials), starting at or after `first`. Walks forward from each
  /// candidate start within a budget, then falls back on a backward pass
  /// (`leftmostMatch(in:from:canStart:end:leftmostStart:)`).
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q bytes.
  func initialsMatch(in record: PreparedTextView, from first: Int) -> Range<Int>? {
    leftmostMatch(
      in: record, from: first, canStart: { canStart(at: $0, in: record) },
      end: { initialsEnd(from: $0, in: record, budget: &$1) },
      leftmostStart: { leftmostInitialsStart(in: record, from: $0) })
  }

  /// One past the unit at which the initials from `start` spell the query, or nil.
  ///
  /// - Complexity: O(n) for a record of n units.
  func initialsEnd(from start: Int, in record: PreparedTextView) -> Int? {
    var budget = Int.max
    return initialsEnd(from: start, in: record, budget: &budget)
  }

  /// One past the unit at which the initials from `start` spell the query, or nil; each unit
  /// stepped through costs one of `budget`, and the walk stops with nil once it is below zero.
  /// Each unit consumes a fixed number of bytes, so the walk follows one position, never a set
  /// of them. `MatcherStrategyTests.theBackwardPassFindsTheStartTheWalksFind` and
  /// `MatcherLongQueryTests.theBackwardPassFindsTheStartTheWalksFind` hold it to
  /// `leftmostInitialsStart(in:from:)`.
  func initialsEnd(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    let count = pinyin.count
    let query = pinyin.baseAddress!
    let walk = walkSinglePosition(from: start, in: record, budget: &budget) { set, position in
      guard initialsContain(set, query[position]) else { return .fails }
      return position &+ 1 == count ? .ends : .to(position &+ 1)
    }
    guard case .found(let end) = walk else { return nil }
    return end
  }

  /// The leftmost unit at or after `first` from which the units' initials spell the query: a
  /// backward pass (`BackwardPass`) in which a Han unit takes one letter, any of its initials,
  /// and any other unit its whole folded bytes.
  @inline(never)  // the rare fallback, kept out of the forward walks' callers
  func leftmostInitialsStart(in record: PreparedTextView, from first: Int) -> Int? {
    let count = positions.count
    return leftmostStart(in: record, from: first) { unit, info, pass in
      guard info.isHan else { return pass.takeWhole(bytes(ofUnit: unit, in: record)) }
      if initialsContain(info.readingSet, pinyin[count - 1]) { pass.insertEnding(at: count - 1) }
      let wordRange = pass.wordsStepping(by: 1)
      guard !wordRange.isEmpty else { return }
      // The positions of any of the unit's initials.
      let letters = pass.occurrence
      QueryPositions.clear(letters, wordRange)
      spellings.forEachInitial(of: info.readingSet) { letter in
        guard let set = positions.positions(of: letter) else { return }
        for word in wordRange { letters[word] |= set[word] }
      }
      pass.addSteps(letters, by: 1, within: wordRange)
    }
  }
}

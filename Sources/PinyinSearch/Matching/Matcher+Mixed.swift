extension Matcher {
  /// The leftmost, then shortest, mixed match (Docs/Semantics.md, mixed): each unit from the
  /// start types a piece of the query — a non-empty beginning of one of a Han unit's spellings,
  /// or the Han unit itself; a non-Han unit its whole folded form — white space skipped.
  ///
  /// As for full pinyin, candidate starts are walked forward within a budget, then one backward
  /// pass takes over (`leftmostMatch(in:from:canStart:end:leftmostStart:)`); the position sets
  /// advance through every beginning of every spelling at once, so that no combination of
  /// readings or of cuts is ever expanded.
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
  ///   bytes, times the units' spellings and their lengths.
  func mixedMatch(in record: PreparedTextView) -> Range<Int>? {
    leftmostMatch(
      in: record, from: 0, canStart: { canStartMixed(at: $0, in: record) },
      end: { mixedEnd(from: $0, in: record, budget: &$1) },
      leftmostStart: { leftmostMixedStart(in: record, from: $0) })
  }

  /// Whether a mixed match could start at `unit`: a Han unit with a reading that begins with
  /// the query's first letter, or any unit typed as itself (its bytes begin the query).
  @inline(__always)
  func canStartMixed(at unit: Int, in record: PreparedTextView) -> Bool {
    let info = record.units[unit]
    if info.isTransparent { return false }
    if info.isHan && initialsContain(info.readingSet, pinyin[0]) { return true }
    let start = record.start(ofUnit: unit)
    let bytes = UnsafeBufferPointer(rebasing: record.bytes[start..<Int(info.end)])
    var begins = false
    forEachTypedForm(of: bytes, isHan: info.isHan) { form in
      begins =
        begins
        || form[0] == pinyin[0]
          && (form.count == 1
            || (form.count <= pinyin.count && bytesEqual(pinyin.baseAddress!, form.baseAddress!, count: form.count)))
    }
    return begins
  }

  /// Calls `body` with each way the unit of `bytes` is typed as itself: its bytes; with
  /// `SearchOptions.traditional`, for a Han unit whose character has traditional or simplified
  /// twins (劉 and 刘), each of them followed by the rest of the unit (its variation selectors),
  /// so that the query may type any (Docs/Semantics.md, "traditional"). A non-Han unit is
  /// typed as its own bytes only; a Han unit is not typed as itself at all on a dial pad or by
  /// a query of ASCII, where its bytes could not match.
  @inline(__always)
  func forEachTypedForm(
    of bytes: UnsafeBufferPointer<UInt8>, isHan: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard isHan else { return body(bytes) }
    guard typesHanAsItself else { return }
    guard let folding else { return body(bytes) }
    let (scalar, length) = UTF8Scalar.decode(bytes, at: 0)
    guard let members = folding.classMembers(of: scalar) else { return body(bytes) }
    let rest = bytes.count - length
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 + rest) { form in
      for member in members {
        var encoded = UTF8Encoding(member)
        for index in 0..<encoded.count { form[index] = encoded.next() }
        (form.baseAddress! + encoded.count).update(from: bytes.baseAddress! + length, count: rest)
        body(UnsafeBufferPointer(rebasing: form[..<(encoded.count + rest)]))
      }
    }
  }

  /// Whether the query may type a Han unit as itself: a Han character's bytes are not ASCII, so
  /// a query of ASCII (or digits) never does, nor does one on a dial pad.
  @inline(__always)
  var typesHanAsItself: Bool { hasNonASCII && !spellings.isKeypad }

  /// One past the first unit at which the query is typed out from `start` in mixed pieces, or nil.
  func mixedEnd(from start: Int, in record: PreparedTextView) -> Int? {
    var budget = Int.max
    return mixedEnd(from: start, in: record, budget: &budget)
  }

  /// One past the first unit at which the query is typed out from `start` in mixed pieces, or
  /// nil; each unit stepped through costs one of `budget`, and the walk stops with nil once it
  /// is below zero. `MatcherStrategyTests.theBackwardPassFindsTheStartTheWalksFind` and
  /// `MatcherLongQueryTests.theBackwardPassFindsTheStartTheWalksFind` hold it to
  /// `leftmostMixedStart(in:from:)`.
  func mixedEnd(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    if positions.words == 1 { return mixedEndInOneWord(from: start, in: record, budget: &budget) }
    return mixedEndWithWordRanges(from: start, in: record, budget: &budget)
  }

  /// `mixedEnd(from:in:budget:)` for a query of any length, over position sets of several words
  /// of which only a word range is read: each unit is taken whole in each way it is typed as
  /// itself, and a Han unit's sets advance through each beginning of each of its spellings.
  @inline(never)  // for queries longer than 64 bytes only, kept out of its callers
  func mixedEndWithWordRanges(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    walkWithPositionSets(from: start, in: record, budget: &budget) { unit, info, walk in
      // The whole unit as a piece: a non-Han unit's only one, a Han unit typed as itself.
      var ends = false
      forEachTypedForm(of: bytes(ofUnit: unit, in: record), isHan: info.isHan) { bytes in
        ends = ends || walk.endsQuery(with: bytes)
        walk.step(over: bytes)
      }
      if ends || !info.isHan { return ends }
      let wordRange = walk.currentWords
      for member in spellings.members(of: info.readingSet) {
        let spelling = spellings.bytes(ofMember: member)
        let found = forEachBeginning(of: spelling, occurringIn: walk.occurrence, within: wordRange) { length in
          if walk.endsQuery(walk.occurrence, length: length) { return true }
          walk.addMoved(walk.occurrence, by: length)
          return false
        }
        if found { return true }
      }
      return false
    }
  }

  /// The leftmost unit at or after `first` from which the units type the query in mixed
  /// pieces: a backward pass (`BackwardPass`) in which each unit is taken whole in each way it
  /// is typed as itself, and a Han unit takes each beginning of each of its spellings.
  @inline(never)  // the rare fallback, kept out of the forward walks' callers
  func leftmostMixedStart(in record: PreparedTextView, from first: Int) -> Int? {
    let count = positions.count
    let words = positions.words
    return leftmostStart(in: record, from: first) { unit, info, pass in
      forEachTypedForm(of: bytes(ofUnit: unit, in: record), isHan: info.isHan) { pass.takeWhole($0) }
      guard info.isHan else { return }
      for member in spellings.members(of: info.readingSet) {
        let spelling = spellings.bytes(ofMember: member)
        // Positions that a beginning of the spelling may take: steps into `later`, or endings.
        let endings = QueryPositions.wordRange(holding: max(0, count - spelling.count)).lowerBound..<words
        let wordRange = QueryPositions.union(pass.wordsStepping(by: spelling.count), endings)
        _ = forEachBeginning(of: spelling, occurringIn: pass.occurrence, within: wordRange) { length in
          if QueryPositions.contains(pass.occurrence, count - length) { pass.insertEnding(at: count - length) }
          let steps = pass.wordsStepping(by: length)
          if !steps.isEmpty { pass.addSteps(pass.occurrence, by: length, within: steps) }
          return false
        }
      }
    }
  }

  /// Calls `body` with the length of each beginning of `spelling` that occurs in the query,
  /// shorter first, `occurrence` holding within words `wordRange` the positions at which it
  /// occurs (shift-and), until `body` returns true; returns whether it did.
  @inline(__always)
  private func forEachBeginning(
    of spelling: UnsafeBufferPointer<UInt8>, occurringIn occurrence: UnsafeMutablePointer<UInt64>,
    within wordRange: Range<Int>, _ body: (_ length: Int) -> Bool
  ) -> Bool {
    guard let firstByte = positions.positions(of: spelling[0]) else { return false }
    for word in wordRange { occurrence[word] = firstByte[word] }
    for length in 1...min(spelling.count, positions.count) {
      if length > 1 && !positions.narrow(occurrence, to: spelling[length - 1], at: length - 1, within: wordRange) {
        break
      }
      if body(length) { return true }
    }
    return false
  }
}

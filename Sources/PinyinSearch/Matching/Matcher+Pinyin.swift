extension Matcher {
  /// The leftmost, then shortest, full-pinyin match (Docs/Semantics.md, fullPinyin), starting
  /// at or after `first` (see `firstPossibleStart(in:)`).
  ///
  /// Each candidate start is first walked forward, advancing the set of query positions that
  /// some choice of spellings reaches through one unit at a time (one set, however many
  /// readings the units had: a polyphonic text is never expanded into combinations). Most walks
  /// end within a unit or two. If the walks together exceed a budget of a few steps per unit (a
  /// long query that almost matches from many starts), a backward pass over the units finds the
  /// leftmost start instead, and one forward walk from it the end.
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
  ///   bytes, times the units' spellings and their lengths.
  func fullPinyinMatch(in record: PreparedTextView, from first: Int) -> Range<Int>? {
    var budget = Self.walkBudget(for: record)
    for start in first..<record.units.count where canStart(at: start, in: record) {
      if let end = fullPinyinEnd(from: start, in: record, budget: &budget) { return start..<end }
      if budget < 0 {
        guard let leftmost = leftmostFullPinyinStart(in: record, from: start),
          let end = fullPinyinEnd(from: leftmost, in: record)
        else { return nil }
        return leftmost..<end
      }
    }
    return nil
  }

  /// The leftmost, then shortest, initials match: each unit contributes one initial, a Han unit
  /// one letter of its readings' first letters and any other unit its whole folded form
  /// (Docs/Semantics.md, initials), starting at or after `first`. Walks forward from each
  /// candidate start within a budget, as `fullPinyinMatch(in:from:)` does, then falls back on
  /// a backward pass.
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q bytes.
  func initialsMatch(in record: PreparedTextView, from first: Int) -> Range<Int>? {
    var budget = Self.walkBudget(for: record)
    for start in first..<record.units.count where canStart(at: start, in: record) {
      if let end = initialsEnd(from: start, in: record, budget: &budget) { return start..<end }
      if budget < 0 {
        guard let leftmost = leftmostInitialsStart(in: record, from: start),
          let end = initialsEnd(from: leftmost, in: record)
        else { return nil }
        return leftmost..<end
      }
    }
    return nil
  }

  /// The units that the forward walks of one record may step through together before the
  /// backward pass takes over: a few per unit, so that walking costs at most a constant times
  /// one pass.
  @inline(__always)
  static func walkBudget(for record: PreparedTextView) -> Int {
    4 * record.units.count + 16
  }

  /// The first unit at which a pinyin match could start (see `canStart(at:in:)`), or nil when
  /// no unit can: then the record has no full-pinyin and no initials match.
  func firstPossibleStart(in record: PreparedTextView) -> Int? {
    for unit in 0..<record.units.count where canStart(at: unit, in: record) { return unit }
    return nil
  }

  /// Whether a pinyin match could start at `unit`: it is not white space, and one of its
  /// spellings (in `spellings`) begins with the query's first byte.
  @inline(__always)
  func canStart(at unit: Int, in record: PreparedTextView) -> Bool {
    let info = record.units[unit]
    if info.flags.contains(.whitespace) { return false }
    if info.isHan { return initialsContain(info.readingSet, pinyin[0]) }
    return record.bytes[record.start(ofUnit: unit)] == pinyin[0]
  }

  /// Whether a spelling of `set` begins with `byte`.
  @inline(__always)
  func initialsContain(_ set: UInt16, _ byte: UInt8) -> Bool {
    spellings.initialsContain(set, byte)
  }

  /// The leftmost unit at or after `first` from which the units spell the query in full
  /// pinyin. Going backwards, `later` holds the query positions from which the units after the
  /// current one spell the rest of the query; the current unit extends it by each spelling that
  /// occurs at a position and leads to a position in `later`, or in which the query ends.
  ///
  /// Only the words of a set that may be non-zero (its window) are read and cleared, so a unit
  /// costs in proportion to the span of the positions still alive, at most ⌈q / 64⌉ words.
  func leftmostFullPinyinStart(in record: PreparedTextView, from first: Int) -> Int? {
    let count = positions.count
    var later = positions.scratch.0
    var here = positions.scratch.1
    let occurrence = positions.scratch.2
    later.update(repeating: 0, count: positions.words)
    here.update(repeating: 0, count: positions.words)
    var laterWindow = 0..<0
    var hereWindow = 0..<0
    var leftmost: Int?
    for unit in stride(from: record.units.count - 1, through: first, by: -1) {
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      clear(here, hereWindow)
      hereWindow = 0..<0
      if info.isHan {
        for member in spellings.members(of: info.readingSet) {
          let spelling = spellings.bytes(ofMember: member)
          hereWindow = union(hereWindow, insertEndings(of: spelling, into: here))
          let window = stepWindow(reaching: laterWindow, by: spelling.count)
          if !window.isEmpty && positions.occurrences(of: spelling, into: occurrence, window: window) {
            addSteps(occurrence, by: spelling.count, reaching: later, into: here, window: window)
            hereWindow = union(hereWindow, window)
          }
        }
      } else {
        let start = record.start(ofUnit: unit)
        let bytes = UnsafeBufferPointer(rebasing: record.bytes[start..<Int(info.end)])
        if bytes.count <= count
          && bytesEqual(pinyin.baseAddress! + count - bytes.count, bytes.baseAddress!, count: bytes.count)
        {
          QueryPositions.insert(count - bytes.count, into: here)
          hereWindow = union(hereWindow, wordWindow(of: count - bytes.count))
        }
        let window = stepWindow(reaching: laterWindow, by: bytes.count)
        if !window.isEmpty && positions.occurrences(of: bytes, into: occurrence, window: window) {
          addSteps(occurrence, by: bytes.count, reaching: later, into: here, window: window)
          hereWindow = union(hereWindow, window)
        }
      }
      if QueryPositions.contains(here, 0) { leftmost = unit }
      swap(&later, &here)
      swap(&laterWindow, &hereWindow)
    }
    return leftmost
  }

  /// Adds to `set` each position `t` from which the query ends inside (or at the end of)
  /// `spelling`: the query's bytes from `t` on are a non-empty beginning of it. Returns the
  /// window of the words written.
  @inline(__always)
  func insertEndings(of spelling: UnsafeBufferPointer<UInt8>, into set: UnsafeMutablePointer<UInt64>)
    -> Range<Int>
  {
    let count = positions.count
    var window = 0..<0
    for length in 1...min(spelling.count, count) where pinyin[count - length] == spelling[0] {
      if bytesEqual(pinyin.baseAddress! + count - length, spelling.baseAddress!, count: length) {
        QueryPositions.insert(count - length, into: set)
        window = union(window, wordWindow(of: count - length))
      }
    }
    return window
  }

  /// Adds to words `window` of `set` the positions of `occurrence` (where a spelling of `length`
  /// bytes occurs) whose step over the spelling reaches a position of `later`.
  @inline(__always)
  func addSteps(
    _ occurrence: UnsafePointer<UInt64>, by length: Int, reaching later: UnsafePointer<UInt64>,
    into set: UnsafeMutablePointer<UInt64>, window: Range<Int>
  ) {
    let words = positions.words
    for word in window {
      set[word] |= occurrence[word] & QueryPositions.word(word, of: later, shiftedDownBy: length, words: words)
    }
  }

  /// The words that hold the positions `length` bytes before those of `window`: where a step of
  /// `length` bytes into `window` can start.
  @inline(__always)
  func stepWindow(reaching window: Range<Int>, by length: Int) -> Range<Int> {
    guard !window.isEmpty else { return 0..<0 }
    return max(0, window.lowerBound - (length + 63) / 64)..<window.upperBound
  }

  /// The window of the one word that holds `position`.
  @inline(__always)
  func wordWindow(of position: Int) -> Range<Int> {
    (position >> 6)..<((position >> 6) + 1)
  }

  /// The smallest window that covers both.
  @inline(__always)
  func union(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int> {
    if first.isEmpty { return second }
    if second.isEmpty { return first }
    return min(first.lowerBound, second.lowerBound)..<max(first.upperBound, second.upperBound)
  }

  /// Zeroes words `window` of `set`.
  @inline(__always)
  func clear(_ set: UnsafeMutablePointer<UInt64>, _ window: Range<Int>) {
    if !window.isEmpty { (set + window.lowerBound).update(repeating: 0, count: window.count) }
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

  /// `fullPinyinEnd(from:in:budget:)` with sets of query positions throughout: what it falls
  /// back on, and what its tests compare the one-position walk with. `current` holds the query
  /// positions the units so far reach by some choice of spellings, within `window`.
  func fullPinyinEndWithPositionSets(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    let words = positions.words
    let count = positions.count
    var current = positions.scratch.0
    var next = positions.scratch.1
    let occurrence = positions.scratch.2
    current.update(repeating: 0, count: words)
    next.update(repeating: 0, count: words)
    current[0] = 1  // position 0: nothing typed yet
    var window = 0..<1
    var nextWindow = 0..<0

    for unit in start..<record.units.count {
      budget -= 1
      if budget < 0 { return nil }
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      clear(next, nextWindow)
      nextWindow = 0..<0
      var isAlive = false
      if info.isHan {
        for member in spellings.members(of: info.readingSet) {
          let spelling = spellings.bytes(ofMember: member)
          // The query ends inside (or at the end of) this spelling from a position reached.
          for length in 1...min(spelling.count, count)
          where QueryPositions.contains(current, count - length) && pinyin[count - length] == spelling[0] {
            if bytesEqual(pinyin.baseAddress! + count - length, spelling.baseAddress!, count: length) {
              return unit + 1
            }
          }
          if positions.occurrences(of: spelling, into: occurrence, window: window) {
            let reached = advance(current, through: occurrence, by: spelling.count, into: next, window: window)
            nextWindow = union(nextWindow, reached)
            isAlive = isAlive || !reached.isEmpty
          }
        }
      } else {
        // A non-Han unit is matched whole.
        let unitStart = record.start(ofUnit: unit)
        let bytes = UnsafeBufferPointer(rebasing: record.bytes[unitStart..<Int(info.end)])
        if bytes.count <= count && QueryPositions.contains(current, count - bytes.count)
          && bytesEqual(pinyin.baseAddress! + count - bytes.count, bytes.baseAddress!, count: bytes.count)
        {
          return unit + 1
        }
        if positions.occurrences(of: bytes, into: occurrence, window: window) {
          nextWindow = advance(current, through: occurrence, by: bytes.count, into: next, window: window)
          isAlive = !nextWindow.isEmpty
        }
      }
      guard isAlive else { return nil }
      swap(&current, &next)
      swap(&window, &nextWindow)
    }
    return nil
  }

  /// What a walk that follows one query position at a time found.
  enum SinglePositionWalk {
    /// The query is spelled out with the unit before this end.
    case found(Int)
    /// No match from this start, or the budget ran out.
    case none
    /// A unit's spellings lead to two positions at once: the walk with position sets must decide.
    case branches
  }

  /// `fullPinyinEnd(from:in:budget:)` while the units reach one query position at a time, as
  /// they nearly always do (a polyphone whose readings both occur, 和 as `hu` and `huo` before
  /// `huo…`, reaches two): the spellings are compared with the query's bytes directly, without
  /// position sets. Spends `budget` as the walk with sets does; returns `.branches` when a unit
  /// reaches two positions.
  @inline(__always)
  private func singlePositionFullPinyinEnd(
    from start: Int, in record: PreparedTextView, budget: inout Int
  ) -> SinglePositionWalk {
    let count = pinyin.count
    let query = pinyin.baseAddress!
    var position = 0
    for unit in start..<record.units.count {
      budget -= 1
      if budget < 0 { return .none }
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      let rest = count - position
      if info.isHan {
        var next = -1
        for member in spellings.members(of: info.readingSet) {
          let spelling = spellings.bytes(ofMember: member)
          guard spelling[0] == query[position] else { continue }
          let compared = min(rest, spelling.count)
          guard bytesEqual(query + position, spelling.baseAddress!, count: compared) else { continue }
          // The query ends inside (or at the end of) this spelling, or goes on past it.
          if rest <= spelling.count { return .found(unit + 1) }
          if next >= 0 && next != position + spelling.count { return .branches }
          next = position + spelling.count
        }
        guard next >= 0 else { return .none }
        position = next
      } else {
        // A non-Han unit is matched whole.
        let unitStart = record.start(ofUnit: unit)
        let length = Int(info.end) - unitStart
        guard length <= rest, bytesEqual(query + position, record.bytes.baseAddress! + unitStart, count: length) else {
          return .none
        }
        if length == rest { return .found(unit + 1) }
        position += length
      }
    }
    return .none
  }

  /// Adds to `next` the positions of `current` (in `window`) where a spelling of `length` bytes
  /// occurs (`occurrence`), each moved past it; returns the window of the words that received
  /// positions (empty when none did). No position reaches the query's end: those are endings,
  /// found before.
  @inline(__always)
  private func advance(
    _ current: UnsafePointer<UInt64>, through occurrence: UnsafeMutablePointer<UInt64>, by length: Int,
    into next: UnsafeMutablePointer<UInt64>, window: Range<Int>
  ) -> Range<Int> {
    for word in window { occurrence[word] &= current[word] }
    // Zero the words around the window that the shift reads, so that stale bits stay out.
    let target = window.lowerBound..<min(positions.words, window.upperBound + (length + 63) / 64)
    var reached = 0..<0
    for word in target {
      let moved = Self.shiftedUp(occurrence, word: word, by: length, within: window)
      if moved != 0 {
        next[word] |= moved
        reached = union(reached, word..<(word + 1))
      }
    }
    return reached
  }

  /// Word `word` of `set` moved up by `shift` positions, reading only words `window` of `set`.
  @inline(__always)
  private static func shiftedUp(
    _ set: UnsafePointer<UInt64>, word: Int, by shift: Int, within window: Range<Int>
  ) -> UInt64 {
    let source = word - shift >> 6
    let bits = UInt64(shift & 63)
    var value: UInt64 = 0
    if window.contains(source) { value = set[source] << bits }
    if bits != 0 && window.contains(source - 1) { value |= set[source - 1] >> (64 - bits) }
    return value
  }

  /// The leftmost unit at or after `first` from which the units' initials spell the query.
  /// Going backwards, `later` holds the query positions from which the units after the current
  /// one spell the rest; the current unit takes one letter (a Han unit, any of its initials) or
  /// its whole folded bytes, and either ends the query or leads to a position in `later`.
  func leftmostInitialsStart(in record: PreparedTextView, from first: Int) -> Int? {
    let count = positions.count
    var later = positions.scratch.0
    var here = positions.scratch.1
    let letters = positions.scratch.2
    later.update(repeating: 0, count: positions.words)
    here.update(repeating: 0, count: positions.words)
    var laterWindow = 0..<0
    var hereWindow = 0..<0
    var leftmost: Int?
    for unit in stride(from: record.units.count - 1, through: first, by: -1) {
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      clear(here, hereWindow)
      hereWindow = 0..<0
      if info.isHan {
        // The unit's initials: one letter, any of them.
        let initials = spellings.setInitials[Int(info.readingSet)]
        if initialsContain(info.readingSet, pinyin[count - 1]) {
          QueryPositions.insert(count - 1, into: here)
          hereWindow = wordWindow(of: count - 1)
        }
        let window = stepWindow(reaching: laterWindow, by: 1)
        if !window.isEmpty {
          clear(letters, window)
          var remaining = initials
          while remaining != 0 {
            let letter = spellings.initialBase + UInt8(remaining.trailingZeroBitCount)
            remaining &= remaining - 1
            guard let set = positions.positions(of: letter) else { continue }
            for word in window { letters[word] |= set[word] }
          }
          addSteps(letters, by: 1, reaching: later, into: here, window: window)
          hereWindow = union(hereWindow, window)
        }
      } else {
        let start = record.start(ofUnit: unit)
        let bytes = UnsafeBufferPointer(rebasing: record.bytes[start..<Int(info.end)])
        if bytes.count <= count
          && bytesEqual(pinyin.baseAddress! + count - bytes.count, bytes.baseAddress!, count: bytes.count)
        {
          QueryPositions.insert(count - bytes.count, into: here)
          hereWindow = union(hereWindow, wordWindow(of: count - bytes.count))
        }
        let window = stepWindow(reaching: laterWindow, by: bytes.count)
        if !window.isEmpty && positions.occurrences(of: bytes, into: letters, window: window) {
          addSteps(letters, by: bytes.count, reaching: later, into: here, window: window)
          hereWindow = union(hereWindow, window)
        }
      }
      if QueryPositions.contains(here, 0) { leftmost = unit }
      swap(&later, &here)
      swap(&laterWindow, &hereWindow)
    }
    return leftmost
  }

  /// One past the unit at which the initials from `start` spell the query, or nil. Each unit
  /// consumes a fixed number of bytes, so there is one path, not a set of them.
  ///
  /// - Complexity: O(n) for a record of n units.
  func initialsEnd(from start: Int, in record: PreparedTextView) -> Int? {
    var budget = Int.max
    return initialsEnd(from: start, in: record, budget: &budget)
  }

  /// One past the unit at which the initials from `start` spell the query, or nil; each unit
  /// stepped through costs one of `budget`, and the walk stops with nil once it is below zero.
  func initialsEnd(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    let query = pinyin.baseAddress!
    let count = pinyin.count
    var position = 0
    for unit in start..<record.units.count {
      budget -= 1
      if budget < 0 { return nil }
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      if info.isHan {
        guard initialsContain(info.readingSet, query[position]) else { return nil }
        position &+= 1
      } else {
        let unitStart = record.start(ofUnit: unit)
        let unitLength = Int(info.end) - unitStart
        guard unitLength <= count &- position,
          bytesEqual(record.bytes.baseAddress! + unitStart, query + position, count: unitLength)
        else { return nil }
        position &+= unitLength
      }
      if position == count { return unit + 1 }
    }
    return nil
  }
}

extension Matcher {
  /// The leftmost, then shortest, mixed match (Docs/Semantics.md, mixed): each unit from the
  /// start types a piece of the query — a non-empty beginning of one of a Han unit's spellings,
  /// or the Han unit itself; a non-Han unit its whole folded form — white space skipped.
  ///
  /// As for full pinyin, candidate starts are walked forward within a budget, then one backward
  /// pass takes over; the position sets advance through every beginning of every spelling at
  /// once, so that no combination of readings or of cuts is ever expanded.
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
  ///   bytes, times the units' spellings and their lengths.
  func mixedMatch(in record: PreparedTextView) -> Range<Int>? {
    var budget = Self.walkBudget(for: record)
    for start in 0..<record.units.count where canStartMixed(at: start, in: record) {
      if let end = mixedEnd(from: start, in: record, budget: &budget) { return start..<end }
      if budget < 0 {
        guard let leftmost = leftmostMixedStart(in: record, from: start), let end = mixedEnd(from: leftmost, in: record)
        else { return nil }
        return leftmost..<end
      }
    }
    return nil
  }

  /// Whether a mixed match could start at `unit`: a Han unit with a reading that begins with
  /// the query's first letter, or any unit typed as itself (its bytes begin the query).
  @inline(__always)
  func canStartMixed(at unit: Int, in record: PreparedTextView) -> Bool {
    let info = record.units[unit]
    if info.flags.contains(.whitespace) { return false }
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
  /// is below zero.
  func mixedEnd(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    if positions.words == 1 { return mixedEndInOneWord(from: start, in: record, budget: &budget) }
    return mixedEndWithWindows(from: start, in: record, budget: &budget)
  }

  /// `mixedEnd(from:in:budget:)` for a query of at most 64 bytes, whose position sets are one
  /// word each: the same steps on plain `UInt64`s, without windows or scratch space.
  func mixedEndInOneWord(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
    let count = positions.count
    let ending: UInt64 = 1 << UInt64(count - 1)  // positions are below count; this one ends at count - 1
    if remembersPieces {
      return mixedEndInOneWord(from: start, in: record, budget: &budget) { set, current, next in
        // The positions of the set's pieces, by length; none of a length, none longer.
        let masks = pieceMasks(of: set)
        for length in 1...min(PieceMasks.maxLength, count) {
          let occurrence = masks[length - 1]
          if occurrence == 0 { break }
          let reached = current & occurrence
          if reached & (ending >> UInt64(length - 1)) != 0 { return true }
          next |= reached << UInt64(length)
        }
        return false
      }
    }
    return mixedEndInOneWord(from: start, in: record, budget: &budget) { set, current, next in
      forEachPiece(of: set) { length, occurrence in
        let reached = current & occurrence
        if reached & (ending >> UInt64(length - 1)) != 0 { return true }
        next |= reached << UInt64(length)
        return false
      }
    }
  }

  /// Calls `body` with each length of a beginning of a spelling of `set` that occurs in the
  /// query (of one word) and the positions at which it occurs, spelling after spelling, shorter
  /// first, until `body` returns true; returns whether it did.
  @inline(__always)
  private func forEachPiece(of set: UInt16, _ body: (_ length: Int, _ occurrence: UInt64) -> Bool) -> Bool {
    let count = positions.count
    for member in spellings.members(of: set) {
      let spelling = spellings.bytes(ofMember: member)
      // Each beginning of the spelling, one byte longer at a time (shift-and).
      guard var occurrence = positions.positions(of: spelling[0])?.pointee else { continue }
      for length in 1...min(spelling.count, count) {
        if length > 1 {
          guard let byte = positions.positions(of: spelling[length - 1]) else { break }
          occurrence &= byte.pointee >> UInt64(length - 1)
          if occurrence == 0 { break }
        }
        if body(length, occurrence) { return true }
      }
    }
    return false
  }

  /// The walk of `mixedEndInOneWord(from:in:budget:)`, whose `stepThroughHan` steps from the
  /// positions `current` through the spellings of a Han unit of a reading set: it adds to `next`
  /// the positions reached, and returns whether one of them ends the query. Inlined into each
  /// caller with its step.
  @inline(__always)
  private func mixedEndInOneWord(
    from start: Int, in record: PreparedTextView, budget: inout Int,
    stepThroughHan: (_ set: UInt16, _ current: UInt64, _ next: inout UInt64) -> Bool
  ) -> Int? {
    let count = positions.count
    let query = pinyin.baseAddress!
    var current: UInt64 = 1  // position 0: nothing typed yet
    let typesHanAsItself = typesHanAsItself
    for unit in start..<record.units.count {
      budget -= 1
      if budget < 0 { return nil }
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      // The whole unit as a piece: a non-Han unit's only one, a Han unit typed as itself.
      var next: UInt64 = 0
      if !info.isHan || typesHanAsItself {
        var ends = false
        let unitStart = record.start(ofUnit: unit)
        let unitBytes = UnsafeBufferPointer(rebasing: record.bytes[unitStart..<Int(info.end)])
        forEachTypedForm(of: unitBytes, isHan: info.isHan) { bytes in
          let length = bytes.count
          if length <= count && current & (1 << UInt64(count - length)) != 0
            && bytesEqual(query + count - length, bytes.baseAddress!, count: length)
          {
            ends = true
          }
          if length <= count, var occurrence = positions.positions(of: bytes[0])?.pointee {
            for offset in 1..<length where occurrence != 0 {
              occurrence &= (positions.positions(of: bytes[offset])?.pointee ?? 0) >> UInt64(offset)
            }
            next |= (current & occurrence) << UInt64(length)  // a shift by 64 gives 0
          }
        }
        if ends { return unit + 1 }
      }
      if info.isHan && stepThroughHan(info.readingSet, current, &next) { return unit + 1 }
      guard next != 0 else { return nil }
      current = next
    }
    return nil
  }

  /// Whether a Han unit's pieces are looked up in `pieceMasks`: on a dial pad, where they pay
  /// (`PieceMasks`), when the table's spellings are short enough.
  @inline(__always)
  private var remembersPieces: Bool { spellings.isKeypad && spellings.longestMember <= PieceMasks.maxLength }

  /// The positions at which each beginning of a spelling of `set` occurs in the query, by
  /// length (`PieceMasks`): for a query of one word, and a table whose spellings are at most
  /// `PieceMasks.maxLength` bytes.
  @inline(__always)
  private func pieceMasks(of set: UInt16) -> UnsafePointer<UInt64> {
    pieceMasks.masks(of: set, in: table) { masks in
      _ = forEachPiece(of: set) { length, occurrence in
        masks[length - 1] |= occurrence
        return false
      }
    }
  }

  /// `mixedEnd(from:in:budget:)` for a query of any length, over position sets of several words
  /// of which only a window is read. `current` holds the query positions reached, within `window`.
  func mixedEndWithWindows(from start: Int, in record: PreparedTextView, budget: inout Int) -> Int? {
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
      let unitStart = record.start(ofUnit: unit)
      let unitBytes = UnsafeBufferPointer(rebasing: record.bytes[unitStart..<Int(info.end)])
      // The whole unit as a piece: a non-Han unit's only one, a Han unit typed as itself.
      var ends = false
      forEachTypedForm(of: unitBytes, isHan: info.isHan) { bytes in
        if bytes.count <= count && QueryPositions.contains(current, count - bytes.count)
          && bytesEqual(pinyin.baseAddress! + count - bytes.count, bytes.baseAddress!, count: bytes.count)
        {
          ends = true
        }
        if positions.occurrences(of: bytes, into: occurrence, window: window) {
          nextWindow = union(nextWindow, moved(current, at: occurrence, by: bytes.count, into: next, window: window))
        }
      }
      if ends { return unit + 1 }
      if info.isHan {
        for member in spellings.members(of: info.readingSet) {
          let spelling = spellings.bytes(ofMember: member)
          // Each beginning of the spelling, one byte longer at a time (shift-and).
          guard let firstByte = positions.positions(of: spelling[0]) else { continue }
          for word in window { occurrence[word] = firstByte[word] }
          for length in 1...min(spelling.count, count) {
            if length > 1 {
              guard let byte = positions.positions(of: spelling[length - 1]) else { break }
              var any: UInt64 = 0
              for word in window {
                occurrence[word] &= QueryPositions.word(word, of: byte, shiftedDownBy: length - 1, words: words)
                any |= occurrence[word]
              }
              if any == 0 { break }
            }
            if QueryPositions.contains(current, count - length) && QueryPositions.contains(occurrence, count - length) {
              return unit + 1
            }
            nextWindow = union(nextWindow, moved(current, at: occurrence, by: length, into: next, window: window))
          }
        }
      }
      guard !nextWindow.isEmpty else { return nil }
      swap(&current, &next)
      swap(&window, &nextWindow)
    }
    return nil
  }

  /// Adds to `next` the positions of `current` in `window` that are also in `occurrence`, each
  /// moved up by `length`; returns the window of the words that received positions. Neither
  /// set is changed otherwise.
  @inline(__always)
  private func moved(
    _ current: UnsafePointer<UInt64>, at occurrence: UnsafePointer<UInt64>, by length: Int,
    into next: UnsafeMutablePointer<UInt64>, window: Range<Int>
  ) -> Range<Int> {
    let target = window.lowerBound..<min(positions.words, window.upperBound + (length + 63) / 64)
    var reached = 0..<0
    for word in target {
      let source = word - length >> 6
      let bits = UInt64(length & 63)
      var value: UInt64 = 0
      if window.contains(source) { value = (current[source] & occurrence[source]) << bits }
      if bits != 0 && window.contains(source - 1) {
        value |= (current[source - 1] & occurrence[source - 1]) >> (64 - bits)
      }
      if value != 0 {
        next[word] |= value
        reached = union(reached, word..<(word + 1))
      }
    }
    return reached
  }

  /// The leftmost unit at or after `first` from which the units type the query in mixed
  /// pieces. Going backwards, `later` holds the query positions from which the units after the
  /// current one type the rest; the current unit adds each position where one of its pieces
  /// occurs and either ends the query or leads to a position of `later`.
  func leftmostMixedStart(in record: PreparedTextView, from first: Int) -> Int? {
    let count = positions.count
    let words = positions.words
    var later = positions.scratch.0
    var here = positions.scratch.1
    let occurrence = positions.scratch.2
    later.update(repeating: 0, count: words)
    here.update(repeating: 0, count: words)
    var laterWindow = 0..<0
    var hereWindow = 0..<0
    var leftmost: Int?
    for unit in stride(from: record.units.count - 1, through: first, by: -1) {
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      clear(here, hereWindow)
      hereWindow = 0..<0
      let unitStart = record.start(ofUnit: unit)
      let unitBytes = UnsafeBufferPointer(rebasing: record.bytes[unitStart..<Int(info.end)])
      forEachTypedForm(of: unitBytes, isHan: info.isHan) { bytes in
        if bytes.count <= count
          && bytesEqual(pinyin.baseAddress! + count - bytes.count, bytes.baseAddress!, count: bytes.count)
        {
          QueryPositions.insert(count - bytes.count, into: here)
          hereWindow = union(hereWindow, wordWindow(of: count - bytes.count))
        }
        let unitWindow = stepWindow(reaching: laterWindow, by: bytes.count)
        if !unitWindow.isEmpty && positions.occurrences(of: bytes, into: occurrence, window: unitWindow) {
          addSteps(occurrence, by: bytes.count, reaching: later, into: here, window: unitWindow)
          hereWindow = union(hereWindow, unitWindow)
        }
      }
      if info.isHan {
        for member in spellings.members(of: info.readingSet) {
          let spelling = spellings.bytes(ofMember: member)
          guard let firstByte = positions.positions(of: spelling[0]) else { continue }
          // Positions that a beginning of the spelling may take: steps into `later`, or endings.
          let endings = wordWindow(of: max(0, count - spelling.count)).lowerBound..<words
          let window = union(stepWindow(reaching: laterWindow, by: spelling.count), endings)
          for word in window { occurrence[word] = firstByte[word] }
          for length in 1...min(spelling.count, count) {
            if length > 1 {
              guard let byte = positions.positions(of: spelling[length - 1]) else { break }
              var any: UInt64 = 0
              for word in window {
                occurrence[word] &= QueryPositions.word(word, of: byte, shiftedDownBy: length - 1, words: words)
                any |= occurrence[word]
              }
              if any == 0 { break }
            }
            if QueryPositions.contains(occurrence, count - length) {
              QueryPositions.insert(count - length, into: here)
              hereWindow = union(hereWindow, wordWindow(of: count - length))
            }
            let steps = stepWindow(reaching: laterWindow, by: length)
            if !steps.isEmpty {
              addSteps(occurrence, by: length, reaching: later, into: here, window: steps)
              hereWindow = union(hereWindow, steps)
            }
          }
        }
      }
      if QueryPositions.contains(here, 0) { leftmost = unit }
      swap(&later, &here)
      swap(&laterWindow, &hereWindow)
    }
    return leftmost
  }
}

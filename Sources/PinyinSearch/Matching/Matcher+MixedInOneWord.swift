extension Matcher {
  /// `mixedEnd(from:in:budget:)` for a query of at most 64 bytes, whose position sets are one
  /// word each: the same steps on plain `UInt64`s, without word ranges or scratch space; on a
  /// dial pad, with a Han unit's pieces looked up in `pieceMasks`.
  /// `MatcherStrategyTests.theOneWordMixedWalkEndsWhereTheWalkOverWordRangesEnds` (letters) and
  /// `MatcherStrategyTests.theWalkWithRememberedPiecesEndsWhereTheWalkOverWordRangesEnds` (the
  /// dial pad's tables) hold it to `mixedEndWithWordRanges(from:in:budget:)`, end and budget
  /// alike.
  @inline(never)  // a call of its own: inlined, it makes its callers' loops slower
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
      if info.isTransparent { continue }
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
}

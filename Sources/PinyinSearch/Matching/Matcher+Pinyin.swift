extension Matcher {
  /// The first (leftmost, then shortest) full-pinyin match (Docs/Semantics.md, fullPinyin).
  ///
  /// From each possible start unit an automaton runs over the units: its state is the set of
  /// query positions that some choice of spellings reaches, so a polyphonic text costs one
  /// pass per start, never one pass per combination of readings.
  func fullPinyinMatch(in record: PreparedTextView) -> Range<Int>? {
    for start in 0..<record.units.count where canStart(at: start, in: record) {
      if let end = fullPinyinEnd(from: start, in: record) { return start..<end }
    }
    return nil
  }

  /// The first initials match: each unit contributes one initial, a Han unit one letter of its
  /// readings' first letters and any other unit its whole folded form (Docs/Semantics.md, initials).
  func initialsMatch(in record: PreparedTextView) -> Range<Int>? {
    for start in 0..<record.units.count where canStart(at: start, in: record) {
      if let end = initialsEnd(from: start, in: record) { return start..<end }
    }
    return nil
  }

  /// Whether a pinyin match could start at `unit`: it is not white space, and one of its
  /// spellings begins with the query's first byte.
  @inline(__always)
  private func canStart(at unit: Int, in record: PreparedTextView) -> Bool {
    let info = record.units[unit]
    if info.flags.contains(.whitespace) { return false }
    if info.isHan { return initialsContain(info.readingSet, pinyin[0]) }
    return record.bytes[record.start(ofUnit: unit)] == pinyin[0]
  }

  /// Whether a reading of `set` begins with `byte`.
  @inline(__always)
  private func initialsContain(_ set: UInt16, _ byte: UInt8) -> Bool {
    let letter = byte &- UInt8(ascii: "a")
    return letter < 26 && table.setInitials[Int(set)] & (1 << UInt32(letter)) != 0
  }

  /// One past the first unit at which the query is spelled out from `start`, or nil.
  func fullPinyinEnd(from start: Int, in record: PreparedTextView) -> Int? {
    let query = pinyin.baseAddress!
    let count = pinyin.count
    var current = positions.baseAddress!
    var next = current + positionWords
    current.update(repeating: 0, count: positionWords)
    current[0] = 1  // position 0: nothing typed yet

    for unit in start..<record.units.count {
      let info = record.units[unit]
      if info.flags.contains(.whitespace) { continue }
      next.update(repeating: 0, count: positionWords)
      var isAlive = false
      let unitStart = record.start(ofUnit: unit)
      let unitBytes = record.bytes.baseAddress! + unitStart
      let unitLength = Int(info.end) - unitStart
      let syllables = info.isHan ? table.syllables(inSet: info.readingSet) : 0..<0

      for word in 0..<positionWords {
        var bits = current[word]
        while bits != 0 {
          let position = word &* 64 &+ bits.trailingZeroBitCount
          bits &= bits &- 1
          let remaining = count &- position
          if info.isHan {
            for member in syllables {
              let spelling = table.bytes(ofSyllable: table.setSyllables[member])
              if spelling.count >= remaining {
                // The query ends inside (or at the end of) this syllable.
                if bytesEqual(spelling.baseAddress!, query + position, count: remaining) { return unit + 1 }
              } else if bytesEqual(spelling.baseAddress!, query + position, count: spelling.count) {
                let reached = position &+ spelling.count
                next[reached >> 6] |= 1 << UInt64(reached & 63)
                isAlive = true
              }
            }
          } else if unitLength <= remaining && bytesEqual(unitBytes, query + position, count: unitLength) {
            // A non-Han unit is matched whole.
            if unitLength == remaining { return unit + 1 }
            let reached = position &+ unitLength
            next[reached >> 6] |= 1 << UInt64(reached & 63)
            isAlive = true
          }
        }
      }
      guard isAlive else { return nil }
      swap(&current, &next)
    }
    return nil
  }

  /// One past the unit at which the initials from `start` spell the query, or nil. Each unit
  /// consumes a fixed number of bytes, so there is one path, not a set of them.
  func initialsEnd(from start: Int, in record: PreparedTextView) -> Int? {
    let query = pinyin.baseAddress!
    let count = pinyin.count
    var position = 0
    for unit in start..<record.units.count {
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

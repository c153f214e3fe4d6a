extension Matcher {
  /// The first range of units equal to the query's units (Docs/Semantics.md, literal): a
  /// Knuth–Morris–Pratt search over units, each compared by its folded bytes.
  ///
  /// - Complexity: O(n + m) unit comparisons for a record of n units and a query of m, each
  ///   comparison O(1) unless the two units have the same byte length.
  func literalMatch(in record: PreparedTextView) -> Range<Int>? {
    let count = literal.units.count
    guard count <= record.units.count else { return nil }
    var matched = 0
    var unit = 0
    let firstByte = literal.bytes[0]
    // With traditional characters, a unit that is not ASCII may fold to the query's first unit.
    let checksFirstByte = !foldsToSimplified || firstByte < 0x80
    while unit < record.units.count {
      if matched == 0 {
        let byte = record.bytes[record.start(ofUnit: unit)]
        if byte != firstByte && (checksFirstByte || byte < 0x80) {
          // The common case: this unit cannot begin a match.
          unit += 1
          if record.units.count - unit < count { return nil }
          continue
        }
      }
      if unitEqualsQueryUnit(matched, unit, in: record) {
        matched += 1
        unit += 1
        if matched == count { return (unit - count)..<unit }
      } else if matched > 0 {
        matched = Int(literalBorders[matched - 1])
      } else {
        unit += 1
        // No match can start past here: too few units are left.
        if record.units.count - unit < count { return nil }
      }
    }
    return nil
  }

  /// Whether unit `queryUnit` of the literal query has the folded bytes of unit `unit` of
  /// `record` (with `SearchOptions.traditional`, once the unit's scalars are simplified as the
  /// query's are).
  @inline(__always)
  private func unitEqualsQueryUnit(_ queryUnit: Int, _ unit: Int, in record: PreparedTextView) -> Bool {
    let queryStart = literal.start(ofUnit: queryUnit)
    let length = Int(literal.units[queryUnit].end) - queryStart
    let start = record.start(ofUnit: unit)
    let unitLength = Int(record.units[unit].end) - start
    if unitLength == length
      && bytesEqual(record.bytes.baseAddress! + start, literal.bytes.baseAddress! + queryStart, count: length)
    {
      return true
    }
    guard let folding, record.bytes[start] >= 0x80 else { return false }
    return folding.simplifiedEquals(
      UnsafeBufferPointer(rebasing: record.bytes[start..<(start + unitLength)]),
      UnsafeBufferPointer(rebasing: literal.bytes[queryStart..<(queryStart + length)]))
  }

  /// Whether the query's units equal the record's units from `start` on.
  @inline(__always)
  func literalMatches(at start: Int, in record: PreparedTextView) -> Bool {
    let queryUnits = literal.units
    let count = queryUnits.count
    guard start + count <= record.units.count, let query = literal.bytes.baseAddress,
      let text = record.bytes.baseAddress
    else { return false }
    if foldsToSimplified {
      return (0..<count).allSatisfy { unitEqualsQueryUnit($0, start + $0, in: record) }
    }
    let byteStart = record.start(ofUnit: start)
    let byteCount = literal.bytes.count
    guard text[byteStart] == query[0], Int(record.units[start + count - 1].end) - byteStart == byteCount,
      bytesEqual(text + byteStart, query, count: byteCount)
    else { return false }
    // The bytes agree; the units must too (a query unit may not straddle two text units).
    for offset in 0..<count where Int(record.units[start + offset].end) - byteStart != Int(queryUnits[offset].end) {
      return false
    }
    return true
  }

  /// The phone rule: the query's digits as a run of digit units with only separators between
  /// them, from the first to the last matched digit; tried only when there is no plain literal
  /// match. A Knuth–Morris–Pratt search over the digits of each stretch of digit and separator
  /// units.
  ///
  /// - Complexity: O(n + d) for a record of n units and a query of d digits.
  func phoneMatch(in record: PreparedTextView) -> Range<Int>? {
    guard !phoneDigits.isEmpty else { return nil }
    let units = record.units
    var matched = 0
    for unit in 0..<units.count {
      let flags = units[unit].flags
      guard flags.contains(.digit) else {
        if !flags.contains(.separator) { matched = 0 }  // the stretch ends
        continue
      }
      let digit = record.bytes[record.start(ofUnit: unit)]
      while matched > 0 && phoneDigits[matched] != digit { matched = Int(phoneBorders[matched - 1]) }
      if phoneDigits[matched] == digit { matched += 1 }
      if matched == phoneDigits.count {
        // The match starts at the digit unit `count - 1` digits back.
        var start = unit
        var digits = 1
        while digits < phoneDigits.count {
          start -= 1
          if units[start].flags.contains(.digit) { digits += 1 }
        }
        return start..<(unit + 1)
      }
    }
    return nil
  }

  /// One past the last digit unit of the query's digits run starting at unit `start`, or nil.
  func phoneEnd(from start: Int, in record: PreparedTextView) -> Int? {
    let units = record.units
    guard let first = phoneDigits.first, units[start].flags.contains(.digit),
      record.bytes[record.start(ofUnit: start)] == first
    else { return nil }
    var matched = 1
    var index = start
    while matched < phoneDigits.count {
      index += 1
      guard index < units.count else { return nil }
      let flags = units[index].flags
      if flags.contains(.digit) {
        guard record.bytes[record.start(ofUnit: index)] == phoneDigits[matched] else { return nil }
        matched += 1
      } else if !flags.contains(.separator) {
        return nil
      }
    }
    return index + 1
  }
}

extension Matcher {
  /// The first range of units equal to the query's units (Docs/Semantics.md, literal).
  func literalMatch(in record: PreparedTextView) -> Range<Int>? {
    let count = literal.units.count
    guard count <= record.units.count else { return nil }
    for start in 0...(record.units.count - count) where literalMatches(at: start, in: record) {
      return start..<(start + count)
    }
    return nil
  }

  /// Whether the query's units equal the record's units from `start` on.
  @inline(__always)
  func literalMatches(at start: Int, in record: PreparedTextView) -> Bool {
    let queryUnits = literal.units
    let count = queryUnits.count
    guard start + count <= record.units.count, let query = literal.bytes.baseAddress,
      let text = record.bytes.baseAddress
    else { return false }
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
  /// them, from the first to the last matched digit; tried only when there is no plain literal match.
  func phoneMatch(in record: PreparedTextView) -> Range<Int>? {
    guard !phoneDigits.isEmpty else { return nil }
    for start in 0..<record.units.count {
      if let end = phoneEnd(from: start, in: record) { return start..<end }
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

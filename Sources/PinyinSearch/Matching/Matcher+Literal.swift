extension Matcher {
  /// The first range of units equal to the query's units (SEMANTICS.md, literal).
  func literalMatch(in record: RecordView) -> Range<Int>? {
    let queryUnits = literal.units
    let count = queryUnits.count
    let unitCount = record.units.count
    guard count <= unitCount, let query = literal.bytes.baseAddress, let text = record.bytes.baseAddress else {
      return nil
    }
    let byteCount = literal.bytes.count
    let first = query[0]
    var start = 0
    for index in 0...(unitCount - count) {
      defer { start = Int(record.units[index].end) }
      guard text[start] == first, Int(record.units[index + count - 1].end) - start == byteCount,
        bytesEqual(text + start, query, count: byteCount)
      else { continue }
      // The bytes agree; the units must too (a query unit may not straddle two text units).
      var aligned = true
      for offset in 0..<count where Int(record.units[index + offset].end) - start != Int(queryUnits[offset].end) {
        aligned = false
        break
      }
      if aligned { return index..<(index + count) }
    }
    return nil
  }

  /// The phone rule: the query's digits as a run of digit units with only separators between
  /// them, from the first to the last matched digit; tried only when there is no plain literal match.
  func phoneMatch(in record: RecordView) -> Range<Int>? {
    guard let first = phoneDigits.first else { return nil }
    let units = record.units
    for start in 0..<units.count
    where units[start].flags.contains(.digit) && record.bytes[record.start(ofUnit: start)] == first {
      var matched = 1
      var index = start
      while matched < phoneDigits.count {
        index += 1
        guard index < units.count else { break }
        let flags = units[index].flags
        if flags.contains(.digit) {
          guard record.bytes[record.start(ofUnit: index)] == phoneDigits[matched] else { break }
          matched += 1
        } else if !flags.contains(.separator) {
          break
        }
      }
      if matched == phoneDigits.count { return start..<(index + 1) }
    }
    return nil
  }
}

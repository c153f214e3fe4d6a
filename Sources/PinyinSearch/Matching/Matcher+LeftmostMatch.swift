extension Matcher {
  /// The leftmost, then shortest, match of a pinyin kind starting at or after `first`: what
  /// `fullPinyinMatch(in:from:)`, `initialsMatch(in:from:)` and `mixedMatch(in:)` share.
  ///
  /// Each unit where `canStart` says a match may start is walked forward (`end`, which spends
  /// `budget` and returns one past the match's last unit, or nil). If the walks together exceed
  /// `walkBudget(for:)` (a long query that almost matches from many starts), one backward pass
  /// (`leftmostStart`) finds the leftmost start from there instead, and one forward walk from
  /// it the end.
  ///
  /// - Complexity: O(n) walks' steps for a record of n units, plus one backward pass.
  @inline(__always)
  func leftmostMatch(
    in record: PreparedTextView, from first: Int, canStart: (_ unit: Int) -> Bool,
    end: (_ start: Int, _ budget: inout Int) -> Int?, leftmostStart: (_ first: Int) -> Int?
  ) -> Range<Int>? {
    var budget = Self.walkBudget(for: record)
    for start in first..<record.units.count where canStart(start) {
      if let end = end(start, &budget) { return start..<end }
      if budget < 0 {
        var unlimited = Int.max
        guard let leftmost = leftmostStart(start), let end = end(leftmost, &unlimited) else { return nil }
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
    if info.isTransparent { return false }
    if info.isHan { return initialsContain(info.readingSet, pinyin[0]) }
    return record.bytes[record.start(ofUnit: unit)] == pinyin[0]
  }

  /// Whether a spelling of `set` begins with `byte`.
  @inline(__always)
  func initialsContain(_ set: UInt16, _ byte: UInt8) -> Bool {
    spellings.initialsContain(set, byte)
  }

  /// The folded bytes of unit `unit` of `record`.
  @inline(__always)
  func bytes(ofUnit unit: Int, in record: PreparedTextView) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: record.bytes[record.start(ofUnit: unit)..<Int(record.units[unit].end)])
  }
}

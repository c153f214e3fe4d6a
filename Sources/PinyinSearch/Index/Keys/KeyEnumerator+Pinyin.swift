/// The full-pinyin and initials keys of a record: from each unit, every choice of one spelling
/// (or one initial) per unit, white space skipped.
extension KeyEnumerator {
  /// The first unit at or after `unit` that is not white space, or nil.
  @inline(__always)
  func nextUnit(after unit: Int, in record: PreparedTextView) -> Int? {
    var unit = unit
    while unit < record.units.count && record.units[unit].isTransparent { unit += 1 }
    return unit < record.units.count ? unit : nil
  }

  /// Appends the whole unit `unit` to a key of `length` bytes in `buffer` and offers it as
  /// `kind`, unless `isRepeated`; returns the new length, or nil when the key would be too long.
  mutating func appendWholeUnit(
    _ unit: Int, of record: PreparedTextView, to length: Int, kind: RecordKeys.Way, isFuzzy: Bool, from start: Int,
    buffer: UnsafeMutableBufferPointer<UInt8>, limit: Int? = nil, isRepeated: Bool
  ) -> Int? {
    let unitStart = record.start(ofUnit: unit)
    let unitLength = Int(record.units[unit].end) - unitStart
    guard length + unitLength <= limit ?? maxKeyLength else { return nil }
    (buffer.baseAddress! + length).update(from: record.bytes.baseAddress! + unitStart, count: unitLength)
    if isRepeated {
      // A code key that the readings' pass offered, as this kind, from `start` to this unit
      // (and without the keypad, which the codes do not type, only once).
      countRepeatedOffer()
    } else {
      offerPinyin(
        UnsafeBufferPointer(rebasing: buffer[..<(length + unitLength)]), kind: kind, isFuzzy: isFuzzy, start: start,
        end: unit + 1)
    }
    return length + unitLength
  }

  /// Extends a full-pinyin key of `length` bytes in `buffer`, begun at unit `start`, with the
  /// unit at or after `unit` (white space skipped), offering every key that ends in that unit:
  /// each beginning of each spelling of a Han unit (fuzzy when no reading begins so), whose
  /// whole spellings go on to the next unit (fuzzy when not a reading); another unit whole.
  mutating func enumeratePinyinKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, isFuzzy: Bool,
    buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let unit = nextUnit(after: unit, in: record), !isOverCap else { return }
    let info = record.units[unit]
    guard info.isHan else {
      guard
        let length = appendWholeUnit(
          unit, of: record, to: length, kind: .fullPinyin, isFuzzy: isFuzzy, from: start, buffer: buffer,
          limit: isFuzzy ? maxFuzzyKeyLength : maxKeyLength, isRepeated: unit < firstCodedUnit)
      else { return }
      enumeratePinyinKeys(record, from: start, at: unit + 1, length: length, isFuzzy: isFuzzy, buffer: buffer)
      return
    }
    guard length < maxKeyLength else { return }
    let base = buffer.baseAddress!
    for piece in spellings.pieces(of: info.readingSet) {
      let bytes = spellings.bytes(of: piece)
      let isPieceFuzzy = isFuzzy || !piece.isExact
      if length + bytes.count > (isPieceFuzzy ? maxFuzzyKeyLength : maxKeyLength) { continue }
      (base + length).update(from: bytes.baseAddress!, count: bytes.count)
      offerPinyin(
        UnsafeBufferPointer(start: base, count: length + bytes.count), kind: .fullPinyin, isFuzzy: isPieceFuzzy,
        start: start, end: unit + 1)
      if isOverCap { return }
    }
    for member in spellings.members(of: info.readingSet) {
      let spelling = spellings.bytes(ofMember: member)
      let isSpellingFuzzy = isFuzzy || !spellings.isReading(member: member, of: info.readingSet)
      guard length + spelling.count < (isSpellingFuzzy ? maxFuzzyKeyLength : maxKeyLength) else { continue }
      (base + length).update(from: spelling.baseAddress!, count: spelling.count)
      enumeratePinyinKeys(
        record, from: start, at: unit + 1, length: length + spelling.count, isFuzzy: isSpellingFuzzy, buffer: buffer)
      if isOverCap { return }
    }
  }

  /// Extends an initials key of `length` bytes in `buffer`, begun at unit `start`, with the
  /// unit at or after `unit` (white space skipped): a Han unit by each first letter (or key) of
  /// its spellings (fuzzy when no reading begins with it), another unit whole.
  ///
  /// Over the codes, a key is `isNovel` once one of its letters is a code's key that the unit's
  /// readings do not begin with alike; until then it is one the readings gave (only counted),
  /// and past `lastNovelInitialUnit` it is not followed.
  mutating func enumerateInitialsKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, isFuzzy: Bool, isNovel: Bool,
    buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let unit = nextUnit(after: unit, in: record), !isOverCap, isNovel || unit <= lastNovelInitialUnit
    else { return }
    let info = record.units[unit]
    guard info.isHan else {
      guard
        let length = appendWholeUnit(
          unit, of: record, to: length, kind: .initials, isFuzzy: isFuzzy, from: start, buffer: buffer,
          isRepeated: !isNovel)
      else { return }
      enumerateInitialsKeys(
        record, from: start, at: unit + 1, length: length, isFuzzy: isFuzzy, isNovel: isNovel, buffer: buffer)
      return
    }
    guard length < maxKeyLength else { return }
    let (table, exact) = (spellings, readings)
    table.forEachInitial(of: info.readingSet) { letter in
      buffer[length] = letter
      let isLetterFuzzy = isFuzzy || !exact.initialsContain(info.readingSet, letter)
      let isLetterNovel = isNovel || isNovelInitial(letter, of: info.readingSet)
      if isLetterNovel {
        offerPinyin(
          UnsafeBufferPointer(rebasing: buffer[..<(length + 1)]), kind: .initials, isFuzzy: isLetterFuzzy,
          start: start, end: unit + 1)
      } else {
        countRepeatedOffer()
      }
      enumerateInitialsKeys(
        record, from: start, at: unit + 1, length: length + 1, isFuzzy: isLetterFuzzy, isNovel: isLetterNovel,
        buffer: buffer)
    }
  }
}

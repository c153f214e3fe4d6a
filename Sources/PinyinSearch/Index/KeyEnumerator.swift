/// Enumerates every key of one record, that is every query without white space at its ends that
/// the record matches, up to a length, with the record's best match for each.
///
/// - literal: every run of units that neither starts nor ends with white space;
/// - phone: from every digit unit, the digits of every run of digits and separators, twice:
///   as a key of its own (where a plain literal match wins), and behind the byte
///   `phoneKeyMarker` with the leftmost run as its match (for queries with separators);
/// - full pinyin: from every unit that is not white space, every choice of one spelling per
///   unit (white space skipped), cut after any byte of the last spelling of a Han unit or after
///   the whole spelling of another unit;
/// - initials: the same with one initial per unit;
/// - mixed (when `maxMixedKeyLength` is above 0, for `SearchOptions.mixed`): the same with, for
///   each Han unit, any non-empty beginning of any spelling or the unit itself, only those that
///   `MixedKeyLimit` admits — there are many more of them; other mixed queries are checked
///   among candidates.
///
/// For 刘亦菲 these are exactly the 25 queries of Docs/Semantics.md (83 with mixed keys). Keys with
/// inner white space are literal keys only: a query with inner white space is also looked up
/// without it.
struct KeyEnumerator {
  /// Keys longer than this many bytes are not enumerated.
  let maxKeyLength: Int
  /// Which mixed keys are enumerated (none when its `maxBytes` is 0).
  let mixedLimit: MixedKeyLimit
  /// A record with more distinct keys than this is not indexed.
  let maxKeysPerRecord: Int
  /// The keys of the last record enumerated.
  private(set) var keys = RecordKeys()
  private var buffer: [UInt8]
  private var isOverCap = false
  /// Keys offered for the current record, duplicates included: bounded too, so that readings
  /// that spell the same keys many ways (嗯 is `n` and `ng`) cannot make enumeration slow.
  private var offers = 0
  private let table = PinyinTable.shared

  init(maxKeyLength: Int, maxKeysPerRecord: Int, maxMixedKeyLength: Int = 0) {
    self.maxKeyLength = maxKeyLength
    self.maxKeysPerRecord = maxKeysPerRecord
    mixedLimit = MixedKeyLimit(maxBytes: min(maxMixedKeyLength, maxKeyLength))
    buffer = [UInt8](repeating: 0, count: maxKeyLength)
  }

  /// Enumerates the keys of `record` into `keys`.
  ///
  /// - Returns: false when the record has more than `maxKeysPerRecord` keys; `keys` is then
  ///   incomplete and the record must be matched another way.
  mutating func enumerate(_ record: PreparedTextView) -> Bool {
    keys.removeAll()
    isOverCap = false
    offers = 0
    enumerateLiteralKeys(record)
    enumeratePhoneKeys(record)
    var buffer = self.buffer
    buffer.withUnsafeMutableBufferPointer { buffer in
      for start in 0..<record.units.count where !record.units[start].flags.contains(.whitespace) {
        enumeratePinyinKeys(record, from: start, at: start, length: 0, way: .fullPinyin, buffer: buffer)
        enumeratePinyinKeys(record, from: start, at: start, length: 0, way: .initials, buffer: buffer)
        if mixedLimit.maxBytes > 0 {
          enumerateMixedKeys(record, from: start, at: start, length: 0, buffer: buffer)
        }
        if isOverCap { break }
      }
    }
    self.buffer = buffer
    return !isOverCap
  }

  private mutating func offer(_ key: UnsafeBufferPointer<UInt8>, way: RecordKeys.Way, start: Int, end: Int) {
    keys.insert(key, way: way, start: start, end: end)
    offers += 1
    if keys.count > maxKeysPerRecord || offers > 16 * maxKeysPerRecord { isOverCap = true }
  }

  private mutating func enumerateLiteralKeys(_ record: PreparedTextView) {
    let units = record.units
    for start in 0..<units.count where !units[start].flags.contains(.whitespace) {
      let startByte = record.start(ofUnit: start)
      for end in start..<units.count {
        let endByte = Int(units[end].end)
        if endByte - startByte > maxKeyLength { break }
        if units[end].flags.contains(.whitespace) { continue }
        offer(
          UnsafeBufferPointer(rebasing: record.bytes[startByte..<endByte]), way: .literal, start: start, end: end + 1)
      }
      if isOverCap { return }
    }
  }

  /// The byte before the digits of a phone-run key: a query with separators, such as
  /// `138-0013`, looks up 0xFF `1380013`, whose match is the leftmost run of those digits.
  /// 0xFF never occurs in UTF-8, so no text has such a key.
  static let phoneKeyMarker: UInt8 = 0xFF

  private mutating func enumeratePhoneKeys(_ record: PreparedTextView) {
    let units = record.units
    var digits: [UInt8] = [Self.phoneKeyMarker]
    for start in 0..<units.count where units[start].flags.contains(.digit) {
      digits.removeSubrange(1...)
      for end in start..<units.count {
        let flags = units[end].flags
        if flags.contains(.digit) {
          if digits.count == maxKeyLength + 1 { break }
          digits.append(record.bytes[record.start(ofUnit: end)])
          digits.withUnsafeBufferPointer { marked in
            offer(UnsafeBufferPointer(rebasing: marked[1...]), way: .phone, start: start, end: end + 1)
            if marked.count <= maxKeyLength { offer(marked, way: .literal, start: start, end: end + 1) }
          }
        } else if !flags.contains(.separator) {
          break
        }
      }
      if isOverCap { return }
    }
  }

  /// Extends a pinyin key of `length` bytes in `buffer`, begun at unit `start`, with the unit at
  /// or after `unit` (white space skipped), offering every key that ends in that unit.
  private mutating func enumeratePinyinKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, way: RecordKeys.Way,
    buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    var unit = unit
    while unit < record.units.count && record.units[unit].flags.contains(.whitespace) { unit += 1 }
    guard unit < record.units.count, !isOverCap else { return }
    let info = record.units[unit]
    let base = buffer.baseAddress!

    guard info.isHan else {
      let unitStart = record.start(ofUnit: unit)
      let unitLength = Int(info.end) - unitStart
      guard length + unitLength <= maxKeyLength else { return }
      (base + length).update(from: record.bytes.baseAddress! + unitStart, count: unitLength)
      offer(UnsafeBufferPointer(start: base, count: length + unitLength), way: way, start: start, end: unit + 1)
      enumeratePinyinKeys(record, from: start, at: unit + 1, length: length + unitLength, way: way, buffer: buffer)
      return
    }
    guard length < maxKeyLength else { return }
    if way == .initials {
      var letters = table.setInitials[Int(info.readingSet)]
      while letters != 0 {
        base[length] = UInt8(ascii: "a") + UInt8(letters.trailingZeroBitCount)
        letters &= letters - 1
        offer(UnsafeBufferPointer(start: base, count: length + 1), way: way, start: start, end: unit + 1)
        enumeratePinyinKeys(record, from: start, at: unit + 1, length: length + 1, way: way, buffer: buffer)
      }
      return
    }
    for member in table.syllables(inSet: info.readingSet) {
      let spelling = table.bytes(ofSyllable: table.setSyllables[member])
      for cut in 1...spelling.count {
        if length + cut > maxKeyLength { break }
        base[length + cut - 1] = spelling[cut - 1]
        offer(UnsafeBufferPointer(start: base, count: length + cut), way: way, start: start, end: unit + 1)
      }
      if length + spelling.count < maxKeyLength {
        enumeratePinyinKeys(
          record, from: start, at: unit + 1, length: length + spelling.count, way: way, buffer: buffer)
      }
      if isOverCap { return }
    }
  }

  /// Extends a mixed key of `length` bytes in `buffer`, begun at unit `start`, with the unit at
  /// or after `unit` (white space skipped): by each non-empty beginning of each spelling of a Han
  /// unit and by the unit itself, offering each that `mixedLimit` admits and going on from it.
  private mutating func enumerateMixedKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    var unit = unit
    while unit < record.units.count && record.units[unit].flags.contains(.whitespace) { unit += 1 }
    guard unit < record.units.count, !isOverCap else { return }
    let info = record.units[unit]
    let base = buffer.baseAddress!
    func admits(_ count: Int) -> Bool {
      count <= maxKeyLength && mixedLimit.admits(UnsafeBufferPointer(start: base, count: count))
    }
    // The unit itself: a non-Han unit's only piece, a Han unit typed as itself.
    let unitStart = record.start(ofUnit: unit)
    let unitLength = Int(info.end) - unitStart
    if length + unitLength <= maxKeyLength {
      (base + length).update(from: record.bytes.baseAddress! + unitStart, count: unitLength)
      if admits(length + unitLength) {
        offer(UnsafeBufferPointer(start: base, count: length + unitLength), way: .mixed, start: start, end: unit + 1)
        enumerateMixedKeys(record, from: start, at: unit + 1, length: length + unitLength, buffer: buffer)
      }
    }
    guard info.isHan else { return }
    for member in table.syllables(inSet: info.readingSet) {
      let spelling = table.bytes(ofSyllable: table.setSyllables[member])
      for cut in 1...spelling.count {
        if length + cut > maxKeyLength || isOverCap { break }
        base[length + cut - 1] = spelling[cut - 1]
        guard admits(length + cut) else { break }
        offer(UnsafeBufferPointer(start: base, count: length + cut), way: .mixed, start: start, end: unit + 1)
        enumerateMixedKeys(record, from: start, at: unit + 1, length: length + cut, buffer: buffer)
      }
    }
  }
}

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
///   among candidates;
/// - keypad (with `SearchOptions.keypad`): each full-pinyin, initials and mixed key typed on a
///   dial pad, when that leaves only digits (`548` for `liu`); with mixed keys or fuzzy rules,
///   full-pinyin ones only up to `completeKeypadKeyLength(...)` digits, as longer digit queries
///   look their keypad matches up among candidates.
///
/// With `SearchOptions.fuzzy` the spellings of a Han unit are its readings and their fuzzy
/// variants, and a key typed with a piece no reading gives is filed as fuzzy (its own way, after
/// the exact one of its kind); full-pinyin keys typed so are enumerated up to
/// `maxFuzzyKeyLength` bytes only (`IndexConfiguration.maxFuzzyKeyLength`). With `SearchOptions.traditional` the record's units are read
/// simplified (`SimplifiedFolding`), as queries are looked up: literal keys and characters
/// typed as themselves are then filed in the form every traditional or simplified twin shares.
///
/// For 刘亦菲 these are exactly the 25 queries of Docs/Semantics.md (83 with mixed keys). Keys with
/// inner white space are literal keys only: a query with inner white space is also looked up
/// without it.
struct KeyEnumerator {
  /// Keys longer than this many bytes are not enumerated.
  let maxKeyLength: Int
  /// Which mixed keys are enumerated (none when its `maxBytes` is 0).
  let mixedLimit: MixedKeyLimit
  /// Full-pinyin keys typed with a fuzzy spelling longer than this many bytes are not enumerated.
  let maxFuzzyKeyLength: Int
  /// A record with more distinct keys than this is not indexed: the configuration's
  /// `maxKeysPerRecord` for the keys of the original kinds, doubled by each option that gives
  /// most keys a twin or more (`keysPerRecordFactor(for:)`).
  let maxKeysPerRecord: Int
  /// The keys of the last record enumerated.
  let keys = RecordKeys()
  /// The spellings of Han units: the readings, with their fuzzy variants when fuzzy rules are on.
  private let spellings: SpellingTable
  /// The readings: which initials are exact.
  private let readings = SpellingTable.letters
  /// Whether keys are also typed on a dial pad.
  private let typesKeypad: Bool
  /// The longest keypad key typed from a full-pinyin key: with mixed keys or fuzzy rules, a
  /// longer digit query's keypad matches are looked for among candidates
  /// (`IndexedStore.completeKeypadKeyLength`), which read longer keypad keys only as the keys of
  /// its ways: typed initials keys, enumerated at every length, and typed mixed keys, as long as
  /// mixed keys are.
  private let maxTypedFullPinyinKeyLength: Int
  /// The longest full-pinyin key enumerated whatever its spellings (`maxFuzzyKeyLength` with fuzzy
  /// rules): a mixed key this long that is also a full-pinyin key is offered as one.
  private let maxFullPinyinKeyLength: Int
  /// The folding of traditional characters, when keys are filed simplified.
  private let folding: SimplifiedFolding?
  private var buffer: [UInt8]
  private var digits: [UInt8]
  /// The record's units simplified, with traditional characters folded.
  private var simplified = PreparedText("")
  private var isOverCap = false
  /// Keys offered for the current record, duplicates included: bounded too, so that readings
  /// that spell the same keys many ways (嗯 is `n` and `ng`) cannot make enumeration slow.
  private var offers = 0

  init(
    maxKeyLength: Int, maxKeysPerRecord: Int, maxMixedKeyLength: Int = 0, maxFuzzyKeyLength: Int = 8,
    options: SearchOptions = .default
  ) {
    self.maxKeyLength = maxKeyLength
    self.maxKeysPerRecord = maxKeysPerRecord * Self.keysPerRecordFactor(for: options)
    mixedLimit = MixedKeyLimit(maxBytes: min(maxMixedKeyLength, maxKeyLength))
    self.maxFuzzyKeyLength = min(maxFuzzyKeyLength, maxKeyLength)
    spellings = options.fuzzy.isEmpty ? .letters : .fuzzyLetters(options.fuzzy)
    typesKeypad = options.keypad
    maxFullPinyinKeyLength = options.fuzzy.isEmpty ? maxKeyLength : min(maxFuzzyKeyLength, maxKeyLength)
    maxTypedFullPinyinKeyLength = Self.completeKeypadKeyLength(
      maxKeyLength: maxKeyLength, maxMixedKeyLength: options.mixed ? maxMixedKeyLength : 0,
      maxFuzzyKeyLength: options.fuzzy.isEmpty ? 0 : maxFuzzyKeyLength)
    folding = options.traditional ? .shared : nil
    buffer = [UInt8](repeating: 0, count: maxKeyLength)
    digits = [UInt8](repeating: 0, count: maxKeyLength)
  }

  /// The longest digit query whose keypad matches are all among its own postings, for an index
  /// of keys of at most `maxKeyLength` bytes whose mixed keys and fuzzy full-pinyin keys (0:
  /// none) are at most `maxMixedKeyLength` and `maxFuzzyKeyLength` bytes: a keypad match of a
  /// longer one may type a mixed piece or a fuzzy spelling that no stored key holds.
  static func completeKeypadKeyLength(maxKeyLength: Int, maxMixedKeyLength: Int, maxFuzzyKeyLength: Int) -> Int {
    var length = maxKeyLength
    if maxMixedKeyLength > 0 { length = min(length, maxMixedKeyLength) }
    if maxFuzzyKeyLength > 0 { length = min(length, maxFuzzyKeyLength) }
    return length
  }

  /// How many times the keys of the original kinds a record may have under `options`: doubled
  /// by mixed input (its short keys), by fuzzy rules (variants of spellings) and by the keypad
  /// (a digit twin of every pinyin key), so that the cap keeps a text full of polyphones from
  /// making indexing exponential without leaving out the long names that every option
  /// multiplies alike (a company name of 16 characters has up to 928 keys with the defaults and
  /// 6,497 with every option on).
  static func keysPerRecordFactor(for options: SearchOptions) -> Int {
    (options.mixed ? 2 : 1) * (options.fuzzy.isEmpty ? 1 : 2) * (options.keypad ? 2 : 1)
  }

  /// Enumerates the keys of `record` into `keys`.
  ///
  /// - Returns: false when the record has more than `maxKeysPerRecord` keys, or (with traditional
  ///   characters folded) a unit other than a Han one with a character that has a traditional
  ///   or simplified twin, whose keys one form cannot hold: `keys` is then incomplete and the
  ///   record must be matched another way.
  mutating func enumerate(_ record: PreparedTextView) -> Bool {
    keys.removeAll()
    isOverCap = false
    offers = 0
    guard let folding else { return enumerateKeys(of: record) }
    // A unit typed whole (not Han) keeps its characters as they are, but its literal key is
    // simplified: such a record is matched directly.
    var start = 0
    simplified.bytes.removeAll(keepingCapacity: true)
    simplified.units.removeAll(keepingCapacity: true)
    for unit in record.units {
      let bytes = UnsafeBufferPointer(rebasing: record.bytes[start..<Int(unit.end)])
      if !unit.isHan && folding.hasVariants(in: bytes) { return false }
      folding.appendSimplified(bytes, to: &simplified.bytes)
      simplified.units.append(
        PreparedUnit(end: UInt32(simplified.bytes.count), readingSet: unit.readingSet, flags: unit.flags))
      start = Int(unit.end)
    }
    let simplified = self.simplified
    return simplified.withView { enumerateKeys(of: $0) }
  }

  private mutating func enumerateKeys(of record: PreparedTextView) -> Bool {
    enumerateLiteralKeys(record)
    enumeratePhoneKeys(record)
    var buffer = self.buffer
    buffer.withUnsafeMutableBufferPointer { buffer in
      for start in 0..<record.units.count where !record.units[start].flags.contains(.whitespace) {
        enumeratePinyinKeys(record, from: start, at: start, length: 0, isFuzzy: false, buffer: buffer)
        enumerateInitialsKeys(record, from: start, at: start, length: 0, isFuzzy: false, buffer: buffer)
        if mixedLimit.maxBytes > 0 {
          enumerateMixedKeys(
            record, from: start, at: start, length: 0, isFuzzy: false, shape: MixedShape(), buffer: buffer)
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

  /// Offers a key of a pinyin kind (`kind` or its fuzzy way), and, with the keypad on, the same
  /// key typed on a dial pad when that leaves only digits.
  private mutating func offerPinyin(
    _ key: UnsafeBufferPointer<UInt8>, kind: RecordKeys.Way, isFuzzy: Bool, start: Int, end: Int
  ) {
    offer(key, way: isFuzzy ? kind.fuzzy : kind, start: start, end: end)
    guard typesKeypad, kind != .fullPinyin || key.count <= maxTypedFullPinyinKeyLength else { return }
    offerKeypadTwin(of: key, isFuzzy: isFuzzy, start: start, end: end)
  }

  /// Offers `key` typed on a dial pad, when that leaves only digits.
  private mutating func offerKeypadTwin(of key: UnsafeBufferPointer<UInt8>, isFuzzy: Bool, start: Int, end: Int) {
    for index in key.indices {
      let digit = KeypadLayout.key(for: key[index])
      guard digit &- UInt8(ascii: "0") < 10 else { return }  // a character no key types
      digits[index] = digit
    }
    var digits = self.digits  // lent, so that `offer` may change `self`
    digits.withUnsafeBufferPointer { digits in
      offer(
        UnsafeBufferPointer(rebasing: digits[..<key.count]), way: isFuzzy ? .keypadFuzzy : .keypad, start: start,
        end: end)
    }
    swap(&digits, &self.digits)
  }

  /// Offers a mixed key whose pieces before the last are `shape`, unless a full-pinyin or
  /// initials key of the same bytes and units, which ranks before it, is offered anyway (by
  /// `enumeratePinyinKeys` or `enumerateInitialsKeys`): then only its keypad twin, when that of
  /// the other key is not offered or may be fuzzy where this one is exact.
  private mutating func offerMixed(
    _ key: UnsafeBufferPointer<UInt8>, isFuzzy: Bool, start: Int, end: Int, after shape: MixedShape,
    lastIsInitial: Bool
  ) {
    // Typed initials are offered at every length, on a dial pad too, exact where these are.
    if shape.isInitials && lastIsInitial { return }
    guard shape.isWholeSpellings && key.count <= maxFullPinyinKeyLength else {
      offerPinyin(key, kind: .mixed, isFuzzy: isFuzzy, start: start, end: end)
      return
    }
    // A full-pinyin key, exact where this one is when the pieces before the last are readings.
    if typesKeypad && (key.count > maxTypedFullPinyinKeyLength || !(shape.isWholeReadings || isFuzzy)) {
      offerKeypadTwin(of: key, isFuzzy: isFuzzy, start: start, end: end)
    }
  }

  /// What the pieces of a mixed key so far are besides mixed pieces (a unit of another kind,
  /// typed whole, counts as each): a key that is also a full-pinyin or initials key is offered
  /// as one, which ranks before it.
  private struct MixedShape {
    /// Every piece is a whole spelling: with any last piece, the key is a full-pinyin key.
    var isWholeSpellings = true
    /// Every piece is a whole reading: that full-pinyin key is exact where the mixed key is.
    var isWholeReadings = true
    /// Every piece is one letter: with a one-letter last piece, the key is an initials key.
    var isInitials = true

    /// Pieces that include a Han character typed as itself: a mixed key only.
    static let typedAsItself = MixedShape(isWholeSpellings: false, isWholeReadings: false, isInitials: false)
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

  /// The first unit at or after `unit` that is not white space, or nil.
  @inline(__always)
  private func nextUnit(after unit: Int, in record: PreparedTextView) -> Int? {
    var unit = unit
    while unit < record.units.count && record.units[unit].flags.contains(.whitespace) { unit += 1 }
    return unit < record.units.count ? unit : nil
  }

  /// Appends the whole unit `unit` to a key of `length` bytes in `buffer` and offers it as
  /// `kind`; returns the new length, or nil when the key would be too long.
  private mutating func appendWholeUnit(
    _ unit: Int, of record: PreparedTextView, to length: Int, kind: RecordKeys.Way, isFuzzy: Bool, from start: Int,
    buffer: UnsafeMutableBufferPointer<UInt8>, limit: Int? = nil
  ) -> Int? {
    let unitStart = record.start(ofUnit: unit)
    let unitLength = Int(record.units[unit].end) - unitStart
    guard length + unitLength <= limit ?? maxKeyLength else { return nil }
    (buffer.baseAddress! + length).update(from: record.bytes.baseAddress! + unitStart, count: unitLength)
    offerPinyin(
      UnsafeBufferPointer(rebasing: buffer[..<(length + unitLength)]), kind: kind, isFuzzy: isFuzzy, start: start,
      end: unit + 1)
    return length + unitLength
  }

  /// Extends a full-pinyin key of `length` bytes in `buffer`, begun at unit `start`, with the
  /// unit at or after `unit` (white space skipped), offering every key that ends in that unit:
  /// each beginning of each spelling of a Han unit (fuzzy when no reading begins so), whose
  /// whole spellings go on to the next unit (fuzzy when not a reading); another unit whole.
  private mutating func enumeratePinyinKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, isFuzzy: Bool,
    buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let unit = nextUnit(after: unit, in: record), !isOverCap else { return }
    let info = record.units[unit]
    guard info.isHan else {
      guard
        let length = appendWholeUnit(
          unit, of: record, to: length, kind: .fullPinyin, isFuzzy: isFuzzy, from: start, buffer: buffer,
          limit: isFuzzy ? maxFuzzyKeyLength : maxKeyLength)
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
  /// unit at or after `unit` (white space skipped): a Han unit by each first letter of its
  /// spellings (fuzzy when no reading begins with it), another unit whole.
  private mutating func enumerateInitialsKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, isFuzzy: Bool,
    buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let unit = nextUnit(after: unit, in: record), !isOverCap else { return }
    let info = record.units[unit]
    guard info.isHan else {
      guard
        let length = appendWholeUnit(
          unit, of: record, to: length, kind: .initials, isFuzzy: isFuzzy, from: start, buffer: buffer)
      else { return }
      enumerateInitialsKeys(record, from: start, at: unit + 1, length: length, isFuzzy: isFuzzy, buffer: buffer)
      return
    }
    guard length < maxKeyLength else { return }
    let exact = readings.setInitials[Int(info.readingSet)]
    var letters = spellings.setInitials[Int(info.readingSet)]
    while letters != 0 {
      let bit = UInt32(letters.trailingZeroBitCount)
      letters &= letters - 1
      buffer[length] = spellings.initialBase + UInt8(bit)
      let isLetterFuzzy = isFuzzy || exact & (1 << bit) == 0
      offerPinyin(
        UnsafeBufferPointer(rebasing: buffer[..<(length + 1)]), kind: .initials, isFuzzy: isLetterFuzzy, start: start,
        end: unit + 1)
      enumerateInitialsKeys(
        record, from: start, at: unit + 1, length: length + 1, isFuzzy: isLetterFuzzy, buffer: buffer)
    }
  }

  /// Extends a mixed key of `length` bytes in `buffer`, begun at unit `start`, whose pieces are
  /// `shape`, with the unit at or after `unit` (white space skipped): by each non-empty beginning
  /// of each spelling of a Han unit and by the unit itself, offering each that `mixedLimit` admits
  /// (`offerMixed`) and going on from it.
  private mutating func enumerateMixedKeys(
    _ record: PreparedTextView, from start: Int, at unit: Int, length: Int, isFuzzy: Bool, shape: MixedShape,
    buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let unit = nextUnit(after: unit, in: record), !isOverCap else { return }
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
        let key = UnsafeBufferPointer(start: base, count: length + unitLength)
        if info.isHan {
          offerPinyin(key, kind: .mixed, isFuzzy: isFuzzy, start: start, end: unit + 1)
        } else {
          offerMixed(key, isFuzzy: isFuzzy, start: start, end: unit + 1, after: shape, lastIsInitial: true)
        }
        enumerateMixedKeys(
          record, from: start, at: unit + 1, length: length + unitLength, isFuzzy: isFuzzy,
          shape: info.isHan ? .typedAsItself : shape, buffer: buffer)
      }
    }
    guard info.isHan else { return }
    // Only a key led by a Han character typed as itself may be longer than `mixedLimit.maxBytes`.
    if length + 1 > mixedLimit.maxBytes && (length == 0 || base[0] < 0xE0) { return }
    for piece in spellings.pieces(of: info.readingSet) {
      let bytes = spellings.bytes(of: piece)
      if length + bytes.count > maxKeyLength || isOverCap { continue }
      (base + length).update(from: bytes.baseAddress!, count: bytes.count)
      guard admits(length + bytes.count) else { continue }
      let isPieceFuzzy = isFuzzy || !piece.isExact
      offerMixed(
        UnsafeBufferPointer(start: base, count: length + bytes.count), isFuzzy: isPieceFuzzy, start: start,
        end: unit + 1, after: shape, lastIsInitial: piece.length == 1)
      let next = MixedShape(
        isWholeSpellings: shape.isWholeSpellings && piece.isWhole,
        isWholeReadings: shape.isWholeReadings && piece.isWholeReading,
        isInitials: shape.isInitials && piece.length == 1)
      enumerateMixedKeys(
        record, from: start, at: unit + 1, length: length + bytes.count, isFuzzy: isPieceFuzzy, shape: next,
        buffer: buffer)
    }
  }
}

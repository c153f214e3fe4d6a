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
///   full-pinyin ones only up to `KeyLimits.completeKeypadKeyLength` digits, as longer digit queries
///   look their keypad matches up among candidates.
///
/// With `SearchOptions.fuzzy` the spellings of a Han unit are its readings and their fuzzy
/// variants, and a key typed with a piece no reading gives is filed as fuzzy (its own way, after
/// the exact one of its kind); full-pinyin keys typed so are enumerated up to
/// `maxFuzzyKeyLength` bytes only (`IndexConfiguration.maxFuzzyKeyLength`). With `SearchOptions.traditional` the record's units are read
/// simplified (`SimplifiedFolding`), as queries are looked up: literal keys and characters
/// typed as themselves are then filed in the form every traditional or simplified twin shares.
///
/// With `SearchOptions.keyboard` the full-pinyin, initials and mixed keys are enumerated a second
/// time over the codes (`SpellingTable.codes`): each key takes its pieces from one notation, and
/// a key both notations give keeps the better match (`RecordKeys`); the keypad types letters
/// only, so code keys have no keypad twin.
///
/// For 刘亦菲 these are exactly the 25 queries of Docs/Semantics.md (83 with mixed keys). Keys with
/// inner white space are literal keys only: a query with inner white space is also looked up
/// without it.
struct KeyEnumerator {
  /// The lengths of the keys enumerated and the cap on their number.
  let limits: KeyLimits
  /// Which mixed keys are enumerated (none when its `maxBytes` is 0).
  let mixedLimit: MixedKeyLimit
  /// The keys of the last record enumerated.
  let keys = RecordKeys()
  /// The spellings of Han units: the readings, with their fuzzy variants when fuzzy rules are on
  /// (or, while the code keys are enumerated, their codes).
  private(set) var spellings: SpellingTable
  /// The readings: which initials are exact (or their codes, while the code keys are enumerated).
  private(set) var readings = SpellingTable.letters
  /// Whether keys are also typed on a dial pad (never while the code keys are enumerated).
  private(set) var typesKeypad: Bool
  /// With `SearchOptions.keyboard`, the codes of the readings and their fuzzy variants
  /// (`spellings`) and of the readings alone (`readings`): the second notation.
  private let codes: (spellings: SpellingTable, readings: SpellingTable)?
  /// The letters' `spellings` and `readings`, which the code keys' initials are compared with.
  private let letters: (spellings: SpellingTable, readings: SpellingTable)
  /// The folding of traditional characters, when keys are filed simplified.
  private let folding: SimplifiedFolding?
  private var buffer: [UInt8]
  private var digits: [UInt8]
  /// The record's units simplified, with traditional characters folded.
  private var simplified = PreparedText("")
  private(set) var isOverCap = false
  /// Keys offered for the current record, duplicates included: bounded too, so that readings
  /// that spell the same keys many ways (嗯 is `n` and `ng`) cannot make enumeration slow.
  private var offers = 0
  /// While the code keys are enumerated from a start, the first Han unit at or after it (else
  /// the record's unit count); 0 otherwise. A key that ends before it has no Han unit, so the
  /// readings gave the same key, kind and range: `appendWholeUnit` only counts its offer.
  private(set) var firstCodedUnit = 0
  /// While the code keys are enumerated, the last Han unit whose codes begin with a key that its
  /// readings do not begin with alike (`lastUnitWithNovelInitial`); `Int.max` otherwise. An
  /// initials key of codes whose every letter is such a shared one is a key the readings gave,
  /// with the same way and range: from past this unit, an initials key without a novel letter so
  /// far has none to come, and is not followed.
  private(set) var lastNovelInitialUnit = Int.max

  /// An enumerator of the keys of an index whose limits are `limits`, for searches with `options`.
  init(limits: KeyLimits, options: SearchOptions) {
    self.limits = limits
    mixedLimit = limits.mixedKeyLimit
    spellings = options.fuzzy.isEmpty ? .letters : .fuzzyLetters(options.fuzzy)
    typesKeypad = options.keypad
    letters = (spellings, .letters)
    codes = options.keyboard.map { (.codes($0, fuzzy: options.fuzzy), .codes($0, fuzzy: [])) }
    folding = options.traditional ? .shared : nil
    buffer = [UInt8](repeating: 0, count: limits.maxKeyLength)
    digits = [UInt8](repeating: 0, count: limits.maxKeyLength)
  }

  /// An enumerator of the keys of an index built with `configuration` for `options`.
  init(configuration: IndexConfiguration = IndexConfiguration(), options: SearchOptions = .default) {
    self.init(limits: KeyLimits(configuration: configuration, options: options), options: options)
  }

  /// Keys longer than this many bytes are not enumerated.
  var maxKeyLength: Int { limits.maxKeyLength }
  /// Full-pinyin keys typed with a fuzzy spelling longer than this many bytes are not enumerated.
  var maxFuzzyKeyLength: Int { limits.maxFuzzyKeyLength }
  /// A record with more distinct keys than this is not indexed.
  private var maxKeysPerRecord: Int { limits.maxKeysPerRecord }
  /// The longest keypad key typed from a full-pinyin key: with mixed keys or fuzzy rules, a
  /// longer digit query's keypad matches are looked for among candidates
  /// (`KeyLimits.completeKeypadKeyLength`), which read longer keypad keys only as the keys of
  /// its ways: typed initials keys, enumerated at every length, and typed mixed keys, as long as
  /// mixed keys are.
  var maxTypedFullPinyinKeyLength: Int { limits.completeKeypadKeyLength }
  /// The longest full-pinyin key enumerated whatever its spellings (`maxFuzzyKeyLength` with fuzzy
  /// rules): a mixed key this long that is also a full-pinyin key is offered as one.
  var maxFullPinyinKeyLength: Int { limits.maxFullPinyinKeyLength }

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
    enumerateKeysOfPinyinKinds(record, through: record.units.count - 1)
    if let codes, !isOverCap, let lastHan = record.units.lastIndex(where: \.isHan) {
      // The second notation: the same kinds over the codes, without keypad twins; a key without
      // a Han unit is one the readings gave, so no start after the last Han unit is walked.
      let saved = (spellings, readings, typesKeypad)
      lastNovelInitialUnit = lastUnitWithNovelInitial(of: record, codes: codes, through: lastHan)
      (spellings, readings, typesKeypad) = (codes.spellings, codes.readings, false)
      enumerateKeysOfPinyinKinds(record, isCodes: true, through: lastHan)
      (spellings, readings, typesKeypad) = saved
      firstCodedUnit = 0
      lastNovelInitialUnit = .max
    }
    return !isOverCap
  }

  /// The last Han unit, at or before `last`, whose codes (`codes`) begin with a key that
  /// `isNovelInitial` calls novel; -1 when there is none. Double pinyin's codes mostly begin
  /// with the reading's initial (`l` for 刘, `lq`); zh, ch, sh and (in most schemes) the
  /// syllables without an initial do not, nor does any zhuyin key.
  private func lastUnitWithNovelInitial(
    of record: PreparedTextView, codes: (spellings: SpellingTable, readings: SpellingTable), through last: Int
  ) -> Int {
    for unit in stride(from: last, through: 0, by: -1) where record.units[unit].isHan {
      let set = record.units[unit].readingSet
      var isNovel = false
      codes.spellings.forEachInitial(of: set) { key in
        if isNovelInitial(key, of: set, codes: codes.readings) { isNovel = true }
      }
      if isNovel { return unit }
    }
    return -1
  }

  /// Whether an initials key that types reading set `set` as `key`, the first key of one of its
  /// codes, differs from every key the readings give it: no spelling begins with `key`, or
  /// `key` is exact in one notation and fuzzy in the other. `codes` are the codes of the
  /// readings alone (`readings`, while the code keys are enumerated).
  @inline(__always)
  func isNovelInitial(_ key: UInt8, of set: UInt16, codes: SpellingTable? = nil) -> Bool {
    !letters.spellings.initialsContain(set, key)
      || letters.readings.initialsContain(set, key) != (codes ?? readings).initialsContain(set, key)
  }

  /// Enumerates the full-pinyin, initials and mixed keys of `record` typed with `spellings` from
  /// each start through `last`: the codes when `isCodes`, then from the starts through the last
  /// Han unit, which skips the keys without a Han unit (`firstCodedUnit`) and the initials keys
  /// without a novel letter (`lastNovelInitialUnit`).
  private mutating func enumerateKeysOfPinyinKinds(
    _ record: PreparedTextView, isCodes: Bool = false, through last: Int
  ) {
    var buffer = self.buffer
    buffer.withUnsafeMutableBufferPointer { buffer in
      for start in 0..<(last + 1) where !record.units[start].isTransparent {
        if isCodes && firstCodedUnit <= start {
          firstCodedUnit = start
          while firstCodedUnit < record.units.count && !record.units[firstCodedUnit].isHan { firstCodedUnit += 1 }
        }
        enumeratePinyinKeys(record, from: start, at: start, length: 0, isFuzzy: false, buffer: buffer)
        if start <= lastNovelInitialUnit {
          enumerateInitialsKeys(
            record, from: start, at: start, length: 0, isFuzzy: false, isNovel: !isCodes, buffer: buffer)
        }
        if mixedLimit.maxBytes > 0 {
          enumerateMixedKeys(
            record, from: start, at: start, length: 0, isFuzzy: false, shape: MixedShape(), buffer: buffer)
        }
        if isOverCap { break }
      }
    }
    self.buffer = buffer
  }

  mutating func offer(_ key: UnsafeBufferPointer<UInt8>, way: RecordKeys.Way, start: Int, end: Int) {
    keys.insert(key, way: way, start: start, end: end)
    offers += 1
    if keys.count > maxKeysPerRecord || offers > 16 * maxKeysPerRecord { isOverCap = true }
  }

  /// Counts the offer of a key that is already in `keys` with the same best match, as `offer`
  /// would, without looking it up again: the cap on offers holds at the same key.
  mutating func countRepeatedOffer() {
    offers += 1
    if offers > 16 * maxKeysPerRecord { isOverCap = true }
  }

  /// Offers a key of a pinyin kind (`kind` or its fuzzy way), and, with the keypad on, the same
  /// key typed on a dial pad when that leaves only digits.
  mutating func offerPinyin(
    _ key: UnsafeBufferPointer<UInt8>, kind: RecordKeys.Way, isFuzzy: Bool, start: Int, end: Int
  ) {
    offer(key, way: isFuzzy ? kind.fuzzy : kind, start: start, end: end)
    guard typesKeypad, kind != .fullPinyin || key.count <= maxTypedFullPinyinKeyLength else { return }
    offerKeypadTwin(of: key, isFuzzy: isFuzzy, start: start, end: end)
  }

  /// Offers `key` typed on a dial pad, when that leaves only digits.
  mutating func offerKeypadTwin(of key: UnsafeBufferPointer<UInt8>, isFuzzy: Bool, start: Int, end: Int) {
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
}

/// The mixed keys of a record (`SearchOptions.mixed`): from each unit, every choice of a piece
/// per unit, a beginning of one of its spellings or the unit itself, as far as `MixedKeyLimit`
/// admits them.
extension KeyEnumerator {
  /// Offers a mixed key whose pieces before the last are `shape`, unless a full-pinyin or
  /// initials key of the same bytes and units, which ranks before it, is offered anyway (by
  /// `enumeratePinyinKeys` or `enumerateInitialsKeys`): then only its keypad twin, when that of
  /// the other key is not offered or may be fuzzy where this one is exact.
  mutating func offerMixed(
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
  struct MixedShape {
    /// Every piece is a whole spelling: with any last piece, the key is a full-pinyin key.
    var isWholeSpellings = true
    /// Every piece is a whole reading: that full-pinyin key is exact where the mixed key is.
    var isWholeReadings = true
    /// Every piece is one letter: with a one-letter last piece, the key is an initials key.
    var isInitials = true

    /// Pieces that include a Han character typed as itself: a mixed key only.
    static let typedAsItself = MixedShape(isWholeSpellings: false, isWholeReadings: false, isInitials: false)
  }

  /// Extends a mixed key of `length` bytes in `buffer`, begun at unit `start`, whose pieces are
  /// `shape`, with the unit at or after `unit` (white space skipped): by each non-empty beginning
  /// of each spelling of a Han unit and by the unit itself, offering each that `mixedLimit` admits
  /// (`offerMixed`) and going on from it.
  mutating func enumerateMixedKeys(
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

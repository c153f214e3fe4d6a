/// What an index does for one query, decided once from the prepared query and the index's key
/// limits: where the query's own matches are read, and which matches it looks for among
/// candidates because no stored key holds them whole. The in-memory index (`IndexedStore`) and
/// the sorted-set index (`SortedSetIndex.sets(for:)`) both follow it.
///
/// Every kind's keys are prefix-closed at the cuts of `KeyPrefixes`: a record with a match of a
/// query has a match of each beginning of it that ends at a cut, from the same start, of the
/// same kind or a better one. So a beginning's postings hold every record matching the query
/// and bound its match from below; the plan names the longest beginning each kind stores.
///
///     // "liuyifei" with mixed input (mixed keys of at most 4 bytes): lookup .ownKey, and the
///     // mixed matches among candidates, from the postings of the beginning "liuy" (4 bytes)
struct QueryPlan {
  /// Where the query's own matches, of every kind it does not look for among candidates, are.
  enum Lookup: Equatable {
    /// Digits with separators (`138-0013`): the phone-run key of the digits, and the query's
    /// bytes for its plain literal matches; `literal` is the longest beginning of the literal
    /// bytes that may be a key (0: none).
    case phoneNumber(literal: Int)
    /// The query's literal bytes are a key (no inner white space, no apostrophe unless it is
    /// apostrophes alone, at most `maxKeyLength` bytes).
    case ownKey
    /// The beginnings every match begins with, in bytes: of the literal bytes (white space and
    /// apostrophes kept), of the pinyin form (0: none, for apostrophes alone), and of the phone
    /// digits (0: no digits).
    case beginnings(literal: Int, pinyin: Int, phoneDigits: Int)
    /// No beginning narrows the records down (a first unit longer than a key): every record.
    case everyRecord
  }

  /// Where the query's own matches are read.
  let lookup: Lookup
  /// Whether the query is digits typed on a dial pad (`SearchOptions.keypad`).
  let isKeypadQuery: Bool
  /// The beginning of the digits that holds every keypad match whole, in bytes: at most
  /// `KeyLimits.completeKeypadKeyLength` (0 when not `isKeypadQuery`).
  let keypadBeginning: Int
  /// Whether the keypad matches are looked for among candidates: the digits are longer than a
  /// complete keypad key, so their keypad postings may lack mixed pieces and fuzzy spellings.
  let needsKeypadCandidates: Bool
  /// Whether the mixed matches are looked for among candidates: the pinyin form is not a
  /// stored mixed key (`MixedKeyLimit`).
  let needsMixedCandidates: Bool
  /// With `needsMixedCandidates`, the longest beginning of the pinyin form that is a stored
  /// mixed key, in bytes; 0 when there is none.
  let mixedBeginning: Int
  /// Whether the full-pinyin matches with a fuzzy spelling are looked for among candidates:
  /// the pinyin form is longer than a fuzzy key and has a letter (a fuzzy piece is letters).
  let needsFuzzyCandidates: Bool
  /// With `needsFuzzyCandidates`, the longest beginning of the pinyin form within the fuzzy key
  /// length, in bytes; 0 when there is none.
  let fuzzyBeginning: Int
  /// Where the pinyin form (`PreparedQuery.canonicalPinyin`) may be cut.
  let cuts: QueryCuts

  /// The plan of `query`, searched with `options`, in an index of `limits` (whose options
  /// include `options`).
  ///
  /// - Complexity: O(q) for a query of q bytes.
  init(_ query: borrowing PreparedQuery, limits: KeyLimits, options: SearchOptions) {
    let pinyin = query.canonicalPinyin
    let isKeypadQuery = query.isDigits && options.keypad
    self.isKeypadQuery = isKeypadQuery
    keypadBeginning = isKeypadQuery ? min(query.pinyin.count, limits.completeKeypadKeyLength) : 0
    needsKeypadCandidates = isKeypadQuery && query.pinyin.count > limits.completeKeypadKeyLength
    // A query of digits has no mixed or fuzzy matches but literal ones, unless zhuyin's keys
    // type them (安 is `0`).
    let spellsOnlyDigits = query.isDigits && options.keyboard != .zhuyin
    let mixedLimit = limits.mixedKeyLimit
    needsMixedCandidates =
      options.mixed && mixedLimit.maxBytes > 0 && !spellsOnlyDigits
      && !pinyin.withUnsafeBufferPointer { mixedLimit.admits($0) }
    let maxFuzzyKeyLength = limits.maxFuzzyKeyLength
    // A fuzzy piece is letters, or any of zhuyin's keys.
    needsFuzzyCandidates =
      !options.fuzzy.isEmpty && maxFuzzyKeyLength > 0 && !spellsOnlyDigits && pinyin.count > maxFuzzyKeyLength
      && (options.keyboard == .zhuyin || pinyin.contains { $0 &- UInt8(ascii: "a") < 26 })
    // Most queries are keys: their cuts are asked about only when some part of the search
    // cuts them.
    let cuts = QueryCuts(
      of: pinyin,
      holdsBits: needsMixedCandidates || needsFuzzyCandidates || needsKeypadCandidates
        || pinyin.count > limits.maxKeyLength)
    self.cuts = cuts
    mixedBeginning =
      needsMixedCandidates
      ? pinyin.withUnsafeBufferPointer { pinyin in
        cuts.longestBeginning { mixedLimit.admits(UnsafeBufferPointer(rebasing: pinyin[..<$0])) }
      } : 0
    fuzzyBeginning = needsFuzzyCandidates ? cuts.longestBeginning { $0 <= maxFuzzyKeyLength } : 0
    lookup = Self.lookup(of: query, maxKeyLength: limits.maxKeyLength, cuts: cuts)
  }

  /// Where the own matches of `query` are read, in an index of keys of at most `maxKeyLength`
  /// bytes.
  private static func lookup(of query: borrowing PreparedQuery, maxKeyLength: Int, cuts: QueryCuts) -> Lookup {
    let literal = query.literal
    if !query.phoneDigits.isEmpty && query.phoneDigits.count != literal.units.count {
      return .phoneNumber(literal: Self.literalBeginning(of: query, maxLength: maxKeyLength))
    }
    // A query with an apostrophe is looked up as one with inner white space: its literal
    // beginning keeps the apostrophes, its pinyin beginning has none, and the matcher checks
    // each record of both against the separators. One of apostrophes alone has only literal
    // matches.
    let isOwnKey =
      query.hasApostrophe ? query.pinyin.isEmpty : !literal.units.contains(where: { $0.flags.contains(.whitespace) })
    if literal.bytes.count <= maxKeyLength && isOwnKey { return .ownKey }
    let literalBeginning = Self.literalBeginning(of: query, maxLength: maxKeyLength)
    let pinyinBeginning =
      query.canonicalPinyin.count <= maxKeyLength
      ? query.canonicalPinyin.count : cuts.longestBeginning { $0 <= maxKeyLength }
    guard literalBeginning > 0, pinyinBeginning > 0 || query.canonicalPinyin.isEmpty else { return .everyRecord }
    return .beginnings(
      literal: literalBeginning, pinyin: pinyinBeginning, phoneDigits: min(query.phoneDigits.count, maxKeyLength))
  }

  /// The length in bytes of the longest beginning of the literal bytes of `query`, in whole
  /// units and without white space at its end, of at most `maxLength` bytes; 0 when even the
  /// first unit is longer.
  private static func literalBeginning(of query: borrowing PreparedQuery, maxLength: Int) -> Int {
    var end = 0
    for unit in query.literal.units {
      if Int(unit.end) > maxLength { break }
      if !unit.flags.contains(.whitespace) { end = Int(unit.end) }
    }
    return end
  }
}

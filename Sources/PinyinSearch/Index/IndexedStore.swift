/// A record store with its key index: answers queries by lookup.
///
/// A query without inner white space, that is not a phone number with separators, and of at
/// most `maxKeyLength` bytes is answered from one postings list, read off the front. Any other
/// query looks up what it must begin with — its beginning with white space (literal), without
/// (pinyin), its digits (phone) — and checks each record found with the matcher; since every
/// kind's key set is prefix-closed, no matching record is missed. Records the index left out
/// (`KeyIndex.overflow`) are always matched directly.
struct IndexedStore: Sendable {
  let store: RecordStore
  let index: KeyIndex

  /// Offers the best match of every record matching the query to `top`, as store `source`;
  /// records for which `isRemoved` holds are skipped.
  func collect(
    _ query: PreparedQuery, with matcher: Matcher, into top: inout TopMatches, source: Int,
    isRemoved: (Int) -> Bool
  ) {
    let maxKeyLength = index.maxKeyLength
    let hasInnerWhitespace = query.literal.units.contains { $0.flags.contains(.whitespace) }
    let hasSeparators = !query.phoneDigits.isEmpty && query.phoneDigits.count != query.literal.units.count
    if !hasInnerWhitespace && !hasSeparators && query.literal.bytes.count <= maxKeyLength {
      store.match(index.overflow, with: matcher, into: &top, source: source, isRemoved: isRemoved)
      collectPostings(of: query.literal.bytes, into: &top, source: source, isRemoved: isRemoved)
      return
    }
    // Look up what any match must begin with, then check each record found.
    guard let literalKey = query.literalPrefix(maxLength: maxKeyLength),
      let pinyinKey = query.pinyinPrefix(maxLength: maxKeyLength)
    else {
      store.scan(with: matcher, into: &top, source: source, isRemoved: isRemoved)
      return
    }
    var candidates = index.overflow
    for key in [literalKey, pinyinKey, Array(query.phoneDigits.prefix(maxKeyLength))] where !key.isEmpty {
      key.withUnsafeBufferPointer { key in
        index.withPostings(of: key) { postings in
          candidates.append(contentsOf: postings.lazy.map { Posting(rawValue: $0).slot })
        }
      }
    }
    candidates.sort()
    var unique: [Int] = []
    for slot in candidates where slot != unique.last { unique.append(slot) }
    store.match(unique, with: matcher, into: &top, source: source, isRemoved: isRemoved)
  }

  /// Reads the postings of `key` off the front until `top` is full.
  private func collectPostings(
    of key: [UInt8], into top: inout TopMatches, source: Int, isRemoved: (Int) -> Bool
  ) {
    let lengths = store.slots
    key.withUnsafeBufferPointer { key in
      index.withPostings(of: key) { postings in
        var taken = 0
        for raw in postings {
          let posting = Posting(rawValue: raw)
          let slot = posting.slot
          if isRemoved(slot) { continue }
          top.insert(
            RankedMatch(match: posting.match, length: Int(lengths[slot].unitCount), slot: slot, source: source))
          taken += 1
          if taken == top.capacity { break }
        }
      }
    }
  }
}

extension PreparedQuery {
  /// The longest beginning of the query, in whole units and without white space at its end,
  /// of at most `maxLength` bytes; nil when even the first unit is longer.
  func literalPrefix(maxLength: Int) -> [UInt8]? {
    var end = 0
    for unit in literal.units {
      if Int(unit.end) > maxLength { break }
      if !unit.flags.contains(.whitespace) { end = Int(unit.end) }
    }
    return end == 0 ? nil : Array(literal.bytes[..<end])
  }

  /// The pinyin form of the query, or, when it is longer than `maxLength` bytes, its longest
  /// beginning that ends between two ASCII bytes (so that no unit's spelling is cut); nil when
  /// there is none.
  func pinyinPrefix(maxLength: Int) -> [UInt8]? {
    if pinyin.count <= maxLength { return pinyin }
    var cut = maxLength
    while cut > 0 && !(pinyin[cut - 1] < 0x80 && pinyin[cut] < 0x80) { cut -= 1 }
    return cut == 0 ? nil : Array(pinyin[..<cut])
  }
}

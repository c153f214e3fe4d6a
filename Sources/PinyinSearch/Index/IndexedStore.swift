/// A record store with its key index: answers queries by lookup.
///
/// A query without inner white space, that is not a phone number with separators, and of at
/// most `maxKeyLength` bytes is answered from its key's postings, read off the front; when the
/// key is not stored because a beginning of it is rare, the few records of that beginning are
/// checked with the matcher. Any other query looks up what its matches must begin with — its
/// beginning with white space (literal), without (pinyin), its digits (phone) — and checks each
/// record found with the matcher; since every kind's key set is prefix-closed, no matching
/// record is missed. Records the index left out (`KeyIndex.overflow`) are always matched directly.
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
    if hasSeparators {
      collectPhoneNumber(query, with: matcher, into: &top, source: source, isRemoved: isRemoved)
      return
    }
    if !hasInnerWhitespace && query.literal.bytes.count <= maxKeyLength {
      store.match(index.overflow, with: matcher, into: &top, source: source, isRemoved: isRemoved)
      query.literal.bytes.withUnsafeBufferPointer { key in
        guard let (postings, isExact) = index.candidates(for: key) else { return }
        if isExact {
          readFront(of: postings, with: matcher, into: &top, source: source, skipping: isRemoved)
        } else {
          check(postings, with: matcher, into: &top, source: source, isRemoved: isRemoved)
        }
      }
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
        guard let (postings, _) = index.candidates(for: key) else { return }
        index.withPostings(postings) { candidates.append(contentsOf: $0.lazy.map { Posting(rawValue: $0).slot }) }
      }
    }
    candidates.sort()
    var unique: [Int] = []
    for slot in candidates where slot != unique.last { unique.append(slot) }
    store.match(unique, with: matcher, into: &top, source: source, isRemoved: isRemoved)
  }

  /// A query of digits and separators with at least one separator (`138-0013`): a record's best
  /// match is its plain literal match if it has one, else the leftmost run of the digits with
  /// separators between them (SEMANTICS.md, phone rule). Any pinyin match of such a query is
  /// such a run too, so these two lists hold every answer: the query's own postings (their
  /// literal part) and the phone-run postings of its digits, without the records of the first.
  private func collectPhoneNumber(
    _ query: PreparedQuery, with matcher: Matcher, into top: inout TopMatches, source: Int,
    isRemoved: (Int) -> Bool
  ) {
    let maxKeyLength = index.maxKeyLength
    store.match(index.overflow, with: matcher, into: &top, source: source, isRemoved: isRemoved)
    let phoneKey = [KeyEnumerator.phoneKeyMarker] + query.phoneDigits.prefix(maxKeyLength - 1)
    phoneKey.withUnsafeBufferPointer { phoneKey in
      guard let (runs, isExact) = index.candidates(for: phoneKey) else { return }
      guard isExact, phoneKey.count == query.phoneDigits.count + 1, query.literal.bytes.count <= maxKeyLength else {
        check(runs, with: matcher, into: &top, source: source, isRemoved: isRemoved)
        return
      }
      // Plain literal matches of the query.
      query.literal.bytes.withUnsafeBufferPointer { key in
        guard let (postings, isExact) = index.candidates(for: key) else { return }
        if isExact {
          readFront(of: postings, with: matcher, into: &top, source: source, literalOnly: true, skipping: isRemoved)
        } else {
          store.withRecords { records in
            index.withPostings(postings) { postings in
              for raw in postings {
                let slot = Posting(rawValue: raw).slot
                if isRemoved(slot) { continue }
                let record = records[slot]
                if let range = matcher.literalMatch(in: record) {
                  let match = Match(kind: .literal, start: range.lowerBound, end: range.upperBound)
                  top.insert(RankedMatch(match: match, length: record.units.count, slot: slot, source: source))
                }
              }
            }
          }
        }
      }
      // Runs of the digits, in records without a plain literal match.
      store.withRecords { records in
        readFront(of: runs, with: matcher, into: &top, source: source) { slot in
          isRemoved(slot) || matcher.literalMatch(in: records[slot]) != nil
        }
      }
    }
  }

  /// Offers the postings, already in result order, until `top` is full; with `literalOnly`,
  /// stops at the first posting of another kind. The matcher finds each match's end.
  private func readFront(
    of postings: KeyIndex.Postings, with matcher: Matcher, into top: inout TopMatches, source: Int,
    literalOnly: Bool = false, skipping isSkipped: (Int) -> Bool
  ) {
    store.withRecords { records in
      index.withPostings(postings) { postings in
        var taken = 0
        for raw in postings {
          let posting = Posting(rawValue: raw)
          if literalOnly && posting.kind != .literal { break }
          let slot = posting.slot
          if isSkipped(slot) { continue }
          let record = records[slot]
          // Always found for an index this library built; a posting that does not match (from a
          // snapshot damaged in a way its checksum cannot tell) is skipped, not trusted.
          guard let match = matcher.match(kind: posting.kind, start: posting.start, in: record) else { continue }
          top.insert(RankedMatch(match: match, length: record.units.count, slot: slot, source: source))
          taken += 1
          if taken == top.capacity { break }
        }
      }
    }
  }

  /// Matches the query against each record of `postings`.
  private func check(
    _ postings: KeyIndex.Postings, with matcher: Matcher, into top: inout TopMatches, source: Int,
    isRemoved: (Int) -> Bool
  ) {
    index.withPostings(postings) { postings in
      store.match(
        postings.lazy.map { Posting(rawValue: $0).slot }, with: matcher, into: &top, source: source,
        isRemoved: isRemoved)
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
  /// beginning at a cut of `KeyPrefixes` (so that no unit's spelling is cut); nil when there is none.
  func pinyinPrefix(maxLength: Int) -> [UInt8]? {
    if pinyin.count <= maxLength { return pinyin }
    var best = 0
    pinyin.withUnsafeBufferPointer { pinyin in
      KeyPrefixes.forEachCut(of: pinyin) { cut in
        if cut <= maxLength { best = cut }
        return cut <= maxLength
      }
    }
    return best == 0 ? nil : Array(pinyin[..<best])
  }
}

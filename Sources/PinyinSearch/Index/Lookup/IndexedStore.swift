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
  /// The search for mixed matches among candidates, when the index holds mixed keys.
  let mixedSearch: MixedSearch?
  /// The search for keypad matches among candidates, when keypad keys are not complete at
  /// every length (with mixed keys or fuzzy rules).
  let keypadSearch: MixedSearch?
  /// `store` alone, as `MatchCollector.search` reads the stores of a search: made once rather
  /// than at every query.
  let searchedStores: [RecordStore]
  /// The records with fuzzy full-pinyin matches of recent queries longer than the fuzzy keys,
  /// for the next keystrokes.
  let fuzzyCache = CandidateCache()

  /// The store and its index, with the searches among candidates the index's options need.
  init(store: RecordStore, index: KeyIndex) {
    self.store = store
    self.index = index
    searchedStores = [store]
    let options = index.options
    SpellingTables.prepare(for: options)
    mixedSearch = index.maxMixedKeyLength > 0 ? MixedSearch(kind: .mixed, options: options, store: store) : nil
    keypadSearch =
      options.keypad && (index.maxMixedKeyLength > 0 || index.maxFuzzyKeyLength > 0)
      ? MixedSearch(kind: .keypad, options: options, store: store) : nil
  }

  /// Offers the best match of every record matching `query` to `collector`, which reads this
  /// store.
  func collect(_ query: PreparedQuery, into collector: inout MatchCollector) {
    let maxKeyLength = index.maxKeyLength
    let hasInnerWhitespace = query.literal.units.contains { $0.flags.contains(.whitespace) }
    let hasSeparators = !query.phoneDigits.isEmpty && query.phoneDigits.count != query.literal.units.count
    // A keypad key is complete only up to the length of the mixed and fuzzy keys its digits
    // type: a longer one lacks the keypad matches of mixed and fuzzy full-pinyin pieces, which
    // are checked among candidates (see `collectKeypadCandidates(of:into:)`).
    let isKeypadQuery = query.isDigits && index.options.keypad
    let needsKeypadCandidates = isKeypadQuery && query.pinyin.count > completeKeypadKeyLength
    if hasSeparators {
      collectPhoneNumber(query, into: &collector)
      if isKeypadQuery { collectKeypad(query, needsCandidates: needsKeypadCandidates, into: &collector) }
      return
    }
    // Only short mixed keys are stored; the mixed matches of another query are checked among
    // candidates (see `mixedCandidates(of:)`). A query of digits has none but literal ones.
    let mixedLimit = MixedKeyLimit(maxBytes: index.maxMixedKeyLength)
    let needsMixedCandidates =
      mixedLimit.maxBytes > 0 && !query.isDigits
      && !query.canonicalPinyin.withUnsafeBufferPointer { mixedLimit.admits($0) }
    // Only short fuzzy full-pinyin keys are stored; the fuzzy full-pinyin matches of a longer
    // query are checked among candidates (see `collectFuzzyFullPinyin(of:into:)`), before the
    // matches of the kinds after full pinyin are read.
    // A fuzzy match has a fuzzy piece, which is letters: a query without one (`王梓🌸`, most
    // queries of three Han characters) has none, and its exact ones are in its postings.
    let needsFuzzyCandidates =
      index.maxFuzzyKeyLength > 0 && !query.isDigits && query.canonicalPinyin.count > index.maxFuzzyKeyLength
      && query.canonicalPinyin.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    let lastKind: MatchKind = needsKeypadCandidates ? .mixed : .keypad
    if !hasInnerWhitespace && query.literal.bytes.count <= maxKeyLength {
      collector.match(index.overflow, in: store)
      query.literal.bytes.withUnsafeBufferPointer { key in
        guard let (postings, isExact) = index.candidates(for: key) else {
          if needsFuzzyCandidates { collectFuzzyFullPinyin(of: query, into: &collector) }
          return
        }
        if isExact && needsFuzzyCandidates {
          // In result order but for the fuzzy full-pinyin matches, which come between the
          // exact ones and the initials.
          readFront(of: postings, into: &collector, kinds: .literal ... .fullPinyin)
          collectFuzzyFullPinyin(of: query, into: &collector)
          readFront(of: postings, into: &collector, kinds: .initials...lastKind, skippingHeld: true)
        } else if isExact {
          // Every match of a kind but mixed is among these postings, in result order (keypad
          // matches too, unless they are checked among candidates).
          readFront(of: postings, into: &collector, kinds: .literal...lastKind)
        } else {
          // The postings of a rare beginning: every such match is among its few records.
          check(postings, into: &collector)
          if needsFuzzyCandidates { collectFuzzyFullPinyin(of: query, into: &collector) }
        }
      }
    } else {
      // Look up what any match must begin with, then check each record found.
      guard let literalLength = query.literalPrefixLength(maxLength: maxKeyLength),
        let pinyinLength = query.pinyinPrefixLength(maxLength: maxKeyLength)
      else {
        collector.scan(store)
        return
      }
      var candidates = collector.takeCandidateSlots()
      candidates.append(contentsOf: index.overflow)
      appendSlots(of: query.literal.bytes, length: literalLength, to: &candidates)
      appendSlots(of: query.canonicalPinyin, length: pinyinLength, to: &candidates)
      appendSlots(of: query.phoneDigits, length: min(query.phoneDigits.count, maxKeyLength), to: &candidates)
      Self.sortUnique(&candidates)
      collector.match(candidates, in: store)
      collector.giveBack(candidateSlots: candidates)
      if needsFuzzyCandidates { collectFuzzyFullPinyin(of: query, into: &collector) }
    }
    // Every record with a match of another kind has been offered: the mixed candidates are
    // the rest.
    if needsMixedCandidates && !collector.top.excludes(.mixed), let mixedSearch {
      collect(query, in: mixedSearch, into: &collector)
    }
    if needsKeypadCandidates && !collector.top.excludes(.keypad), let keypadSearch {
      collect(query, in: keypadSearch, into: &collector)
    }
  }

  /// The longest digit key whose keypad postings hold every keypad match: a keypad key with
  /// mixed or fuzzy spellings is stored only as long as the mixed and fuzzy full-pinyin keys it
  /// types.
  var completeKeypadKeyLength: Int {
    KeyEnumerator.completeKeypadKeyLength(
      maxKeyLength: index.maxKeyLength, maxMixedKeyLength: index.maxMixedKeyLength,
      maxFuzzyKeyLength: index.maxFuzzyKeyLength)
  }

  /// Appends the slots of the records that every record matching a query for the first `length`
  /// bytes of `key` is among: its postings, or those of a rare beginning; none when no record
  /// has the key, or when `length` is 0.
  func appendSlots(of key: [UInt8], length: Int, to slots: inout [Int]) {
    guard length > 0 else { return }
    key.withUnsafeBufferPointer { key in
      guard let (postings, _) = index.candidates(for: UnsafeBufferPointer(rebasing: key[..<length])) else { return }
      index.withPostings(postings) { postings in
        for posting in postings { slots.append(posting.slot) }
      }
    }
  }

  /// The slots of `postings`.
  func slots(in postings: KeyIndex.Postings) -> [Int] {
    index.withPostings(postings) { $0.map(\.slot) }
  }

  /// Sorts `slots` in increasing order and removes the repeated ones, in place.
  static func sortUnique(_ slots: inout [Int]) {
    slots.heapSort()
    var kept = 0
    for index in slots.indices where kept == 0 || slots[index] != slots[kept - 1] {
      slots[kept] = slots[index]
      kept += 1
    }
    slots.removeLast(slots.count - kept)
  }

  /// A query of digits and separators with at least one separator (`138-0013`): a record's best
  /// match is its plain literal match if it has one, else the leftmost run of the digits with
  /// separators between them (Docs/Semantics.md, phone rule). Any pinyin match of such a query
  /// is such a run too, so these two lists hold every answer: the query's own postings (their
  /// literal part) and the phone-run postings of its digits, without the records of the first.
  private func collectPhoneNumber(_ query: PreparedQuery, into collector: inout MatchCollector) {
    let maxKeyLength = index.maxKeyLength
    collector.match(index.overflow, in: store)
    // The phone key, made on the stack: a search allocates nothing but its results.
    let keyLength = min(query.phoneDigits.count, maxKeyLength - 1) + 1
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keyLength) { key in
      key[0] = KeyEnumerator.phoneKeyMarker
      for index in 1..<keyLength { key[index] = query.phoneDigits[index - 1] }
      let phoneKey = UnsafeBufferPointer(key)
      guard let (runs, isExact) = index.candidates(for: phoneKey) else { return }
      guard isExact, phoneKey.count == query.phoneDigits.count + 1, query.literal.bytes.count <= maxKeyLength else {
        check(runs, into: &collector)
        return
      }
      // Plain literal matches of the query.
      query.literal.bytes.withUnsafeBufferPointer { key in
        guard let (postings, isExact) = index.candidates(for: key) else { return }
        if isExact {
          readFront(of: postings, into: &collector, kinds: .literal ... .literal)
          return
        }
        let matcher = collector.matcher
        store.withRecords { records in
          index.withPostings(postings) { postings in
            for posting in postings {
              let slot = posting.slot
              if collector.isRemoved(slot) { continue }
              let record = records[slot]
              if let range = matcher.literalMatch(in: record) {
                collector.add(
                  Match(kind: .literal, start: range.lowerBound, end: range.upperBound), slot: slot, record: record)
              }
            }
          }
        }
      }
      // Runs of the digits, in records without a plain literal match.
      store.withRecords { records in
        let matcher = collector.matcher
        readFront(of: runs, into: &collector) { slot in matcher.literalMatch(in: records[slot]) != nil }
      }
    }
  }

  /// Offers the postings of `kinds`, already in result order, until the collector is full: skips
  /// those of a better kind, stops at the first of a worse one. Skips removed records, those
  /// the collector holds already with `skippingHeld`, and those `isSkipped` names. The matcher
  /// finds each match's end.
  ///
  /// Postings whose start is not stored (`PostingGroup.unknownStart`) are in place order only,
  /// not in order of start: once the collector is full, the rest of their run is read too.
  func readFront(
    of postings: KeyIndex.Postings, into collector: inout MatchCollector,
    kinds: ClosedRange<MatchKind> = .literal ... .keypad, skippingHeld: Bool = false,
    skipping isSkipped: (Int) -> Bool = { _ in false }
  ) {
    let matcher = collector.matcher  // copied once, not once per posting
    store.withRecords { records in
      index.withPostings(postings) { postings in
        // The records of the first results, read ahead so that their cache misses overlap.
        let readAheadCount = min(collector.capacity, MatchCollector.readAheadCount)
        var readAhead = 0
        for posting in postings {
          if posting.kind > kinds.upperBound || readAhead == readAheadCount { break }
          if posting.kind < kinds.lowerBound { continue }
          collector.readAhead(slot: posting.slot, in: records)
          readAhead += 1
        }
        var taken = 0
        for posting in postings {
          if posting.kind > kinds.upperBound { break }
          if posting.kind < kinds.lowerBound { continue }
          if taken >= collector.capacity && posting.start != nil { break }
          let slot = posting.slot
          if collector.isRemoved(slot) || isSkipped(slot) || (skippingHeld && collector.holds(slot: slot)) { continue }
          let record = records[slot]
          // Always found for an index this library built; a posting that does not match (from a
          // snapshot damaged in a way its checksum cannot tell) is skipped, not trusted.
          guard let match = matcher.match(kind: posting.kind, start: posting.start, in: record) else {
            continue
          }
          collector.add(match, slot: slot, record: record)
          taken += 1
        }
      }
    }
  }

  /// Matches the query against each record of `postings`.
  private func check(_ postings: KeyIndex.Postings, into collector: inout MatchCollector) {
    index.withPostings(postings) { postings in
      collector.match(postings.lazy.map(\.slot), in: store)
    }
  }
}

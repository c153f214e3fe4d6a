/// A record store with its key index: answers queries by lookup.
///
/// Each search follows its `QueryPlan`. A query without inner white space, that is not a phone
/// number with separators, and of at most `maxKeyLength` bytes is answered from its own key's
/// postings, read off the front; when the key is not stored because a beginning of it is rare,
/// the few records of that beginning are checked with the matcher. Any other query looks up
/// what its matches must begin with — its beginning with white space (literal), without
/// (pinyin), its digits (phone) — and checks each record found with the matcher; since every
/// kind's key set is prefix-closed, no matching record is missed. The matches that no stored
/// key holds whole (long mixed, keypad and fuzzy queries) are found among candidates
/// (`CandidateSearch`). A query that no key or beginning would narrow down, with a unit that
/// every match holds (an emoji sequence, a flag), is matched among the records holding that
/// unit (`IndexedStore+HeldUnits`). Records the index left out (`KeyIndex.overflow`) are always
/// matched directly.
struct IndexedStore: Sendable {
  let store: RecordStore
  let index: KeyIndex
  /// The search for mixed matches among candidates, when the index holds mixed keys.
  let mixedSearch: CandidateSearch?
  /// The search for keypad matches among candidates, when keypad keys are not complete at
  /// every length (with mixed keys or fuzzy rules).
  let keypadSearch: CandidateSearch?
  /// The search for full-pinyin matches with a fuzzy spelling among candidates, when the index
  /// holds fuzzy keys.
  let fuzzySearch: CandidateSearch?
  /// `store` alone, as `MatchCollector.search` reads the stores of a search: made once rather
  /// than at every query.
  let searchedStores: [RecordStore]
  /// The records holding each unit longer than a key, made when first needed.
  let longUnits: LongUnitsOnDemand

  /// The store and its index, with the searches among candidates the index's options need;
  /// their sieves are derived from the records here (O(n) for n records, with mixed input or
  /// the keypad).
  init(store: RecordStore, index: KeyIndex) {
    self.store = store
    self.index = index
    searchedStores = [store]
    let options = index.options
    let limits = index.limits
    longUnits = LongUnitsOnDemand(
      store: store, maxKeyLength: limits.maxKeyLength, folding: options.traditional ? .shared : nil)
    SpellingTables.prepare(for: options)
    let mixedSearch = limits.maxMixedKeyLength > 0 ? CandidateSearch.mixed(options: options, store: store) : nil
    self.mixedSearch = mixedSearch
    keypadSearch =
      options.keypad && (limits.maxMixedKeyLength > 0 || limits.maxFuzzyKeyLength > 0)
      ? CandidateSearch.keypad(options: options, store: store) : nil
    fuzzySearch = limits.maxFuzzyKeyLength > 0 ? .fuzzyFullPinyin(sharing: mixedSearch?.sieves) : nil
  }

  /// The bytes of the records' sieves that the searches among candidates read (the fuzzy
  /// search shares the mixed search's). Not the long units' list, made on demand, whose 8 bytes
  /// per record and long unit would make a built index and the same index opened from a
  /// snapshot differ.
  var sieveByteCount: Int {
    (mixedSearch?.sieves?.byteCount ?? 0) + (keypadSearch?.sieves?.byteCount ?? 0)
  }

  /// Offers the best match of every record matching `query`, under the query's options (any
  /// subset of the index's), to `collector`, which reads this store.
  ///
  /// With the index's own options a key's postings hold each record's best match, and are read
  /// off the front. With fewer options (`SearchOptions.isSubset(of:)`) a record matches no more
  /// and no better than with the index's: every match it has is one the index knew, so a key's
  /// postings still hold every record with a match, and each posting is a bound below its
  /// record's match (`PostingReading.bounded`). The query's keys are looked up as the index
  /// files them (simplified, for an index with traditional characters).
  func collectIndexed(_ query: PreparedQuery, into collector: inout MatchCollector) {
    let reading = PostingReading(query, index: index.options)
    let keys = index.options.traditional && !query.options.traditional ? query.simplifiedForLookup() : query
    collectIndexed(keys, reading: reading, into: &collector)
  }

  /// `collectIndexed(_:into:)` of the query whose keys (as the index files them) are `query`,
  /// reading postings as `reading` says.
  private func collectIndexed(_ query: PreparedQuery, reading: PostingReading, into collector: inout MatchCollector) {
    let plan = QueryPlan(query, limits: index.limits, options: query.options)
    if mayReadEveryRecord(query, plan: plan) && collectAmongHolders(of: query, into: &collector) { return }
    switch plan.lookup {
    case .phoneNumber:
      collectPhoneNumber(query, into: &collector)
      if plan.isKeypadQuery { collectKeypad(query, plan: plan, reading: reading, into: &collector) }
      return
    case .ownKey:
      collectOwnKey(query, plan: plan, reading: reading, into: &collector)
    case .beginnings(let literal, let pinyin, let phoneDigits):
      var candidates = collector.takeCandidateSlots()
      candidates.append(contentsOf: index.overflow)
      appendSlots(of: query.literal.bytes, length: literal, to: &candidates)
      appendSlots(of: query.canonicalPinyin, length: pinyin, to: &candidates)
      appendSlots(of: query.phoneDigits, length: phoneDigits, to: &candidates)
      Self.sortUnique(&candidates)
      collector.match(candidates, in: store)
      collector.giveBack(candidateSlots: candidates)
      collectFuzzyFullPinyin(query, plan: plan, into: &collector)
    case .everyRecord:
      collector.scan(store)
      return
    }
    // Every record with a match of another kind has been offered: the candidates' are the rest.
    if plan.needsMixedCandidates, let mixedSearch {
      collectAmongCandidates(query, plan: plan, for: mixedSearch, into: &collector)
    }
    if plan.needsKeypadCandidates, let keypadSearch {
      collectAmongCandidates(query, plan: plan, for: keypadSearch, into: &collector)
    }
  }

  /// Offers the matches in the postings of the query's own key, read off the front, and the
  /// fuzzy full-pinyin ones among candidates when its plan needs them, in result order.
  private func collectOwnKey(
    _ query: PreparedQuery, plan: QueryPlan, reading: PostingReading, into collector: inout MatchCollector
  ) {
    collector.match(index.overflow, in: store)
    // With keypad matches among candidates, the keypad postings are read there.
    let lastKind: MatchKind = plan.needsKeypadCandidates ? .mixed : .keypad
    query.literal.bytes.withUnsafeBufferPointer { key in
      guard let (postings, isExact) = index.candidates(for: key) else {
        collectFuzzyFullPinyin(query, plan: plan, into: &collector)
        return
      }
      if isExact && reading != .exact {
        // Bounds, in order: the fuzzy full-pinyin matches among candidates may come after.
        readBounded(postings, reading: reading, into: &collector, kinds: .literal...lastKind)
        collectFuzzyFullPinyin(query, plan: plan, into: &collector)
      } else if isExact && plan.needsFuzzyCandidates {
        // In result order but for the fuzzy full-pinyin matches, which come between the
        // exact ones and the initials.
        readFront(of: postings, into: &collector, kinds: .literal ... .fullPinyin)
        collectFuzzyFullPinyin(query, plan: plan, into: &collector)
        readFront(of: postings, into: &collector, kinds: .initials...lastKind, skippingHeld: true)
      } else if isExact {
        // Every match of a kind but those among candidates is among these postings, in
        // result order.
        readFront(of: postings, into: &collector, kinds: .literal...lastKind)
      } else {
        // The postings of a rare beginning: every such match is among its few records.
        check(postings, into: &collector)
        collectFuzzyFullPinyin(query, plan: plan, into: &collector)
      }
    }
  }

  /// Offers the full-pinyin matches with a fuzzy spelling that no stored key holds, when the
  /// plan needs them.
  private func collectFuzzyFullPinyin(_ query: PreparedQuery, plan: QueryPlan, into collector: inout MatchCollector) {
    if plan.needsFuzzyCandidates, let fuzzySearch {
      collectAmongCandidates(query, plan: plan, for: fuzzySearch, into: &collector)
    }
  }
}

extension IndexedStore {
  /// The full-pinyin matches with a fuzzy spelling of a query longer than the fuzzy keys
  /// (`KeyIndex.maxFuzzyKeyLength`), which its own postings lack.
  ///
  /// A full-pinyin match of the query gives one of its beginning at a cut of `KeyPrefixes` at
  /// the same start (exact or fuzzy alike), so the postings of its longest beginning within the
  /// fuzzy key length hold every record with one, in an order that bounds it from below: they
  /// are matched in that order, as far as their literal and full-pinyin postings go (a record
  /// whose best match of the beginning is of a later kind has no full-pinyin match of it), and
  /// until the collector turns the bound away. A beginning that long is rare in most data, so
  /// few records are matched. Records the collector holds (with a better match) are skipped.
  func collectFuzzyFullPinyin(of query: PreparedQuery, into collector: inout MatchCollector) {
    guard !collector.top.excludes(.fullPinyin, isFuzzy: true) else { return }
    query.canonicalPinyin.withUnsafeBufferPointer { pinyin in
      if let known = fuzzyCache.slots(for: pinyin) {
        let matcher = collector.matcher
        let mayMatch = store.withRecords { records in
          known.filter { Self.offerFullPinyinMatch(ofSlot: $0, in: records, matcher, &collector) != false }
        }
        fuzzyCache.keep(mayMatch, for: pinyin)
      } else if let mayMatch = collectFuzzyFullPinyinAmongCandidates(of: query, into: &collector) {
        fuzzyCache.keep(mayMatch, for: pinyin)
      }
    }
  }

  /// The work of `collectFuzzyFullPinyin(of:into:)` without a list kept for the query; returns
  /// the records that may match (found to, or held by the collector) when every candidate was
  /// looked at and they are at most `CandidateCache.maxSlots`, for the next keystroke.
  private func collectFuzzyFullPinyinAmongCandidates(
    of query: PreparedQuery, into collector: inout MatchCollector
  ) -> [Int]? {
    let maxLength = index.maxFuzzyKeyLength
    var cut = 0
    query.canonicalPinyin.withUnsafeBufferPointer { pinyin in
      KeyPrefixes.forEachCut(of: pinyin) { end in
        if end <= maxLength { cut = end }
        return end <= maxLength
      }
    }
    let matcher = collector.matcher
    let maxSlots = CandidateCache.maxSlots
    var mayMatch: [Int] = []
    var isExhaustive = true
    // A full-pinyin match types whole spellings (fuzzy ones too), so it is a mixed match as
    // well: with mixed input on, a record without the adjacent pairs the query requires on
    // letters has none (`AdjacentPairs`) and is not matched.
    let sieve = mixedSearch.map { search in
      (
        sieves: search.quickSieves,
        required: query.canonicalPinyin.withUnsafeBufferPointer { search.pairs(requiredBy: $0) }
      )
    }
    func offer(_ slot: Int, in records: RecordStore.Records) {
      if let sieve, !sieve.sieves[slot].pairs.contains(sieve.required) { return }
      if Self.offerFullPinyinMatch(ofSlot: slot, in: records, matcher, &collector) != false,
        mayMatch.count <= maxSlots
      {
        mayMatch.append(slot)
      }
    }
    if cut > 0 {
      let beginning = Array(query.canonicalPinyin[..<cut])
      beginning.withUnsafeBufferPointer { beginning in
        guard let (postings, isExact) = index.candidates(for: beginning) else { return }
        store.withRecords { records in
          index.withPostings(postings) { postings in
            for posting in postings {
              let slot = posting.slot
              if isExact {
                if posting.kind > .fullPinyin { return }
                // A literal match of the beginning says nothing of where a full-pinyin one starts.
                let start = posting.kind == .fullPinyin ? posting.start ?? PostingGroup.unknownStart : 0
                let bound = RankedMatch(
                  match: Match(kind: .fullPinyin, start: start, end: 0), rank: collector.rank(ofSlot: slot),
                  length: records.unitCount(ofSlot: slot), slot: slot, source: collector.source)
                if collector.top.turnsAway(atLeast: bound) {
                  isExhaustive = false
                  return
                }
              }
              offer(slot, in: records)
            }
          }
        }
      }
    } else {
      // No beginning to look up (a query that begins with a long unit of symbols): every record.
      store.withRecords { records in
        for slot in 0..<records.slotCount { offer(slot, in: records) }
      }
    }
    return isExhaustive && mayMatch.count <= maxSlots ? mayMatch : nil
  }

  /// Offers the full-pinyin match of the record in `slot`, unless it is removed or the collector
  /// holds it: whether it has one, or nil when it was not looked at.
  @inline(__always)
  @discardableResult
  private static func offerFullPinyinMatch(
    ofSlot slot: Int, in records: RecordStore.Records, _ matcher: Matcher, _ collector: inout MatchCollector
  ) -> Bool? {
    guard records.isLive(slot), !collector.isRemoved(slot), !collector.holds(slot: slot) else { return nil }
    let record = records[slot]
    guard let match = matcher.bestFullPinyinMatch(in: record) else { return false }
    collector.add(match, slot: slot, record: record)
    return true
  }
}

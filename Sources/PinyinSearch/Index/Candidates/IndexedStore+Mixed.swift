extension IndexedStore {
  /// Offers the matches of `search`'s kind of `query` (mixed, or keypad) that the index does not
  /// store whole: from the candidates kept for a query it extends, else from
  /// `mixedCandidates(of:in:)`; keeps the list that held them for the next keystroke.
  func collect(_ query: PreparedQuery, in search: MixedSearch, into collector: inout MatchCollector) {
    query.canonicalPinyin.withUnsafeBufferPointer { pinyin in
      if let known = search.cache.slots(for: pinyin) {
        let required = search.pairs(requiredBy: pinyin)
        search.cache.keep(collect(amongKnown: known, in: search, requiring: required, into: &collector), for: pinyin)
      } else if let complete = collect(mixedCandidates(of: query, in: search), in: search, into: &collector) {
        search.cache.keep(complete, for: pinyin)
      }
    }
  }

  /// The beginning of `query` whose postings hold every match of `search`'s kind whole: its
  /// longest beginning that is a stored mixed key, or on a dial pad its first
  /// `completeKeypadKeyLength` digits; nil when there is none.
  private func completeBeginning(of query: PreparedQuery, in search: MixedSearch) -> [UInt8]? {
    if search.kind == .keypad { return Array(query.pinyin.prefix(completeKeypadKeyLength)) }
    return query.pinyinPrefix(admittedBy: MixedKeyLimit(maxBytes: index.maxMixedKeyLength))
  }

  /// The records among which every record with a match of `search`'s kind of `query` is, for a
  /// query whose own postings lack them: those of the query's longest beginning whose postings
  /// are complete (`completeBeginning(of:in:)`, or of a rare beginning of it) alone when they
  /// are few; else, for each of its ways of cutting
  /// (`PreparedQuery.mixedInitials(maxLength:spelling:budget:isSettled:)`), the fewest of those
  /// of its initials key, its spelled key and its windows (`WindowLookups`), and the
  /// beginning's too when they are fewer than all of these.
  func mixedCandidates(of query: PreparedQuery, in search: MixedSearch) -> MixedCandidates {
    // The index alone: a closure below that read `self.index` copied the whole store (every
    // reference it holds retained and released) at each of its calls.
    let index = index
    var candidates = MixedCandidates()
    candidates.requiredPairs = query.canonicalPinyin.withUnsafeBufferPointer { search.pairs(requiredBy: $0) }
    if let beginning = completeBeginning(of: query, in: search) {
      guard let prefix = beginning.withUnsafeBufferPointer({ index.candidates(for: $0)?.postings }) else {
        return candidates  // no record has a mixed match of the beginning
      }
      candidates.ordered = prefix
      // Few enough to match one by one: cutting the query into ways would cost more (a Han
      // character and then pinyin, `刘yifei`, most often ends here).
      if prefix.count <= Self.unsiftedCandidateCount { return candidates }
    }
    // A way is settled once its key has few records: one lookup tells, since a key that is not
    // stored has none, or has a rare beginning with few. The lookups are kept for the ways found.
    var lookedUp: [(key: InitialsKey, postings: KeyIndex.Postings?)] = []
    lookedUp.reserveCapacity(32)
    let found = query.mixedInitials(maxLength: index.maxKeyLength, spelling: search.spelling) { key in
      let postings = index.postings(of: key)
      lookedUp.append((InitialsKey(key), postings))
      return (postings?.count ?? 0) <= Self.settledCandidateCount
    }
    guard let ways = found else {
      // No way narrows the records down: those of the beginning, or every one.
      candidates.isEveryRecord = candidates.ordered == nil
      return candidates
    }
    candidates.initials.reserveCapacity(ways.count)
    var windows = WindowLookups(
      query: query.canonicalPinyin,
      length: search.kind == .keypad ? completeKeypadKeyLength : index.maxMixedKeyLength)
    for way in ways {
      let known = lookedUp.first { $0.key == way.key }
      // A key looked up and stored, or else its own postings or a rare beginning's.
      guard var postings = known?.postings ?? way.key.withBytes({ index.candidates(for: $0)?.postings }) else {
        continue
      }
      var key = MixedCandidates.SourceKey.initials
      // A way of few pieces has a longer mixed key that holds its records too, most often fewer.
      if postings.count > Self.settledCandidateCount && index.maxMixedKeyLength > 1,
        let spelled = query.canonicalPinyin.withUnsafeBufferPointer({
          way.spelledKey(in: $0, maxLength: index.maxMixedKeyLength)
        }), spelled.count > way.key.count
      {
        guard let spelledPostings = spelled.withUnsafeBufferPointer({ index.candidates(for: $0)?.postings }) else {
          continue  // no record has the spelled key: none has a match cut this way
        }
        if spelledPostings.count < postings.count {
          postings = spelledPostings
          key = .spelled
        }
      }
      // A match cut this way types the rest of the query from the unit after each anchor: the
      // beginning of that rest as long as a complete key is a key of the record.
      if postings.count > Self.settledCandidateCount {
        var hasNone = false
        var anchors = way.anchors
        while anchors != 0 {
          let start = anchors.trailingZeroBitCount
          anchors &= anchors - 1
          guard let found = windows.postings(from: start, in: index) else { continue }
          guard let windowPostings = found else {
            hasNone = true  // no record has it: none has a match cut this way
            break
          }
          if windowPostings.count < postings.count {
            postings = windowPostings
            key = .window
          }
        }
        if hasNone { continue }
      }
      candidates.initials.append(MixedCandidates.Source(postings: postings, way: way, key: key))
    }
    if candidates.initials.isEmpty { return MixedCandidates() }  // no record has any way's key
    if let ordered = candidates.ordered, ordered.count >= candidates.initialsCount { candidates.ordered = nil }
    candidates.gatherRequirements()
    return candidates
  }

  /// The most records of a query's stored beginning that are matched without cutting the query
  /// into ways and sifting them.
  private static var unsiftedCandidateCount: Int { 32 }

  /// The records of an initials key few enough to check rather than narrow down further.
  private static var settledCandidateCount: Int { 24 }

  /// The most ordered postings walked before the walk gives way to the initials' postings: the
  /// walk pays when the collector fills early, and costs a check of every way per posting, so
  /// it may spend about what reading the initials' postings costs, then gives way. Even when it
  /// was in vain, a search then costs at most about twice the cheaper of the two (on the keypad
  /// workload of 100,000 contacts with every option on, this halved the p90 and the p99).
  private static func orderedWalkLimit(capacity: Int, candidates: MixedCandidates) -> Int {
    let orderedCount = candidates.ordered?.count ?? 0
    // A posting of the walk is checked against every requirement of the ways, one of the
    // initials' against its own way's.
    let checksPerPosting = max(candidates.requirements.count, 4)
    if candidates.initials.isEmpty || orderedCount * checksPerPosting <= candidates.initialsCount { return Int.max }
    let least = capacity >= Int.max / 8 ? Int.max : 64 + 4 * capacity  // a capacity may be as large as Int.max
    return max(least, candidates.initialsCount / checksPerPosting)
  }

  /// Offers the match of `search`'s kind of each candidate that admits one of the ways and is
  /// not in the collector yet. Every record with a match of a better kind has been offered
  /// before (and is kept, unless the collector turns this kind away), so a candidate's best
  /// match is its match of this kind.
  ///
  /// Returns the slots of a list that holds every record with such a match of the query, for
  /// `CandidateCache`, when one of at most `CandidateCache.maxSlots` is known: the
  /// records found to match (and those the collector holds, not looked at) when every candidate
  /// was looked at — most often far fewer than the candidates, so that the next keystroke
  /// matches a few records — else the ordered postings or the candidates the ways admit.
  @discardableResult
  func collect(_ candidates: MixedCandidates, in search: MixedSearch, into collector: inout MatchCollector) -> [Int]? {
    let matcher = collector.matcher
    let maxSlots = CandidateCache.maxSlots
    // The ordered postings' slots, when they are few enough to keep.
    let orderedSlots = candidates.ordered.flatMap { $0.count <= maxSlots ? slots(in: $0) : nil }
    return store.withRecords { records in
      search.signatures.withUnsafeBufferPointer { signatures in
        search.quickSieves.withUnsafeBufferPointer { sieves in
          let requiredPairs = candidates.requiredPairs
          // The records that may match: those found to, and those not looked at.
          var mayMatch: [Int] = []
          var isExhaustive = true
          func offer(_ slot: Int) {
            if Self.offerMatch(ofSlot: slot, in: records, search: search, matcher: matcher, to: &collector) != false {
              if mayMatch.count <= maxSlots { mayMatch.append(slot) }
            }
          }
          /// The list to keep: the records that may match if every candidate was looked at, else `other`.
          func kept(else other: [Int]?) -> [Int]? {
            isExhaustive && mayMatch.count <= maxSlots ? mayMatch : other
          }
          if candidates.isEveryRecord {
            for slot in 0..<records.slotCount where sieves[slot].pairs.contains(requiredPairs) {
              offer(slot)
            }
            return kept(else: nil)
          }
          if let ordered = candidates.ordered {
            let limit = Self.orderedWalkLimit(capacity: collector.capacity, candidates: candidates)
            let isFinished = index.withPostings(ordered) { postings in
              for (walked, posting) in postings.enumerated() {
                if walked == limit { return false }
                let slot = posting.slot
                // A record that no way admits has no match (and is not read further).
                let sieve = sieves[slot]
                guard sieve.pairs.contains(requiredPairs),
                  candidates.initials.isEmpty
                    || (candidates.anyMayAdmit(folded: sieve.folded)
                      && candidates.anyAdmits(signatures[slot], unitCount: records.unitCount(ofSlot: slot)))
                else { continue }
                // The postings are in result order: once one's bound is turned away, so are the rest.
                let bound = RankedMatch(
                  match: Match(kind: posting.kind, start: posting.start ?? PostingGroup.unknownStart, end: 0),
                  rank: collector.rank(ofSlot: slot), length: records.unitCount(ofSlot: slot), slot: slot,
                  source: collector.source)
                if collector.top.turnsAway(atLeast: bound) {
                  isExhaustive = false
                  return true
                }
                offer(slot)
              }
              return true
            }
            if isFinished { return kept(else: orderedSlots) }
            mayMatch.removeAll()  // the initials' candidates are looked at again below
          }
          // Each candidate with the start its match cannot precede (see `bounds` below), else 0,
          // and its place: taken in that order, which is the order of their bounds, the best
          // candidates are matched first, and the first whose bound the full collector turns
          // away ends the walk. A record may be admitted by several ways: its first entry has its
          // smallest bound, and the others are skipped.
          var admitted: [UInt64] = []
          admitted.reserveCapacity(candidates.initialsCount)
          // The places of the ordered postings, which hold every match too and are kept only
          // when fewer than the initials' (`mixedCandidates`): a candidate of the initials must
          // be among them as well (a third of the keypad candidates of the slowest queries of
          // 100,000 contacts fail here, not in the matcher).
          var beginning: SlotSet?
          if let ordered = candidates.ordered {
            var places = SlotSet()
            index.withPostings(ordered) { postings in
              for posting in postings { places.insert(posting.place) }
            }
            beginning = places
          }
          for source in candidates.initials {
            let required = source.way.required.folded
            index.withPostings(source.postings) { postings in
              for posting in postings {
                let slot = posting.slot
                guard beginning?.contains(posting.place) ?? true else { continue }
                let sieve = sieves[slot]
                guard sieve.pairs.contains(requiredPairs), sieve.folded & required == required,
                  source.way.admits(signatures[slot], unitCount: records.unitCount(ofSlot: slot))
                else { continue }
                // A match cut the way at a start has the way's initials there (or its spelled
                // key, of the kind looked for): the record's best match of the key is no later.
                let bounds = source.boundsStart(of: posting, kind: search.kind)
                let start = bounds ? posting.start ?? PostingGroup.unknownStart : 0
                admitted.append(UInt64(start) << 32 | UInt64(posting.place))
              }
            }
          }
          var seen = SlotSet()
          var admittedSlots: [Int] = []
          var heap = SmallestFirst(admitted)
          var isWalking = true
          while let entry = heap.popSmallest() {
            let slot = index.slot(atPlace: Int(entry & 0xFFFF_FFFF))
            guard seen.insert(slot) else { continue }
            if admittedSlots.count <= maxSlots { admittedSlots.append(slot) }
            if isWalking {
              let bound = RankedMatch(
                match: Match(kind: search.kind, start: Int(entry >> 32), end: 0), rank: collector.rank(ofSlot: slot),
                length: records.unitCount(ofSlot: slot), slot: slot, source: collector.source)
              if collector.top.turnsAway(atLeast: bound) {
                // So are the bounds of the rest: only their slots are still wanted, while few.
                isExhaustive = false
                isWalking = false
              } else {
                offer(slot)
              }
            }
            if !isWalking && admittedSlots.count > maxSlots { break }
          }
          return kept(else: admittedSlots.count <= maxSlots ? admittedSlots : orderedSlots)
        }
      }
    }
  }

  /// Offers the match of `search`'s kind of each record of `slots`, a list that holds every
  /// record with such a match of the query (`CandidateCache`), that is not in the collector
  /// yet; a record without the pairs the query requires (`required`) is not matched. Returns
  /// the slots that may still have one: all but those found to have none.
  func collect(
    amongKnown slots: [Int], in search: MixedSearch, requiring required: AdjacentPairs,
    into collector: inout MatchCollector
  ) -> [Int] {
    let matcher = collector.matcher
    return store.withRecords { records in
      search.quickSieves.withUnsafeBufferPointer { sieves in
        // A record held has a better match here, but may have only one of this kind for a longer
        // query; a removed one is skipped and kept, as the list may serve another search.
        slots.filter {
          sieves[$0].pairs.contains(required)
            && Self.offerMatch(ofSlot: $0, in: records, search: search, matcher: matcher, to: &collector) != false
        }
      }
    }
  }

  /// Offers the match of `search`'s kind of the record in `slot`, unless it is removed or the
  /// collector holds it: whether it has one, or nil when it was not looked at.
  @inline(__always)
  private static func offerMatch(
    ofSlot slot: Int, in records: RecordStore.Records, search: MixedSearch, matcher: Matcher,
    to collector: inout MatchCollector
  ) -> Bool? {
    guard records.isLive(slot), !collector.isRemoved(slot), !collector.holds(slot: slot) else { return nil }
    let record = records[slot]
    guard let match = search.bestMatch(in: record, matcher: matcher) else { return false }
    collector.add(match, slot: slot, record: record)
    return true
  }
}

/// One walk over the candidates of one query for one `CandidateSearch`: each candidate passes
/// the sieves, then its bound is asked of the collector, then the matcher looks for a match of
/// the search's kind and the collector is offered it. The walk keeps the records that may
/// match (`MayMatch`), for the list the next keystroke starts from (`CandidateCache`).
///
/// The sieves, in order, cheapest and most selective first (`passesSieves(_:requiring:)`):
/// 1. adjacent pairs: the record has every pair of symbols side by side in the query
///    (`AdjacentPairs`);
/// 2. folded signature: a quick test of the bits its pieces need (`SpellingSignature.folded`);
/// 3. signature and unit count: the bits, and as many units as the way has pieces.
/// The ways' postings are first kept within the places of the ordered postings, when both are
/// known (the beginning's bitset).
///
/// A walk lives inside one search: it reads the store's records and the search's sieves in
/// place.
struct CandidateWalk {
  /// The kind of matches looked for.
  private let kind: CandidateSearch.Kind
  /// The kind of their matches, for bounds.
  private let matchKind: MatchKind
  /// The index whose postings are read.
  private let index: KeyIndex
  /// The records of the index's store.
  private let records: RecordStore.Records
  /// The query's matcher.
  private let matcher: Matcher
  /// Each slot's pairs and folded signature, and spelling signature; empty without sieves.
  private let quick: UnsafeBufferPointer<RecordSieves.Quick>
  private let signatures: UnsafeBufferPointer<SpellingSignature>
  /// Whether the search has sieves.
  private let hasSieves: Bool
  /// The adjacent pairs a record with a match has.
  private let requiredPairs: AdjacentPairs

  /// The most slots a kept list holds.
  private static var maxSlots: Int { CandidateCache.maxSlots }

  /// Runs `body` with a walk of `search` over the records of `store`, indexed by `index`, for
  /// the query whose matcher is `matcher`, requiring `requiredPairs`; through the search's
  /// sieves unless `sifts` is false (a search with a keyboard, whose codes they do not know).
  static func withWalk<Result>(
    of search: CandidateSearch, in store: RecordStore, index: KeyIndex, matcher: Matcher,
    requiredPairs: AdjacentPairs, sifts: Bool = true, _ body: (CandidateWalk) -> Result
  ) -> Result {
    let noQuick: [RecordSieves.Quick] = []
    let noSignatures: [SpellingSignature] = []
    return store.withRecords { records in
      (search.sieves?.quick ?? noQuick).withUnsafeBufferPointer { quick in
        (search.sieves?.signatures ?? noSignatures).withUnsafeBufferPointer { signatures in
          body(
            CandidateWalk(
              kind: search.kind, matchKind: search.matchKind, index: index, records: records, matcher: matcher,
              quick: quick, signatures: signatures, hasSieves: sifts && search.sieves != nil,
              requiredPairs: requiredPairs))
        }
      }
    }
  }

  /// Offers the match of each record of `slots`, a list that holds every record with a match
  /// of the query (`CandidateCache`), that passes the pairs and is not in the collector yet.
  /// Returns the slots that may still have one: all but those found to have none (a removed
  /// record is kept, as the list may serve another search).
  func walkKnown(_ slots: [Int], collector: inout MatchCollector) -> [Int] {
    slots.filter { passesSieves($0, requiring: NoRequirement()) && offerMatch($0, to: &collector) != false }
  }

  /// Offers the match of each candidate of `sources` that passes the sieves and is not in the
  /// collector yet. Every record with a match of a better kind has been offered before (and is
  /// kept, unless the collector turns this kind away), so a candidate's best match is its
  /// match of this kind.
  ///
  /// Returns a list that holds every record with such a match of the query, for
  /// `CandidateCache`, when one of at most `CandidateCache.maxSlots` is known: the records
  /// found to match (and those the collector holds, not looked at) when every candidate was
  /// looked at, else the ordered postings or the candidates the ways admit.
  func walk(_ sources: CandidateSources, collector: inout MatchCollector) -> [Int]? {
    var found = MayMatch()
    let orderedSlots = sources.ordered.flatMap {
      $0.postings.count <= Self.maxSlots ? index.withPostings($0.postings) { $0.map(\.slot) } : nil
    }
    if sources.isEveryRecord {
      for slot in 0..<records.slotCount where passesSieves(slot, requiring: NoRequirement()) {
        offer(slot, found: &found, collector: &collector)
      }
      return found.kept(else: nil)
    }
    if let ordered = sources.ordered {
      let limit = Self.orderedWalkLimit(capacity: collector.capacity, sources: sources)
      let requirement = AnyOfTheWays(sources: sources)
      if walkOrdered(ordered, requiring: requirement, limit: limit, found: &found, collector: &collector) {
        return found.kept(else: orderedSlots)
      }
      found.slots.removeAll()  // the ways' candidates are looked at again
    }
    return walkAdmitted(sources, orderedSlots: orderedSlots, found: &found, collector: &collector)
  }

  /// Walks the ordered postings in result order, at most `limit` of them, offering each
  /// candidate until the collector turns one's bound away (the bounds of the rest are no
  /// better). Returns false when it gave way at `limit`.
  private func walkOrdered(
    _ ordered: CandidateSources.Ordered, requiring requirement: AnyOfTheWays, limit: Int, found: inout MayMatch,
    collector: inout MatchCollector
  ) -> Bool {
    index.withPostings(ordered.postings) { postings in
      for (walked, posting) in postings.enumerated() {
        if walked == limit { return false }
        let bound = kind.bound(of: posting, isExact: ordered.isExact)
        if case .pastTheKind = bound { return true }
        let slot = posting.slot
        guard passesSieves(slot, requiring: requirement) else { continue }
        if case .from(let kind, let start) = bound,
          collector.turnsAway(kind: kind, start: start, slot: slot, unitCount: records.unitCount(ofSlot: slot))
        {
          found.isExhaustive = false
          return true
        }
        offer(slot, found: &found, collector: &collector)
      }
      return true
    }
  }

  /// Walks the candidates the ways admit, the smallest bound first, offering each until the
  /// collector turns one's bound away; goes on only while the slots admitted are few enough
  /// to keep.
  private func walkAdmitted(
    _ sources: CandidateSources, orderedSlots: [Int]?, found: inout MayMatch, collector: inout MatchCollector
  ) -> [Int]? {
    var seen = SlotSet()
    var admittedSlots: [Int] = []
    var heap = SmallestFirst(admittedCandidates(of: sources))
    var isWalking = true
    while let entry = heap.popSmallest() {
      let slot = index.slot(atPlace: Int(entry & 0xFFFF_FFFF))
      guard seen.insert(slot) else { continue }
      if admittedSlots.count <= Self.maxSlots { admittedSlots.append(slot) }
      if isWalking {
        if collector.turnsAway(
          kind: matchKind, start: Int(entry >> 32), slot: slot, unitCount: records.unitCount(ofSlot: slot))
        {
          // So are the bounds of the rest: only their slots are still wanted, while few.
          found.isExhaustive = false
          isWalking = false
        } else {
          offer(slot, found: &found, collector: &collector)
        }
      }
      if !isWalking && admittedSlots.count > Self.maxSlots { break }
    }
    return found.kept(else: admittedSlots.count <= Self.maxSlots ? admittedSlots : orderedSlots)
  }

  /// Each candidate of the ways that passes the sieves, with the start its match cannot
  /// precede (else 0) and its place: `start << 32 | place`, in the order of their bounds. A
  /// record may be admitted by several ways: its smallest entry comes first.
  private func admittedCandidates(of sources: CandidateSources) -> [UInt64] {
    var admitted: [UInt64] = []
    admitted.reserveCapacity(sources.wayPostingCount)
    // The places of the ordered postings, which hold every match too (and are kept only when
    // fewer than the ways'): a candidate of the ways must be among them as well.
    var beginning: SlotSet?
    if let ordered = sources.ordered {
      var places = SlotSet()
      index.withPostings(ordered.postings) { postings in
        for posting in postings { places.insert(posting.place) }
      }
      beginning = places
    }
    for source in sources.ways {
      index.withPostings(source.postings) { postings in
        for posting in postings {
          guard beginning?.contains(posting.place) ?? true, passesSieves(posting.slot, requiring: source.way) else {
            continue
          }
          // A match cut the way at a start has the way's key there (or its spelled key, of the
          // kind looked for): the record's best match of the key is no later.
          let start = source.boundsStart(of: posting, kind: matchKind) ? posting.start ?? PostingGroup.unknownStart : 0
          admitted.append(UInt64(start) << 32 | UInt64(posting.place))
        }
      }
    }
    return admitted
  }

  /// Whether the record in `slot` passes the sieves, in order: its adjacent pairs, then
  /// `requirement` of its folded signature, then of its signature and unit count (read only
  /// when the others pass: each read is a cache miss in a large index).
  @inline(__always)
  private func passesSieves(_ slot: Int, requiring requirement: some CandidateRequirement) -> Bool {
    guard hasSieves else { return true }
    let quick = self.quick[slot]
    return quick.pairs.contains(requiredPairs) && requirement.mayAdmit(folded: quick.folded)
      && requirement.admits(signatures[slot], unitCount: records.unitCount(ofSlot: slot))
  }

  /// Offers the match of the record in `slot` (`MatchCollector.offerMatch(ofSlot:in:_:)`):
  /// whether it has one, or nil when it was not looked at.
  @inline(__always)
  private func offerMatch(_ slot: Int, to collector: inout MatchCollector) -> Bool? {
    // The matcher is read in place: a copy of it is hundreds of bytes.
    collector.offerMatch(ofSlot: slot, in: records) { kind.bestMatch(in: $0, matcher: matcher) }
  }

  /// Offers the match of the record in `slot`, and keeps the slot in `found` unless it has none.
  @inline(__always)
  private func offer(_ slot: Int, found: inout MayMatch, collector: inout MatchCollector) {
    if offerMatch(slot, to: &collector) != false { found.add(slot) }
  }

  /// The most ordered postings walked before the walk gives way to the ways' postings: the
  /// walk pays when the collector fills early, and costs a check of every way per posting, so
  /// it may spend about what reading the ways' postings costs, then gives way. Even when it was
  /// in vain, a search then costs at most about twice the cheaper of the two.
  private static func orderedWalkLimit(capacity: Int, sources: CandidateSources) -> Int {
    let orderedCount = sources.ordered?.postings.count ?? 0
    // A posting of the walk is checked against every requirement of the ways, one of the
    // ways' against its own way's.
    let checksPerPosting = max(sources.requirements.count, 4)
    let wayPostingCount = sources.wayPostingCount
    if sources.ways.isEmpty || orderedCount * checksPerPosting <= wayPostingCount { return Int.max }
    let least = capacity >= Int.max / 8 ? Int.max : 64 + 4 * capacity  // a capacity may be as large as Int.max
    return max(least, wayPostingCount / checksPerPosting)
  }
}

/// The records of a walk among candidates that may match — found to, or held by the collector
/// (not looked at) — while they are few enough to keep, and whether every candidate was looked
/// at, so that they hold every match.
private struct MayMatch {
  /// The slots, at most one past `CandidateCache.maxSlots`.
  var slots: [Int] = []
  /// Whether every candidate was looked at.
  var isExhaustive = true

  /// Keeps `slot`, while few enough are kept.
  @inline(__always)
  mutating func add(_ slot: Int) {
    if slots.count <= CandidateCache.maxSlots { slots.append(slot) }
  }

  /// The list to keep: these slots if every candidate was looked at and they are few enough,
  /// else `other`.
  func kept(else other: [Int]?) -> [Int]? {
    isExhaustive && slots.count <= CandidateCache.maxSlots ? slots : other
  }
}

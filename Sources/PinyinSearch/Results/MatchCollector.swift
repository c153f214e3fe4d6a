/// What one search carries through the record stores it reads: the query's matcher, the best
/// matches found so far, and which store is being read, with the slots to skip in it.
///
/// A match becomes a ranked match in one place, `add(_:slot:record:)`, and each engine's search
/// is a few lines on top of `search(_:limit:offset:in:options:_:)`:
///
///     MatchCollector.search(query, limit: 20, offset: 0, in: [store], options: options) { collector, _ in
///       collector.scan(store)
///     }
struct MatchCollector {
  /// The query's matcher.
  let matcher: Matcher
  /// The best matches so far.
  private(set) var top: TopMatches
  /// The number of the store being read, among the stores of the search.
  private(set) var source = 0
  /// The slots of that store whose records no longer count (removed since it was indexed).
  private(set) var removed = SlotSet()
  /// The searched stores, numbered by their place.
  private let stores: [RecordStore]
  /// Storage for a list of candidate slots, lent to a reader of a store and given back.
  private(set) var candidateSlots: [Int]
  /// What `readAhead(slot:in:)` read, folded into one word: the search keeps it in its
  /// scratch, so that the compiler keeps the reads.
  private(set) var readAheadTrace: UInt32 = 0

  /// A collector of the best `capacity` matches of `matcher`'s query in `stores`, numbered by
  /// their place, kept in `storage`; it reads store 0 first.
  init(
    matcher: Matcher, capacity: Int, stores: [RecordStore], storage: [RankedMatch] = [], candidateSlots: [Int] = []
  ) {
    self.matcher = matcher
    top = TopMatches(capacity: capacity, order: IDOrder(stores: stores), storage: storage)
    self.stores = stores
    self.candidateSlots = candidateSlots
  }

  /// An empty array to list candidate slots in, with the capacity of earlier lists: give it back
  /// with `giveBack(candidateSlots:)`.
  mutating func takeCandidateSlots() -> [Int] {
    candidateSlots.takeEmptied()
  }

  /// Keeps `slots`' storage for the next list of candidates.
  mutating func giveBack(candidateSlots slots: consuming [Int]) {
    candidateSlots = slots
  }

  /// The rank of the record in `slot` of the store being read.
  @inline(__always)
  func rank(ofSlot slot: Int) -> Int64 {
    stores[source].ranks[slot]
  }

  /// The most records a loop reads ahead (`readAhead(slot:in:)`) before matching them: a
  /// search's first results, as many as commonly asked for.
  static var readAheadCount: Int { 32 }

  /// Reads the first bytes of the record in `slot` of the store being read, viewed as
  /// `records`, and its rank (`RecordStore.Records.firstBytes(ofSlot:)`), into
  /// `readAheadTrace`.
  ///
  /// The records a query reads lie far apart, and the matcher works on one long enough that
  /// the processor does not reach the next one's reads before it is done: their cache misses
  /// come one after another. A loop that reads its first records ahead before matching them
  /// overlaps their misses. When long queries have evicted the records from the caches, as on
  /// a dial pad with every option on, this takes a short query's time down by a third
  /// (Docs/HashIndex.md, "Reading ahead").
  @inline(__always)
  mutating func readAhead(slot: Int, in records: RecordStore.Records) {
    readAheadTrace ^= records.firstBytes(ofSlot: slot) ^ UInt32(truncatingIfNeeded: rank(ofSlot: slot))
  }

  /// The most matches kept: a search's `offset + limit`.
  var capacity: Int { top.capacity }

  /// Reads store number `source` from now on, skipping its slots in `removed`.
  mutating func read(store source: Int, skipping removed: SlotSet = SlotSet()) {
    self.source = source
    self.removed = removed
  }

  /// Whether the record in `slot` of the store being read no longer counts.
  @inline(__always)
  func isRemoved(_ slot: Int) -> Bool {
    removed.contains(slot)
  }

  /// Whether a match of the record in `slot` of the store being read is kept.
  func holds(slot: Int) -> Bool {
    top.holds(slot: slot, source: source)
  }

  /// Offers `match` of the record in `slot` of the store being read, whose prepared text is `record`.
  @inline(__always)
  mutating func add(_ match: Match, slot: Int, record: PreparedTextView) {
    top.insert(
      RankedMatch(match: match, rank: rank(ofSlot: slot), length: record.units.count, slot: slot, source: source))
  }

  /// Whether a match of `kind` (fuzzy with `isFuzzy`) can no longer be kept: every kept one is
  /// of a better kind, or of the same kind exact where it would be fuzzy, and no room is left.
  func excludes(_ kind: MatchKind, isFuzzy: Bool = false) -> Bool {
    top.excludes(kind, isFuzzy: isFuzzy)
  }

  /// Whether every match that a match of `kind` (fuzzy with `isFuzzy`) from unit `start` of the record in `slot` (of
  /// `unitCount` units) of the store being read precedes or equals would be turned away: the
  /// collector is full and the worst match it keeps comes before it. A candidate whose match
  /// is bounded so from below is not worth matching; the result order stays in `RankedMatch`.
  ///
  /// `mutating` though it changes nothing, so that a loop's check borrows the collector where it
  /// is: called as a non-mutating method from inside a closure, the whole collector (its
  /// matcher is hundreds of bytes) was copied at every call.
  @inline(__always)
  mutating func turnsAway(kind: MatchKind, isFuzzy: Bool = false, start: Int, slot: Int, unitCount: Int) -> Bool {
    let bound = RankedMatch(
      match: Match(kind: kind, isFuzzy: isFuzzy, start: start, end: 0), rank: rank(ofSlot: slot), length: unitCount,
      slot: slot, source: source)
    return top.turnsAway(atLeast: bound)
  }

  /// Offers the match that `bestMatch` finds in the record in `slot` of the store being read,
  /// viewed as `records`, unless the record is not live, removed, or held already (with a
  /// match found before, which is a better one): whether it has such a match, or nil when it
  /// was not looked at.
  @inline(__always)
  @discardableResult
  mutating func offerMatch(
    ofSlot slot: Int, in records: RecordStore.Records, _ bestMatch: (PreparedTextView) -> Match?
  ) -> Bool? {
    guard records.isLive(slot), !isRemoved(slot), !holds(slot: slot) else { return nil }
    let record = records[slot]
    guard let match = bestMatch(record) else { return false }
    add(match, slot: slot, record: record)
    return true
  }

  /// Offers the best match of the record in `slot` that `matcher` (this collector's, copied
  /// out once by the caller's loop rather than once per record) finds, if the record counts and
  /// matches.
  @inline(__always)
  mutating func addBestMatch(slot: Int, record: PreparedTextView, using matcher: Matcher) {
    if !isRemoved(slot), let match = matcher.bestMatch(in: record) {
      add(match, slot: slot, record: record)
    }
  }
}

extension MatchCollector {
  /// The results of `query` in `stores` under `options`, from position `offset` on, at most `limit` of them:
  /// prepares the query, lends `body` a collector and the prepared query to read the stores
  /// with, and turns what it kept into results.
  ///
  /// An empty or all-white-space query and a `limit` of zero or less give no results; a
  /// negative `offset` counts as zero.
  static func search(
    _ query: String, limit: Int, offset: Int, in stores: [RecordStore], options: SearchOptions,
    _ body: (inout MatchCollector, PreparedQuery) -> Void
  ) -> [SearchResult] {
    let offset = max(offset, 0)
    guard limit > 0 else { return [] }
    // The arrays of an earlier search, reused: no allocation but the results once warm.
    var scratch = SearchScratch.take()
    defer { SearchScratch.give(scratch) }
    guard let prepared = PreparedQuery(query, options: options, reusing: &scratch.query) else { return [] }
    let (sum, overflows) = offset.addingReportingOverflow(limit)
    // Moved into the collector, so that it holds the arrays' only references.
    var storage = Optional((scratch.matches.takeEmptied(), scratch.slots.takeEmptied()))
    let (top, slots, trace) = prepared.withMatcher(pieceMasks: scratch.pieceMasks) { matcher in
      let (matches, slots) = storage.take()!
      var collector = MatchCollector(
        matcher: matcher, capacity: overflows ? .max : sum, stores: stores, storage: matches, candidateSlots: slots)
      body(&collector, prepared)
      return (collector.top, collector.candidateSlots, collector.readAheadTrace)
    }
    scratch.slots = slots
    scratch.readAheadTrace = trace
    let results = top.results(from: offset, stores: stores, returningStorageTo: &scratch.matches)
    scratch.query.reclaim(prepared)
    return results
  }
}

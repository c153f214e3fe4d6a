/// What one search carries through the record stores it reads: the query's matcher, the best
/// matches found so far, and which store is being read, with the slots to skip in it.
///
/// A match becomes a ranked match in one place, `add(_:slot:record:)`, and each engine's search
/// is a few lines on top of `search(_:limit:offset:in:_:)`:
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

  /// A collector of the best `capacity` matches of `matcher`'s query in `stores`, numbered by
  /// their place; it reads store 0 first.
  init(matcher: Matcher, capacity: Int, stores: [RecordStore]) {
    self.matcher = matcher
    top = TopMatches(capacity: capacity, order: IDOrder(stores: stores))
    self.stores = stores
  }

  /// The rank of the record in `slot` of the store being read.
  @inline(__always)
  func rank(ofSlot slot: Int) -> Int64 {
    stores[source].ranks[slot]
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
    guard limit > 0, let prepared = PreparedQuery(query, options: options) else { return [] }
    let (sum, overflows) = offset.addingReportingOverflow(limit)
    let top = prepared.withMatcher { matcher in
      var collector = MatchCollector(matcher: matcher, capacity: overflows ? .max : sum, stores: stores)
      body(&collector, prepared)
      return collector.top
    }
    return top.results(from: offset, stores: stores)
  }
}

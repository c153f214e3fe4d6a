extension SortedSetIndex {
  /// The records of `source` matching `query`, best first, from position `offset` on, at most
  /// `limit` of them: exactly what `LinearScanEngine` gives for the same records and options.
  ///
  /// The query's sets (`sets(for:)`: its own key, and for a query that its own set cannot
  /// answer whole, the beginnings that every match must begin with) are read in member order
  /// together, a page at a time; each record a member names is matched once (the member holds
  /// its text), and the walk ends at the first member that the best `offset + limit` matches
  /// so far all come before. A member bounds its record's match from below (a match of the
  /// query gives one of each beginning, at the same start, of the same kind or a better one),
  /// so no record that the walk did not reach could rank among them. For a query its own set
  /// answers, that is one page of `offset + limit + 1` members: one round trip.
  ///
  ///     let results = try index.search("lyf", limit: 20, in: store)
  ///
  /// - Parameters:
  ///   - query: The text typed; an empty or all-white-space query gives no results.
  ///   - limit: The most results; zero or less gives none.
  ///   - offset: How many of the best results to skip; a negative one counts as zero.
  ///   - source: The store that holds the members of `entries(of:)` of every record.
  /// - Returns: The results, best first.
  /// - Throws: What `source` throws, and `source.invalidMember(_:inSet:)` for a member that is
  ///   not one this index writes.
  /// - Complexity: O(p) calls of the matcher for the p members read, which is `offset + limit`
  ///   for most queries and at most the sum of the query's sets' sizes.
  public func search<Source: SortedSetSource>(
    _ query: String, limit: Int = 20, offset: Int = 0, in source: Source
  ) throws(Source.Failure) -> [SearchResult] {
    try search(query, limit: limit, offset: offset, with: options, in: source)
  }

  /// The records of `source` matching `query` under `options`, a subset of the index's (nil:
  /// the index's own), best first, from position `offset` on, at most `limit` of them: exactly
  /// what a `LinearScanEngine` with those options gives. A member bounds its record's match
  /// under any subset of the options from below, as under all of them, so the same walk
  /// answers.
  ///
  /// - Throws: `SearchOptionsError` when `options` asks for one the index was not built with,
  ///   and what `search(_:limit:offset:in:)` throws.
  public func search<Source: SortedSetSource>(
    _ query: String, limit: Int = 20, offset: Int = 0, options: SearchOptions?, in source: Source
  ) throws -> [SearchResult] {
    try search(query, limit: limit, offset: offset, with: self.options.resolving(options), in: source)
  }

  /// `search(_:limit:offset:in:)` under `options`, a subset of the index's.
  private func search<Source: SortedSetSource>(
    _ query: String, limit: Int, offset: Int, with options: SearchOptions, in source: Source
  ) throws(Source.Failure) -> [SearchResult] {
    let offset = max(offset, 0)
    guard limit > 0, let prepared = PreparedQuery(query, options: options) else { return [] }
    let (sum, overflows) = offset.addingReportingOverflow(limit)
    var walk = SortedSetWalk(capacity: overflows ? .max : sum)
    var failure: Source.Failure?
    prepared.withMatcher { matcher in
      do throws(Source.Failure) {
        if let sets = sets(for: prepared) {
          try walk.read(sets, of: source, matcher: matcher)
        } else {
          for record in try source.allRecords() { walk.offer(record, matcher: matcher) }
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return walk.results(from: offset)
  }

  /// The keys of the sets that together hold every record matching `query`, each with a member
  /// that bounds its match from below; nil when there are none and every record must be
  /// matched (a query with no beginning whose first unit is Han, white space or ASCII).
  ///
  /// The sets follow the query's plan (`QueryPlan`), as the in-memory index's lookups do: its
  /// own key holds every match of every kind, except those only a longer key than the index
  /// keeps would hold; for those, the beginning of the query every such match begins with —
  /// the longest within the key length (white space inside the query), the phone runs of its
  /// digits (separators), the longest mixed key, fuzzy key or complete keypad key.
  ///
  /// A query with a unit that every match holds (`forEachUnitEveryMatchHolds(_:)`) longer than a key reads that
  /// unit's set instead (`longUnitKey(of:)`), whole: a beginning before it may hold most
  /// records. A query with no beginning (`🇨🇳🇨🇳`: no key ends between the flags), or a search
  /// among candidates with none (a first unit of symbols longer than a mixed or fuzzy key),
  /// reads the set of its first unit, when every match holds it: a match holds it at its start,
  /// so the unit's literal member bounds the match.
  func sets(for query: PreparedQuery) -> [[UInt8]]? {
    // Keys as the index files them: simplified, when it folds traditional characters.
    let query = options.traditional && !query.options.traditional ? query.simplifiedForLookup() : query
    var longUnitKey: [UInt8]?
    var firstUnit: [UInt8]?
    query.literal.withView { literal in
      literal.forEachUnitEveryMatchHolds { position, bytes in
        if position == 0 { firstUnit = Array(bytes) }
        if longUnitKey == nil && bytes.count > limits.maxKeyLength { longUnitKey = Self.longUnitKey(of: bytes) }
      }
    }
    if let longUnitKey { return [Self.unindexedKey, longUnitKey] }
    // The beginning of `length` bytes of the query's pinyin form, or without one the first unit.
    func beginning(_ length: Int) -> [UInt8]? { length > 0 ? Array(query.canonicalPinyin[..<length]) : firstUnit }
    let plan = QueryPlan(query, limits: limits, options: query.options)
    var sets: [[UInt8]] = [Self.unindexedKey]
    let keypadKey = Array(query.pinyin.prefix(plan.keypadBeginning))
    switch plan.lookup {
    case .phoneNumber(let literal):
      // A run of the digits with separators is in the phone runs' set, which starts at a digit;
      // a plain literal match may start with a separator (`+86`); a pinyin match of digits an
      // apostrophe splits (`138'0013`) is in the set of the query's pinyin form.
      sets.append([KeyEnumerator.phoneKeyMarker] + query.phoneDigits.prefix(limits.maxKeyLength - 1))
      if literal > 0 { sets.append(Array(query.literal.bytes[..<literal])) }
      sets.append(Array(query.canonicalPinyin.prefix(limits.maxKeyLength)))
      if plan.isKeypadQuery { sets.append(keypadKey) }
      return sets
    case .ownKey:
      sets.append(query.literal.bytes)
    case .beginnings(let literal, let pinyin, let phoneDigits):
      sets.append(Array(query.literal.bytes[..<literal]))
      if pinyin > 0 { sets.append(Array(query.canonicalPinyin[..<pinyin])) }
      if phoneDigits > 0 { sets.append(Array(query.phoneDigits[..<phoneDigits])) }
    case .everyRecord:
      // No beginning within a key ends where a key may (`KeyPrefixes`): every match holds the
      // first unit at its start, when it is one every match holds.
      guard let firstUnit else { return nil }
      return [Self.unindexedKey, firstUnit]
    }
    if plan.needsFuzzyCandidates {
      guard let beginning = beginning(plan.fuzzyBeginning) else { return nil }
      sets.append(beginning)
    }
    if plan.needsMixedCandidates {
      guard let beginning = beginning(plan.mixedBeginning) else { return nil }
      sets.append(beginning)
    }
    if plan.needsKeypadCandidates { sets.append(keypadKey) }
    var distinct: [[UInt8]] = []
    for set in sets where !distinct.contains(set) { distinct.append(set) }
    return distinct
  }

}

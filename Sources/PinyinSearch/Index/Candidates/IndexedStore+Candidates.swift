extension IndexedStore {
  /// Offers the matches of `search`'s kind of `query` that no stored key holds whole, found
  /// among candidates: the records of a list kept for a query it extends (`CandidateCache`),
  /// else those of its `candidateSources(of:plan:for:)`, walked (`CandidateWalk`); keeps a
  /// list that holds them for the next keystroke (not for a query with an apostrophe).
  ///
  /// A search with a keyboard finds mixed and fuzzy full-pinyin matches over the codes too,
  /// which the ways and the sieves (made of the readings) know nothing of: its candidates are
  /// the postings of the query's stored beginning alone (`keyboardSources(of:plan:for:)`),
  /// unsifted.
  func collectAmongCandidates(
    _ query: PreparedQuery, plan: QueryPlan, for search: CandidateSearch, into collector: inout MatchCollector
  ) {
    guard !search.isExcluded(by: collector) else { return }
    let readsCodes = query.options.keyboard != nil && search.kind != .keypad
    query.canonicalPinyin.withUnsafeBufferPointer { pinyin in
      let known = search.cache.slots(for: pinyin, cuts: plan.cuts, options: query.options)
      let sources =
        known != nil
        ? nil
        : readsCodes
          ? keyboardSources(of: query, plan: plan, for: search) : candidateSources(of: query, plan: plan, for: search)
      let required = sources?.requiredPairs ?? search.pairs(requiredBy: pinyin)
      let kept = CandidateWalk.withWalk(
        of: search, in: store, index: index, matcher: collector.matcher, requiredPairs: required, sifts: !readsCodes
      ) { walk -> [Int]? in
        if let known { return walk.walkKnown(known, collector: &collector) }
        return sources.flatMap { walk.walk($0, collector: &collector) }
      }
      // The matches of a query with apostrophes are fewer than those of its pinyin form (the
      // separators rule some out): its list would not hold every match of the pinyin form.
      if let kept, !query.hasApostrophe { search.cache.keep(kept, for: pinyin, options: query.options) }
    }
  }

  /// Where the candidates of `search`'s matches of `query` are: for full-pinyin matches, the
  /// postings of the query's fuzzy beginning (`QueryPlan.fuzzyBeginning`); for mixed and
  /// keypad matches, those of its complete beginning and of the ways of cutting it into pieces
  /// (`waySources(of:plan:for:)`). Every record when no beginning narrows them down.
  func candidateSources(of query: PreparedQuery, plan: QueryPlan, for search: CandidateSearch) -> CandidateSources {
    if search.kind != .fuzzyFullPinyin { return waySources(of: query, plan: plan, for: search) }
    var sources = CandidateSources()
    if search.sieves != nil {
      sources.requiredPairs = query.canonicalPinyin.withUnsafeBufferPointer { search.pairs(requiredBy: $0) }
    }
    guard plan.fuzzyBeginning > 0 else {
      sources.isEveryRecord = true  // a query that begins with a long unit of symbols
      return sources
    }
    if let (postings, isExact) = lookUp(query.canonicalPinyin, length: plan.fuzzyBeginning) {
      sources.ordered = CandidateSources.Ordered(postings: postings, isExact: isExact)
    }
    return sources
  }

  /// The candidates of a search with a keyboard for `search`'s mixed or fuzzy full-pinyin
  /// matches: the postings of the query's longest stored beginning of the kind
  /// (`QueryPlan.mixedBeginning`, `QueryPlan.fuzzyBeginning`), which hold every match of either
  /// notation, since the index holds the code keys as it holds the readings'; every record when
  /// there is no such beginning.
  func keyboardSources(of query: PreparedQuery, plan: QueryPlan, for search: CandidateSearch) -> CandidateSources {
    var sources = CandidateSources()
    let beginning = search.kind == .fuzzyFullPinyin ? plan.fuzzyBeginning : plan.mixedBeginning
    guard beginning > 0 else {
      sources.isEveryRecord = true
      return sources
    }
    if let (postings, isExact) = lookUp(query.canonicalPinyin, length: beginning) {
      sources.ordered = CandidateSources.Ordered(postings: postings, isExact: isExact)
    }
    return sources
  }

  /// The postings that every record with a key of the first `length` bytes of `bytes` is
  /// among (`KeyIndex.candidates(for:)`), and whether they are its own; nil when no record
  /// has the key.
  func lookUp(_ bytes: [UInt8], length: Int) -> (postings: KeyIndex.Postings, isExact: Bool)? {
    bytes.withUnsafeBufferPointer { index.candidates(for: UnsafeBufferPointer(rebasing: $0[..<length])) }
  }
}

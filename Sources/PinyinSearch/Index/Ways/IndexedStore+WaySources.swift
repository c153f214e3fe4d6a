extension IndexedStore {
  /// The candidates of the mixed or keypad matches (`search`'s kind) of `query`, a query whose
  /// own postings lack them: the postings of its longest beginning that holds them whole
  /// (`QueryPlan.mixedBeginning`, `QueryPlan.keypadBeginning`), alone when they are few; else
  /// for each way of cutting the query into pieces (`WayFinder`), the fewest of those of its
  /// initials key, its spelled key and its windows (`wayPostings(of:known:in:windows:)`), and the
  /// beginning's too when they are fewer than all of these.
  func waySources(of query: PreparedQuery, plan: QueryPlan, for search: CandidateSearch) -> CandidateSources {
    let pinyin = query.canonicalPinyin
    var sources = CandidateSources()
    sources.requiredPairs = pinyin.withUnsafeBufferPointer { search.pairs(requiredBy: $0) }
    let beginning = search.kind == .keypad ? plan.keypadBeginning : plan.mixedBeginning
    if beginning > 0 {
      guard let (postings, isExact) = lookUp(pinyin, length: beginning) else {
        return sources  // no record has a match of the beginning
      }
      sources.ordered = CandidateSources.Ordered(postings: postings, isExact: isExact)
      // Few enough to match one by one: cutting the query into ways would cost more (a Han
      // character and then pinyin, `刘yifei`, most often ends here).
      if postings.count <= Self.unsiftedCandidateCount { return sources }
    }
    let (found, lookups) = WayFinder.ways(
      of: pinyin, cuts: plan.cuts, in: index, settledCount: Self.settledCandidateCount, spelling: search.spelling!)
    guard let ways = found else {
      // No way narrows the records down: those of the beginning, or every one.
      sources.isEveryRecord = sources.ordered == nil
      return sources
    }
    sources.ways.reserveCapacity(ways.count)
    var windows = WindowLookups(
      query: pinyin, cuts: plan.cuts,
      length: search.kind == .keypad ? index.limits.completeKeypadKeyLength : index.limits.maxMixedKeyLength)
    for way in ways {
      let known = lookups.first { $0.key == way.key }?.postings
      if let postings = wayPostings(of: way, known: known, in: pinyin, windows: &windows) {
        sources.ways.append(postings)
      }
    }
    if sources.ways.isEmpty { return CandidateSources() }  // no record has any way's key
    if let ordered = sources.ordered, ordered.postings.count >= sources.wayPostingCount { sources.ordered = nil }
    sources.gatherRequirements()
    return sources
  }

  /// The fewest postings that hold every record with a match cut `way`: those of its initials
  /// key (`known` when it was looked up and is stored), of its spelled key when fewer, or of
  /// one of its windows when fewer still; nil when no record has one of these keys, and so no
  /// match cut this way.
  private func wayPostings(
    of way: Way, known: KeyIndex.Postings?, in pinyin: [UInt8], windows: inout WindowLookups
  ) -> CandidateSources.WayPostings? {
    // A key looked up and stored, or else its own postings or a rare beginning's.
    guard var postings = known ?? way.key.withBytes({ index.candidates(for: $0)?.postings }) else { return nil }
    var key = CandidateSources.SourceKey.initials
    let maxMixedKeyLength = index.limits.maxMixedKeyLength
    // A way of few pieces has a longer mixed key that holds its records too, most often fewer.
    if postings.count > Self.settledCandidateCount && maxMixedKeyLength > 1,
      let spelled = pinyin.withUnsafeBufferPointer({ way.spelledKey(in: $0, maxLength: maxMixedKeyLength) }),
      spelled.count > way.key.count
    {
      guard let spelledPostings = lookUp(spelled, length: spelled.count)?.postings else {
        return nil  // no record has the spelled key: none has a match cut this way
      }
      if spelledPostings.count < postings.count {
        postings = spelledPostings
        key = .spelled
      }
    }
    // A match cut this way types the rest of the query from the unit after each anchor: the
    // beginning of that rest as long as a complete key is a key of the record.
    if postings.count > Self.settledCandidateCount {
      var anchors = way.anchors
      while anchors != 0 {
        let start = anchors.trailingZeroBitCount
        anchors &= anchors - 1
        guard let found = windows.postings(from: start, in: index) else { continue }
        guard let windowPostings = found else { return nil }  // no record has it: none has a match cut this way
        if windowPostings.count < postings.count {
          postings = windowPostings
          key = .window
        }
      }
    }
    return CandidateSources.WayPostings(postings: postings, way: way, key: key)
  }

  /// The most records of a query's stored beginning that are matched without cutting the query
  /// into ways and sifting them.
  private static var unsiftedCandidateCount: Int { 32 }

  /// The records of an initials key few enough to check rather than narrow down further.
  private static var settledCandidateCount: Int { 24 }
}

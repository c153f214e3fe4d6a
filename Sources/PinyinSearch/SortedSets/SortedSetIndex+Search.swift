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
  /// matched (a query whose first character is longer than the maximum key length).
  ///
  /// The query's own key holds every match of every kind, except those only a longer key than
  /// the index keeps would hold: for those, the beginning of the query every such match begins
  /// with — the longest within the key length (white space inside the query), the phone runs
  /// of its digits (separators), the longest mixed key, fuzzy key or complete keypad key.
  func sets(for query: PreparedQuery) -> [[UInt8]]? {
    let maxKeyLength = configuration.maxKeyLength
    var sets: [[UInt8]] = [Self.unindexedKey]
    let hasInnerWhitespace = query.literal.units.contains { $0.flags.contains(.whitespace) }
    let hasSeparators = !query.phoneDigits.isEmpty && query.phoneDigits.count != query.literal.units.count
    let isKeypadQuery = query.isDigits && options.keypad
    let completeKeypadKeyLength = KeyEnumerator.completeKeypadKeyLength(
      maxKeyLength: maxKeyLength, maxMixedKeyLength: maxMixedKeyLength, maxFuzzyKeyLength: maxFuzzyKeyLength)
    let keypadKey = isKeypadQuery ? Array(query.pinyin.prefix(completeKeypadKeyLength)) : nil
    if hasSeparators {
      // A run of the digits with separators and any pinyin match are runs of the digits, whose
      // sets start at a digit; a plain literal match may start with a separator (`+86`).
      sets.append([KeyEnumerator.phoneKeyMarker] + query.phoneDigits.prefix(maxKeyLength - 1))
      if let literalLength = query.literalPrefixLength(maxLength: maxKeyLength) {
        sets.append(Array(query.literal.bytes[..<literalLength]))
      }
      if let keypadKey { sets.append(keypadKey) }
      return sets
    }
    if !hasInnerWhitespace && query.literal.bytes.count <= maxKeyLength {
      sets.append(query.literal.bytes)
    } else {
      guard let literalLength = query.literalPrefixLength(maxLength: maxKeyLength),
        let pinyinLength = query.pinyinPrefixLength(maxLength: maxKeyLength)
      else { return nil }
      sets.append(Array(query.literal.bytes[..<literalLength]))
      sets.append(Array(query.canonicalPinyin[..<pinyinLength]))
      if !query.phoneDigits.isEmpty { sets.append(Array(query.phoneDigits.prefix(maxKeyLength))) }
    }
    if maxFuzzyKeyLength > 0 && !query.isDigits && query.canonicalPinyin.count > maxFuzzyKeyLength {
      guard let beginning = longestBeginning(of: query.canonicalPinyin, where: { $0.count <= maxFuzzyKeyLength })
      else { return nil }
      sets.append(beginning)
    }
    let mixedLimit = MixedKeyLimit(maxBytes: maxMixedKeyLength)
    if mixedLimit.maxBytes > 0 && !query.isDigits
      && !query.canonicalPinyin.withUnsafeBufferPointer({ mixedLimit.admits($0) })
    {
      guard let beginning = query.pinyinPrefix(admittedBy: mixedLimit) else { return nil }
      sets.append(beginning)
    }
    if let keypadKey, keypadKey.count < query.pinyin.count { sets.append(keypadKey) }
    var distinct: [[UInt8]] = []
    for set in sets where !distinct.contains(set) { distinct.append(set) }
    return distinct
  }

  /// The longest beginning of `key` at a cut of `KeyPrefixes` that `isKept` accepts, when each
  /// shorter one is accepted too; nil when the first is not.
  private func longestBeginning(of key: [UInt8], where isKept: (UnsafeBufferPointer<UInt8>) -> Bool) -> [UInt8]? {
    var best = 0
    key.withUnsafeBufferPointer { key in
      KeyPrefixes.forEachCut(of: key) { cut in
        let kept = isKept(UnsafeBufferPointer(rebasing: key[..<cut]))
        if kept { best = cut }
        return kept
      }
    }
    return best == 0 ? nil : Array(key[..<best])
  }
}

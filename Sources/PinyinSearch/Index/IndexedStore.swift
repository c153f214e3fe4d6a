/// A record store with its key index: answers queries by lookup.
///
/// A query without inner white space, that is not a phone number with separators, and of at
/// most `maxKeyLength` bytes is answered from its key's postings, read off the front; when the
/// key is not stored because a beginning of it is rare, the few records of that beginning are
/// checked with the matcher. Any other query looks up what its matches must begin with — its
/// beginning with white space (literal), without (pinyin), its digits (phone) — and checks each
/// record found with the matcher; since every kind's key set is prefix-closed, no matching
/// record is missed. Records the index left out (`KeyIndex.overflow`) are always matched directly.
struct IndexedStore: Sendable {
  let store: RecordStore
  let index: KeyIndex

  /// Offers the best match of every record matching `query` to `collector`, which reads this
  /// store.
  func collect(_ query: PreparedQuery, into collector: inout MatchCollector) {
    let maxKeyLength = index.maxKeyLength
    let hasInnerWhitespace = query.literal.units.contains { $0.flags.contains(.whitespace) }
    let hasSeparators = !query.phoneDigits.isEmpty && query.phoneDigits.count != query.literal.units.count
    if hasSeparators {
      collectPhoneNumber(query, into: &collector)
      return
    }
    // Only short mixed keys are stored; the mixed matches of another query are checked among
    // candidates (see `mixedCandidates(of:)`).
    let mixedLimit = MixedKeyLimit(maxBytes: index.maxMixedKeyLength)
    let needsMixedCandidates =
      mixedLimit.maxBytes > 0 && !query.pinyin.withUnsafeBufferPointer { mixedLimit.admits($0) }
    if !hasInnerWhitespace && query.literal.bytes.count <= maxKeyLength {
      collector.match(index.overflow, in: store)
      query.literal.bytes.withUnsafeBufferPointer { key in
        let found = index.candidates(for: key)
        if let (postings, isExact) = found, isExact {
          // Every match of a kind but mixed is among these postings, in result order.
          readFront(of: postings, into: &collector)
          if needsMixedCandidates && !collector.top.excludes(.mixed) {
            collectMixed(mixedCandidates(of: query), into: &collector)
          }
          return
        }
        // The postings of a rare beginning: check every record of them (and the mixed candidates).
        var candidates = found.map { slots(in: $0.postings) } ?? []
        if needsMixedCandidates { candidates += mixedCandidates(of: query).slots(in: index) }
        collector.match(Self.sortedUnique(candidates), in: store)
      }
      return
    }
    // Look up what any match must begin with, then check each record found.
    guard let literalKey = query.literalPrefix(maxLength: maxKeyLength),
      let pinyinKey = query.pinyinPrefix(maxLength: maxKeyLength)
    else {
      collector.scan(store)
      return
    }
    var candidates = index.overflow
    for key in [literalKey, pinyinKey, Array(query.phoneDigits.prefix(maxKeyLength))] where !key.isEmpty {
      candidates += slots(of: key)
    }
    if needsMixedCandidates { candidates += mixedCandidates(of: query).slots(in: index) }
    collector.match(Self.sortedUnique(candidates), in: store)
  }

  /// Where the mixed matches of a query that is not a stored mixed key are looked for.
  private enum MixedCandidates {
    /// The postings of a beginning of the query, in result order. A record's best match for the
    /// beginning comes no later than its match for the query (a match of the query is one of
    /// the beginning, of the same kind or a better one, at the same start), so the postings
    /// bound the matches from below, in order: the walk stops once the collector turns away
    /// the bound.
    case ordered(KeyIndex.Postings)
    /// The records of several postings, in no useful order.
    case unordered([KeyIndex.Postings])

    /// The slots of every candidate.
    func slots(in index: KeyIndex) -> [Int] {
      switch self {
      case .ordered(let postings): index.withPostings(postings) { $0.map { Posting(rawValue: $0).slot } }
      case .unordered(let list):
        list.flatMap { postings in index.withPostings(postings) { $0.map { Posting(rawValue: $0).slot } } }
      }
    }
  }

  /// The records among which every record with a mixed match of `query` is, for a query that is
  /// not a stored mixed key. Two lists hold them all: the records of the query's longest
  /// beginning that is a stored mixed key (or of a rare beginning of it), and those of the
  /// initials keys its pieces stand for (`PreparedQuery.mixedInitials(maxLength:budget:isSettled:)`).
  /// The shorter is read.
  private func mixedCandidates(of query: PreparedQuery) -> MixedCandidates {
    func postings(of key: [UInt8]) -> KeyIndex.Postings? {
      key.withUnsafeBufferPointer { index.candidates(for: $0)?.postings }
    }
    // A way of cutting the query is settled once its initials have few records, or none.
    let initials = query.mixedInitials(maxLength: index.maxKeyLength) { key in
      (postings(of: key)?.range.count ?? 0) <= Self.settledCandidateCount
    }.compactMap(postings(of:))
    let initialsCount = initials.reduce(0) { $0 + $1.range.count }
    if let beginning = query.pinyinPrefix(admittedBy: MixedKeyLimit(maxBytes: index.maxMixedKeyLength)) {
      guard let prefix = postings(of: beginning) else { return .unordered([]) }
      if prefix.range.count < initialsCount { return .ordered(prefix) }
    }
    return .unordered(initials)
  }

  /// The records of an initials key few enough to check rather than narrow down further.
  private static let settledCandidateCount = 24

  /// The slots of the records that every record matching a query for `key` is among: its
  /// postings, or those of a rare beginning; none when no record has the key.
  private func slots(of key: [UInt8]) -> [Int] {
    key.withUnsafeBufferPointer { key in index.candidates(for: key).map { slots(in: $0.postings) } ?? [] }
  }

  /// The slots of `postings`.
  private func slots(in postings: KeyIndex.Postings) -> [Int] {
    index.withPostings(postings) { $0.map { Posting(rawValue: $0).slot } }
  }

  /// Offers the candidates whose best match is mixed: those with a better kind are in the
  /// query's own postings, read already.
  private func collectMixed(_ candidates: MixedCandidates, into collector: inout MatchCollector) {
    let matcher = collector.matcher
    store.withRecords { records in
      func offer(_ slot: Int) {
        guard records.isLive(slot), !collector.isRemoved(slot) else { return }
        let record = records[slot]
        if let match = matcher.bestMatch(in: record), match.kind == .mixed {
          collector.add(match, slot: slot, record: record)
        }
      }
      switch candidates {
      case .ordered(let postings):
        index.withPostings(postings) { postings in
          for raw in postings {
            let posting = Posting(rawValue: raw)
            let slot = posting.slot
            let bound = RankedMatch(
              match: Match(kind: posting.kind, start: posting.start ?? 63, end: 0), rank: collector.rank(ofSlot: slot),
              length: records[slot].units.count, slot: slot, source: collector.source)
            if collector.top.turnsAway(atLeast: bound) { break }
            offer(slot)
          }
        }
      case .unordered:
        for slot in Self.sortedUnique(candidates.slots(in: index)) { offer(slot) }
      }
    }
  }

  /// `slots` in increasing order, each once.
  private static func sortedUnique(_ slots: [Int]) -> [Int] {
    var unique: [Int] = []
    for slot in slots.sorted() where slot != unique.last { unique.append(slot) }
    return unique
  }

  /// A query of digits and separators with at least one separator (`138-0013`): a record's best
  /// match is its plain literal match if it has one, else the leftmost run of the digits with
  /// separators between them (Docs/Semantics.md, phone rule). Any pinyin match of such a query
  /// is such a run too, so these two lists hold every answer: the query's own postings (their
  /// literal part) and the phone-run postings of its digits, without the records of the first.
  private func collectPhoneNumber(_ query: PreparedQuery, into collector: inout MatchCollector) {
    let maxKeyLength = index.maxKeyLength
    collector.match(index.overflow, in: store)
    let phoneKey = [KeyEnumerator.phoneKeyMarker] + query.phoneDigits.prefix(maxKeyLength - 1)
    phoneKey.withUnsafeBufferPointer { phoneKey in
      guard let (runs, isExact) = index.candidates(for: phoneKey) else { return }
      guard isExact, phoneKey.count == query.phoneDigits.count + 1, query.literal.bytes.count <= maxKeyLength else {
        check(runs, into: &collector)
        return
      }
      // Plain literal matches of the query.
      query.literal.bytes.withUnsafeBufferPointer { key in
        guard let (postings, isExact) = index.candidates(for: key) else { return }
        if isExact {
          readFront(of: postings, into: &collector, literalOnly: true)
          return
        }
        let matcher = collector.matcher
        store.withRecords { records in
          index.withPostings(postings) { postings in
            for raw in postings {
              let slot = Posting(rawValue: raw).slot
              if collector.isRemoved(slot) { continue }
              let record = records[slot]
              if let range = matcher.literalMatch(in: record) {
                collector.add(
                  Match(kind: .literal, start: range.lowerBound, end: range.upperBound), slot: slot, record: record)
              }
            }
          }
        }
      }
      // Runs of the digits, in records without a plain literal match.
      store.withRecords { records in
        let matcher = collector.matcher
        readFront(of: runs, into: &collector) { slot in matcher.literalMatch(in: records[slot]) != nil }
      }
    }
  }

  /// Offers the postings, already in result order, until the collector is full; with
  /// `literalOnly`, stops at the first posting of another kind. Skips removed records and those
  /// `isSkipped` names. The matcher finds each match's end.
  private func readFront(
    of postings: KeyIndex.Postings, into collector: inout MatchCollector, literalOnly: Bool = false,
    skipping isSkipped: (Int) -> Bool = { _ in false }
  ) {
    let matcher = collector.matcher  // copied once, not once per posting
    store.withRecords { records in
      index.withPostings(postings) { postings in
        var taken = 0
        for raw in postings {
          let posting = Posting(rawValue: raw)
          if literalOnly && posting.kind != .literal { break }
          let slot = posting.slot
          if collector.isRemoved(slot) || isSkipped(slot) { continue }
          let record = records[slot]
          // Always found for an index this library built; a posting that does not match (from a
          // snapshot damaged in a way its checksum cannot tell) is skipped, not trusted.
          guard let match = matcher.match(kind: posting.kind, start: posting.start, in: record) else {
            continue
          }
          collector.add(match, slot: slot, record: record)
          taken += 1
          if taken == collector.capacity { break }
        }
      }
    }
  }

  /// Matches the query against each record of `postings`.
  private func check(_ postings: KeyIndex.Postings, into collector: inout MatchCollector) {
    index.withPostings(postings) { postings in
      collector.match(postings.lazy.map { Posting(rawValue: $0).slot }, in: store)
    }
  }
}

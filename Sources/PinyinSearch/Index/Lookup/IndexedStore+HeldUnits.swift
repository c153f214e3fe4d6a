/// Queries that no key or beginning narrows down — a unit longer than any key (`👨‍👩‍👧`, 18
/// bytes), or a first unit of symbols longer than a mixed or fuzzy key (`🇨🇳🇨🇳`) — matched
/// among the records that hold one of their units, not among every record.
///
/// A unit that every match holds (`PreparedTextView.forEachUnitEveryMatchHolds(_:)`) has
/// records — its literal key's postings, or `LongUnits` for a unit longer than a key — that hold
/// every match of every kind, and the matcher finds them there.
extension IndexedStore {
  /// Whether `plan` might read every record for `query`: it has no beginning to narrow its
  /// records down (a first unit longer than a key), a unit longer than a key (whose only
  /// beginnings are the units before it), or a search among candidates whose beginning is
  /// empty (a first unit of symbols longer than a mixed or fuzzy key).
  func mayReadEveryRecord(_ query: PreparedQuery, plan: QueryPlan) -> Bool {
    if case .everyRecord = plan.lookup { return true }
    if (plan.needsMixedCandidates && plan.mixedBeginning == 0 && mixedSearch != nil)
      || (plan.needsFuzzyCandidates && plan.fuzzyBeginning == 0 && fuzzySearch != nil)
    {
      return true
    }
    let maxKeyLength = index.limits.maxKeyLength
    guard query.literal.bytes.count > maxKeyLength else { return false }
    var hasLongUnit = false
    query.literal.withView { LongUnits.forEachLongUnit(of: $0, longerThan: maxKeyLength) { _ in hasLongUnit = true } }
    return hasLongUnit
  }

  /// Offers the matches of `query` among the records that hold the unit of it that the fewest
  /// records hold, of those that every match holds, and among those the index left out.
  /// Returns false, offering nothing, when no unit of `query` is one every match holds.
  ///
  /// - Complexity: O(u log n) to choose the unit, for the u units of the query and n keys or
  ///   long units, then the matching of its records.
  func collectAmongHolders(of query: PreparedQuery, into collector: inout MatchCollector) -> Bool {
    let maxKeyLength = index.limits.maxKeyLength
    var longUnits: LongUnits?  // made or read once, only for a query with a long unit
    var rarest: (bytes: [UInt8], count: Int)?
    query.literal.withView { literal in
      literal.forEachUnitEveryMatchHolds { _, bytes in
        let count: Int
        if bytes.count > maxKeyLength {
          if longUnits == nil { longUnits = self.longUnits.value }
          count = longUnits?.slotCount(of: bytes) ?? 0
        } else {
          count = index.candidates(for: bytes)?.postings.count ?? 0
        }
        if count < rarest?.count ?? .max { rarest = (Array(bytes), count) }
      }
    }
    guard let rarest else { return false }
    var candidates = collector.takeCandidateSlots()
    candidates.append(contentsOf: index.overflow)
    if let longUnits, rarest.bytes.count > maxKeyLength {
      rarest.bytes.withUnsafeBufferPointer { longUnits.appendSlots(of: $0, to: &candidates) }
    } else {
      appendSlots(of: rarest.bytes, length: rarest.bytes.count, to: &candidates)
    }
    Self.sortUnique(&candidates)
    collector.match(candidates, in: store)
    collector.giveBack(candidateSlots: candidates)
    return true
  }
}

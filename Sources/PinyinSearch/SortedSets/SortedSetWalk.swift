/// One search of a `SortedSetIndex`: the query's sets read together in member order, each
/// record a member names matched once (its text is in the member), and the best matches kept.
struct SortedSetWalk {
  /// A read position in one set, with the page of members read last.
  private struct Cursor {
    let key: [UInt8]
    var members: [[UInt8]] = []
    var position = 0
    /// The position in the set of the next page.
    var nextOffset = 0
    var pageSize: Int
    var isExhausted = false

    var head: [UInt8]? { position < members.count ? members[position] : nil }
    var needsPage: Bool { position == members.count && !isExhausted }
  }

  /// A match kept: its bytes in result order (`SortedSetMember.order`), and the record's slot in `records`.
  private struct Kept {
    var order: [UInt8]
    var match: Match
    var slot: Int
  }

  /// The most matches kept: the search's `offset + limit`.
  let capacity: Int
  /// The records met, matching or not.
  private var records = RecordStore()
  /// The best matches so far, best first.
  private var kept: [Kept] = []

  /// The largest page asked for: a walk that goes on reads pages twice as long each time, up to this.
  private static let maxPageSize = 4096

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Reads `sets` of `source` in member order, matching each record a member names once (the
  /// first member met of a record gives its text), until the best matches kept all come before
  /// the next member or the sets end.
  mutating func read<Source: SortedSetSource>(
    _ sets: [[UInt8]], of source: Source, matcher: Matcher
  ) throws(Source.Failure) {
    let firstPage = capacity >= Self.maxPageSize ? Self.maxPageSize : capacity + 1
    var cursors = sets.map { Cursor(key: $0, pageSize: firstPage) }
    while true {
      let waiting = cursors.indices.filter { cursors[$0].needsPage }
      if !waiting.isEmpty {
        let ranges = waiting.map {
          SortedSetRange(key: cursors[$0].key, offset: cursors[$0].nextOffset, count: cursors[$0].pageSize)
        }
        let pages = try source.members(in: ranges)
        for (number, index) in waiting.enumerated() {
          let page = number < pages.count ? pages[number] : []
          cursors[index].members = page
          cursors[index].position = 0
          cursors[index].nextOffset += page.count
          cursors[index].isExhausted = page.count < cursors[index].pageSize
          cursors[index].pageSize = min(cursors[index].pageSize * 2, Self.maxPageSize)
        }
      }
      // The next members in order, as long as every set has one to compare (or has ended).
      while !cursors.contains(where: \.needsPage) {
        var smallest: Int?
        for index in cursors.indices {
          guard let head = cursors[index].head else { continue }
          if let current = smallest, !head.lexicographicallyPrecedes(cursors[current].head!) { continue }
          smallest = index
        }
        guard let index = smallest else { return }
        let member = cursors[index].head!
        if turnsAway(member) { return }
        cursors[index].position += 1
        let key = cursors[index].key
        guard let fields = SortedSetMember.fields(of: member, isUnindexed: SortedSetIndex.holdsFirstMembers(key)) else {
          throw source.invalidMember(member, inSet: key)
        }
        offer(fields.record, matcher: matcher)
      }
    }
  }

  /// Whether every match kept comes before a match bounded from below by `member`, when as many
  /// are kept as wanted.
  private func turnsAway(_ member: [UInt8]) -> Bool {
    guard kept.count >= capacity, let last = kept.last else { return false }
    return last.order.lexicographicallyPrecedes(member)
  }

  /// Matches `record` and keeps its best match if it is among the best so far.
  mutating func offer(_ record: Record, matcher: Matcher) {
    guard records.slot(ofID: record.id) == nil else { return }
    records.add(record)
    let slot = records.slotCount - 1
    guard let match = records.withRecords({ matcher.bestMatch(in: $0[slot]) }) else { return }
    let order = SortedSetMember.order(
      kind: match.kind, isFuzzy: match.isFuzzy, start: Int(match.start), rank: record.rank,
      length: records.unitCount(ofSlot: slot), id: record.id.utf8)
    if kept.count >= capacity, let last = kept.last, !order.lexicographicallyPrecedes(last.order) { return }
    var low = 0
    var high = kept.count
    while low < high {
      let middle = (low + high) / 2
      if kept[middle].order.lexicographicallyPrecedes(order) { low = middle + 1 } else { high = middle }
    }
    kept.insert(Kept(order: order, match: match, slot: slot), at: low)
    if kept.count > capacity { kept.removeLast() }
  }

  /// The matches kept from position `offset` on, as results.
  func results(from offset: Int) -> [SearchResult] {
    guard offset < kept.count else { return [] }
    return kept[offset...].map { kept in
      let text = records.text(ofSlot: kept.slot)
      return SearchResult(
        id: records.id(ofSlot: kept.slot), text: text, rank: records.rank(ofSlot: kept.slot),
        hasSingleUTF16Units: text.utf16.count == records.unitCount(ofSlot: kept.slot), match: kept.match)
    }
  }
}

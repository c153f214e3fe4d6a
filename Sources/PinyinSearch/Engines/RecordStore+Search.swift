extension RecordStore {
  /// Offers every live record's best match to `top`, as store number `source`.
  func scan(
    with matcher: Matcher, into top: inout TopMatches, source: Int, isRemoved: (Int) -> Bool = { _ in false }
  ) {
    forEachRecord { slot, record in
      if !isRemoved(slot), let match = matcher.bestMatch(in: record) {
        top.insert(RankedMatch(match: match, length: record.units.count, slot: slot, source: source))
      }
    }
  }

  /// Offers the best match of the records in `slots` to `top`, as store number `source`.
  func match(
    _ slots: some Sequence<Int>, with matcher: Matcher, into top: inout TopMatches, source: Int,
    isRemoved: (Int) -> Bool = { _ in false }
  ) {
    withRecords { records in
      for slot in slots where records.isLive(slot) && !isRemoved(slot) {
        let record = records[slot]
        if let match = matcher.bestMatch(in: record) {
          top.insert(RankedMatch(match: match, length: record.units.count, slot: slot, source: source))
        }
      }
    }
  }
}

extension TopMatches {
  /// The kept matches from position `offset` on, as results; `stores[source]` holds each record.
  func results(from offset: Int, stores: [RecordStore]) -> [SearchResult] {
    sorted().dropFirst(offset).map {
      let store = stores[Int($0.source)]
      return SearchResult(
        id: store.ids[Int($0.slot)], text: store.texts[Int($0.slot)], unitCount: Int($0.length), match: $0.match)
    }
  }
}

extension TopMatches {
  /// The kept matches from position `offset` on, as results; `stores[source]` holds each record.
  ///
  /// Each record's id and text are made from its store's bytes, read through views of the
  /// stores' columns (`RecordStore.unsafeRecords`) rather than through the stores.
  consuming func results(
    from offset: Int, stores: [RecordStore], returningStorageTo storage: inout [RankedMatch]
  ) -> [SearchResult] {
    let kept = sorted()
    defer { storage = kept }
    guard offset < kept.count else { return [] }
    var results: [SearchResult] = []
    results.reserveCapacity(kept.count - offset)
    // One view of each store's columns, made once: a store read through a buffer would be
    // copied per result, its columns retained and released.
    withExtendedLifetime(stores) {
      withUnsafeTemporaryAllocation(of: RecordStore.Records.self, capacity: stores.count) { views in
        for index in stores.indices { views.initializeElement(at: index, to: stores[index].unsafeRecords) }
        for ranked in kept[offset...] {
          let slot = Int(ranked.slot)
          let records = views[Int(ranked.source)]
          let text = records.textBytes(ofSlot: slot)
          results.append(
            SearchResult(
              id: records.id(ofSlot: slot), text: records.string(of: text), rank: ranked.rank,
              hasSingleUTF16Units: UTF16Length.of(utf8: text) == records.unitCount(ofSlot: slot), match: ranked.match))
        }
      }
    }
    return results
  }
}

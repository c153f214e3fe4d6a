extension TopMatches {
  /// The kept matches from position `offset` on, as results; `stores[source]` holds each record.
  ///
  /// Each record's id and text are made from its store's bytes (no store is copied out, which
  /// would retain and release every one of its columns per result).
  consuming func results(from offset: Int, stores: [RecordStore]) -> [SearchResult] {
    let kept = sorted()
    guard offset < kept.count else { return [] }
    var results: [SearchResult] = []
    results.reserveCapacity(kept.count - offset)
    stores.withUnsafeBufferPointer { stores in
      for ranked in kept[offset...] {
        let slot = Int(ranked.slot)
        // Read through the buffer: a store bound to a name would be copied, its columns retained.
        let text = stores[Int(ranked.source)].text(ofSlot: slot)
        results.append(
          SearchResult(
            id: stores[Int(ranked.source)].id(ofSlot: slot), text: text,
            hasSingleUTF16Units: UTF16Length.of(text) == stores[Int(ranked.source)].unitCount(ofSlot: slot),
            match: ranked.match))
      }
    }
    return results
  }
}

extension TopMatches {
  /// The kept matches from position `offset` on, as results; `stores[source]` holds each record.
  ///
  /// Each record's id and text are read in place from its store (no store is copied out, which
  /// would retain and release every one of its arrays per result).
  consuming func results(from offset: Int, stores: [RecordStore]) -> [SearchResult] {
    let kept = sorted()
    guard offset < kept.count else { return [] }
    var results: [SearchResult] = []
    results.reserveCapacity(kept.count - offset)
    for ranked in kept[offset...] {
      let source = Int(ranked.source)
      let slot = Int(ranked.slot)
      let store = stores[source]
      results.append(
        SearchResult(
          id: store.ids[slot], text: store.texts[slot], hasSingleUTF16Units: store.slots[slot].hasSingleUTF16Units,
          match: ranked.match))
    }
    return results
  }
}

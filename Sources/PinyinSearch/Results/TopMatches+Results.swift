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
    for ranked in kept[offset...] {
      let source = Int(ranked.source)
      let slot = Int(ranked.slot)
      let store = stores[source]
      let text = store.text(ofSlot: slot)
      results.append(
        SearchResult(
          id: store.id(ofSlot: slot), text: text,
          hasSingleUTF16Units: UTF16Length.of(text) == store.unitCount(ofSlot: slot),
          match: ranked.match))
    }
    return results
  }
}

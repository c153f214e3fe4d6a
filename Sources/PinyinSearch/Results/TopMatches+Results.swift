extension TopMatches {
  /// The kept matches from position `offset` on, as results; `stores[source]` holds each record.
  consuming func results(from offset: Int, stores: [RecordStore]) -> [SearchResult] {
    sorted().dropFirst(offset).map {
      let store = stores[Int($0.source)]
      return SearchResult(
        id: store.ids[Int($0.slot)], text: store.texts[Int($0.slot)], unitCount: Int($0.length), match: $0.match)
    }
  }
}

/// A search engine that answers through a precomputed index of every search key.
///
/// Building enumerates every valid key of every record — each literal run of characters, each
/// full-pinyin spelling from a character boundary (every reading of every polyphone, cut
/// anywhere in the last syllable), each initials sequence — and files it in one of 37
/// first-character hash tables, with the records it matches listed in result order. A search is
/// then one lookup, and the first `offset + limit` postings are the answer.
///
///     let engine = HashIndexEngine([Record(id: "1", text: "刘亦菲")])
///     engine.search("lyf").map(\.range)  // [0..<3]
///
/// Immutable: to follow changes to the records while staying searchable, use `HybridEngine`.
public struct HashIndexEngine: Sendable {
  let indexed: IndexedStore
  /// How the index was built.
  public let configuration: IndexConfiguration

  /// Builds the index of `records`; a later record replaces an earlier one with its id.
  ///
  /// - Complexity: O(k) for k keys in all, about 10 to 100 per contact-like record.
  public init(_ records: some Sequence<Record>, configuration: IndexConfiguration = IndexConfiguration()) {
    var store = RecordStore()
    for record in records { store.add(record) }
    self.init(store: store, configuration: configuration)
  }

  init(store: RecordStore, configuration: IndexConfiguration, progress: @Sendable (Int) -> Void = { _ in }) {
    let index = KeyIndex(store: store, configuration: configuration, progress: progress)
    indexed = IndexedStore(store: store, index: index)
    self.configuration = configuration
  }

  init(indexed: IndexedStore, configuration: IndexConfiguration) {
    self.indexed = indexed
    self.configuration = configuration
  }

  /// The number of records.
  public var count: Int { indexed.store.count }

  /// The size of the index.
  public var statistics: IndexStatistics {
    IndexStatistics(
      recordCount: indexed.store.count, keyCount: indexed.index.keyCount, postingCount: indexed.index.postingCount,
      unindexedRecordCount: indexed.index.overflow.count, indexByteCount: indexed.index.byteCount,
      recordByteCount: indexed.store.byteCount)
  }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them;
  /// exactly what `LinearScanEngine.search(_:limit:offset:)` returns for the same records.
  ///
  /// - Complexity: O(offset + limit) for most queries; see `IndexedStore` for the others.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    let offset = max(offset, 0)
    guard limit > 0, let prepared = PreparedQuery(query) else { return [] }
    var top = TopMatches(capacity: offset.addingClamped(limit), ids: [indexed.store.ids])
    prepared.withMatcher { indexed.collect(prepared, with: $0, into: &top, source: 0, isRemoved: { _ in false }) }
    return top.results(from: offset, stores: [indexed.store])
  }
}

/// The size of an index, for monitoring and benchmarks.
public struct IndexStatistics: Sendable, Hashable {
  /// The number of records.
  public var recordCount: Int
  /// The number of distinct keys stored.
  public var keyCount: Int
  /// The number of (key, record) postings stored.
  public var postingCount: Int
  /// Records matched by scanning at every query instead of through the index (too many keys).
  public var unindexedRecordCount: Int
  /// The bytes the index's tables occupy.
  public var indexByteCount: Int
  /// The bytes the records' texts and precomputation occupy.
  public var recordByteCount: Int
}

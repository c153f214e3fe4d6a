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
  /// The kinds of input the engine understands beyond the original three.
  public let options: SearchOptions

  /// Builds the index of `records` for searches with `options`; a later record replaces an
  /// earlier one with its id.
  ///
  /// - Complexity: O(k) for k keys in all, about 10 to 100 per contact-like record (more with
  ///   `SearchOptions.mixed`).
  public init(
    _ records: some Sequence<Record>, options: SearchOptions = .default,
    configuration: IndexConfiguration = IndexConfiguration()
  ) {
    let store = RecordStore(idOrdered: Array(records))
    indexed = IndexedStore(store: store, index: KeyIndex(store: store, configuration: configuration, options: options))
    indexed.longUnits.prepare()
    self.configuration = configuration
    self.options = options
  }

  /// An engine answering through `indexed`, which was built with `configuration` for `options`.
  init(indexed: IndexedStore, configuration: IndexConfiguration, options: SearchOptions) {
    self.indexed = indexed
    self.configuration = configuration
    self.options = options
  }

  /// The number of records.
  public var count: Int { indexed.store.count }

  /// The size of the index.
  public var statistics: IndexStatistics {
    IndexStatistics(indexed)
  }

  /// The index is built before the engine exists: always ready.
  public var status: IndexStatus { .ready(statistics) }

  /// Returns at once: the index was built when the engine was created.
  public func waitUntilIndexed() {}

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them;
  /// exactly what `LinearScanEngine.search(_:limit:offset:)` returns for the same records.
  ///
  /// - Complexity: For a query of at most `IndexConfiguration/maxKeyLength` bytes without inner
  ///   white space, one lookup and O(offset + limit) postings read, each checked by the matcher
  ///   in O(m) for a record of m units (plus at most `IndexConfiguration/rareKeyLimit` records
  ///   checked when the key's beginning is rare). A longer query, or one with inner white space,
  ///   checks the records its beginning finds: O(c·m) for c candidates, at worst every record.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    search(query, limit: limit, offset: offset, with: options)
  }

  /// The records matching `query` under `options`, a subset of the engine's (nil: the engine's
  /// own), best first, from position `offset` on, at most `limit` of them: exactly what an
  /// engine built for those options returns, from this engine's index.
  ///
  ///     let engine = HashIndexEngine(records, options: SearchOptions(mixed: true, fuzzy: .all))
  ///     try engine.search("zangsan", options: SearchOptions(mixed: true))  // fuzzy off, no rebuild
  ///
  /// - Throws: `SearchOptionsError` when `options` asks for one the engine was not built with.
  /// - Complexity: With fewer options than the engine's, each posting read is matched again:
  ///   O(p·m) for p postings read of records of m units, most often `offset + limit` of them.
  public func search(
    _ query: String, limit: Int = 20, offset: Int = 0, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    search(query, limit: limit, offset: offset, with: try self.options.resolving(options))
  }

  /// `search(_:limit:offset:)` with `options`, a subset of the engine's.
  private func search(_ query: String, limit: Int, offset: Int, with options: SearchOptions) -> [SearchResult] {
    MatchCollector.search(query, limit: limit, offset: offset, in: indexed.searchedStores, options: options) {
      collector, prepared in
      indexed.collectIndexed(prepared, into: &collector)
    }
  }
}

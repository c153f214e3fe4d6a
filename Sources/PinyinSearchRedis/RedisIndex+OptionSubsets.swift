import PinyinSearch

extension RedisIndex {
  /// The records matching `query` under `options`, a subset of the index's (nil: the index's
  /// own), best first, from position `offset` on, at most `limit` of them: those
  /// `LinearScanEngine` gives for the index's records and those options. The same sets are
  /// read as for a search with every option (`SortedSetIndex.search(_:limit:offset:options:in:)`).
  ///
  ///     let index = try RedisIndex(opening: RedisNamespace("contacts"), client: client)
  ///     try index.search("zangsan", options: SearchOptions())  // no fuzzy matches
  ///
  /// - Throws: `SearchOptionsError` when `options` asks for one the index was not written for;
  ///   otherwise what `search(_:limit:offset:)` throws, a `RedisIndexError`.
  /// - Complexity: As `search(_:limit:offset:)`.
  public func search(
    _ query: String, limit: Int = 20, offset: Int = 0, options: SearchOptions?
  ) throws -> [SearchResult] {
    try layout.search(query, limit: limit, offset: offset, options: options, in: RedisSortedSets(index: self))
  }
}

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
  /// The bytes the index occupies: its key tables, and with mixed input or the keypad beside
  /// mixed input or fuzzy pinyin, the sieves of each record that the search among candidates
  /// reads (about 48 bytes a record for each of letters and digits).
  public var indexByteCount: Int
  /// The bytes the records' texts and precomputation occupy.
  public var recordByteCount: Int

  /// Statistics, for an engine of one's own that conforms to `SearchEngine`.
  public init(
    recordCount: Int, keyCount: Int, postingCount: Int, unindexedRecordCount: Int, indexByteCount: Int,
    recordByteCount: Int
  ) {
    self.recordCount = recordCount
    self.keyCount = keyCount
    self.postingCount = postingCount
    self.unindexedRecordCount = unindexedRecordCount
    self.indexByteCount = indexByteCount
    self.recordByteCount = recordByteCount
  }
}

extension IndexStatistics {
  /// The size of `indexed`, plus `extraRecordBytes` for records kept beside it.
  init(_ indexed: IndexedStore, extraRecordBytes: Int = 0) {
    self.init(
      recordCount: indexed.store.count, keyCount: indexed.index.keyCount, postingCount: indexed.index.postingCount,
      unindexedRecordCount: indexed.index.overflow.count,
      indexByteCount: indexed.index.byteCount + indexed.sieveByteCount,
      recordByteCount: indexed.store.byteCount + extraRecordBytes)
  }
}

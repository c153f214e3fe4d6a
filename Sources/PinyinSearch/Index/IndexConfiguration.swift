/// How an index is built: the longest key it stores, and the most keys one record may have.
///
///     let engine = HashIndexEngine(records, configuration: IndexConfiguration(maxKeyLength: 24))
public struct IndexConfiguration: Sendable, Hashable {
  /// Keys longer than this many UTF-8 bytes are not stored; a longer query looks up its
  /// beginning and checks the records found with the matcher. The default, 16, holds the full
  /// pinyin of a typical three-character name (`ouyangxiaoxiao` is 14) and 5 Han characters.
  public var maxKeyLength: Int
  /// A record with more distinct keys than this is not indexed but scanned at each query, so
  /// that a text full of polyphones cannot make indexing exponential.
  public var maxKeysPerRecord: Int
  /// A key with at most this many records ends its branch: longer keys that begin with it are
  /// not stored, and a query for one checks these few records with the matcher instead.
  /// Smaller saves memory; larger makes long queries read more postings directly.
  public var rareKeyLimit: Int
  /// With `SearchOptions.mixed`: mixed keys (`liuyf`, `刘dh`) longer than this many bytes are
  /// not stored. A record has far more mixed keys than others, so they are kept short; a longer
  /// query looks up the candidates its beginning or its pieces' initials give, and checks them.
  /// The default, 4, holds `liuy` and `刘d` and keeps an index of contact-like records within
  /// 1.3 times its size without mixed keys (Docs/HashIndex.md).
  public var maxMixedKeyLength: Int

  /// A configuration; the defaults suit contact-like data (see Docs/HashIndex.md).
  ///
  /// - Precondition: `maxKeyLength` ≥ 1, `maxKeysPerRecord` ≥ 1, `rareKeyLimit` ≥ 0 and
  ///   `maxMixedKeyLength` ≥ 1.
  public init(maxKeyLength: Int = 16, maxKeysPerRecord: Int = 2048, rareKeyLimit: Int = 16, maxMixedKeyLength: Int = 4)
  {
    precondition(maxKeyLength >= 1, "maxKeyLength must be at least 1")
    precondition(maxKeysPerRecord >= 1, "maxKeysPerRecord must be at least 1")
    precondition(rareKeyLimit >= 0, "rareKeyLimit must not be negative")
    precondition(maxMixedKeyLength >= 1, "maxMixedKeyLength must be at least 1")
    self.maxKeyLength = maxKeyLength
    self.maxKeysPerRecord = maxKeysPerRecord
    self.rareKeyLimit = rareKeyLimit
    self.maxMixedKeyLength = maxMixedKeyLength
  }
}

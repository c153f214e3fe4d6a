/// How an index is built: the longest key it stores, and the most keys one record may have.
///
/// Every value is checked when the configuration is made and cannot change afterwards, so that
/// no index is ever built with a limit that its tables or a snapshot cannot hold.
///
///     let engine = HashIndexEngine(records, configuration: IndexConfiguration(maxKeyLength: 24))
public struct IndexConfiguration: Sendable, Hashable {
  /// Keys longer than this many UTF-8 bytes are not stored; a longer query looks up its
  /// beginning and checks the records found with the matcher. The default, 16, holds the full
  /// pinyin of a typical three-character name (`ouyangxiaoxiao` is 14) and 5 Han characters.
  public let maxKeyLength: Int
  /// A record with more distinct keys than this is not indexed but scanned at each query, so
  /// that a text full of polyphones cannot make indexing exponential. The cap is for the keys
  /// of the original kinds: mixed input, fuzzy rules and the keypad each double it, as each
  /// multiplies every record's keys.
  public let maxKeysPerRecord: Int
  /// A key with at most this many records ends its branch: longer keys that begin with it are
  /// not stored, and a query for one checks these few records with the matcher instead.
  /// Smaller saves memory; larger makes long queries read more postings directly.
  public let rareKeyLimit: Int
  /// With `SearchOptions.mixed`: mixed keys (`liuyf`, `刘dh`) longer than this many bytes are
  /// not stored. A record has far more mixed keys than others, so they are kept short; a longer
  /// query looks up the candidates its beginning or its pieces' initials give, and checks them.
  /// The default, 4, holds `liuy` and `刘d` and keeps an index of contact-like records within
  /// 1.3 times its size without mixed keys (Docs/HashIndex.md).
  public let maxMixedKeyLength: Int
  /// With `SearchOptions.fuzzy`: full-pinyin keys typed with a fuzzy spelling (and their keypad
  /// digits) longer than this many bytes are not stored. Fuzzy variants multiply a record's
  /// spellings (长 has eight with every rule), so that longer fuzzy keys would be most of the
  /// index; a longer query finds its fuzzy full-pinyin matches among the records of its
  /// beginning of this length, which are few. The default, 8, holds `zangsan` and `liuyifei`.
  public let maxFuzzyKeyLength: Int

  /// The values `maxKeyLength` may take: a key is at most 255 bytes.
  public static let validMaxKeyLengths = 1...255
  /// The values `maxKeysPerRecord` may take: a record with more keys is better scanned.
  public static let validMaxKeysPerRecord = 1...65_536
  /// The values `rareKeyLimit` may take: no key has more than 2²⁴ postings, so a larger limit
  /// would mean the same.
  public static let validRareKeyLimits = 0...(1 << 24)

  /// A configuration; the defaults suit contact-like data (see Docs/HashIndex.md).
  ///
  /// The limits are capped (`validMaxKeyLengths`, `validMaxKeysPerRecord`,
  /// `validRareKeyLimits`) so that a snapshot's header can be checked against the same caps:
  /// what a build may use bounds what opening a file may allocate.
  ///
  /// - Precondition: `maxKeyLength` in 1...255, `maxKeysPerRecord` in 1...65,536,
  ///   `rareKeyLimit` in 0...2²⁴, `maxMixedKeyLength` and `maxFuzzyKeyLength` in 1...255.
  public init(
    maxKeyLength: Int = 16, maxKeysPerRecord: Int = 2048, rareKeyLimit: Int = 16, maxMixedKeyLength: Int = 4,
    maxFuzzyKeyLength: Int = 8
  ) {
    precondition(Self.validMaxKeyLengths.contains(maxKeyLength), "maxKeyLength must be in 1...255")
    precondition(Self.validMaxKeysPerRecord.contains(maxKeysPerRecord), "maxKeysPerRecord must be in 1...65536")
    precondition(Self.validRareKeyLimits.contains(rareKeyLimit), "rareKeyLimit must be in 0...16777216")
    precondition(Self.validMaxKeyLengths.contains(maxMixedKeyLength), "maxMixedKeyLength must be in 1...255")
    precondition(Self.validMaxKeyLengths.contains(maxFuzzyKeyLength), "maxFuzzyKeyLength must be in 1...255")
    self.maxKeyLength = maxKeyLength
    self.maxKeysPerRecord = maxKeysPerRecord
    self.rareKeyLimit = rareKeyLimit
    self.maxMixedKeyLength = maxMixedKeyLength
    self.maxFuzzyKeyLength = maxFuzzyKeyLength
  }
}

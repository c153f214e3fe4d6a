import PinyinSearch
import RedisCluster

/// A search index kept in a Redis Cluster: the key index of `HashIndexEngine`, with every key a
/// sorted set (`SortedSetIndex`), answered by any number of processes on any number of machines.
///
/// Each key's postings are the members of a sorted set of `SortedSetIndex` (result order
/// followed by the record's id and text), kept as entries of one of 4,096 shards in small
/// sorted sets by server-side functions (`PostingShards`, `PostingFunctions`), so that Redis
/// stores them compactly; a page of results is one call of a read-only function on the query's
/// shard. Records live in 4,096 hashes too (`NS:r:N`, by id), for updates, and the index's
/// options at `NS:meta`. A search is one pipelined round trip for most queries: the first
/// members of the query's sets, whose records are matched here for the highlight (a member too
/// long to keep its text gets it from the record's hash: a second round trip). Answers are
/// those of `LinearScanEngine` over the same records.
///
///     let client = try RedisClusterClient(seeds: ["127.0.0.1:7000"])
///     let index = try RedisIndex(creating: RedisNamespace("contacts"), client: client)
///     try index.put([Record(id: "1", text: "刘亦菲")])
///     try index.search("lyf").map(\.text)   // ["刘亦菲"]
///
/// Writes (`put(_:)`, `remove(ids:)`, `synchronize(with:)`) are idempotent: one that fails
/// midway is finished by doing it again (see `StoredRecord`). `synchronize(with:writing:)` is
/// the namespace's one writer while it runs (it holds a lease, `RedisWriteOptions`); readers
/// may search during writes and see each record either before or after (and, until a write
/// that failed midway is done again, as it was before it).
public final class RedisIndex: Sendable {
  /// The namespace the index's keys live in.
  public let namespace: RedisNamespace
  /// The options the index was written for.
  public var options: SearchOptions { layout.options }
  /// The key lengths and cap the index was written with.
  public var configuration: IndexConfiguration { layout.configuration }
  /// The client that talks to the cluster.
  let client: RedisClusterClient
  /// The layout of keys and members.
  let layout: SortedSetIndex

  /// The key lengths of an index in Redis unless told otherwise: `IndexConfiguration`'s, with
  /// keys of at most 8 bytes instead of 16.
  ///
  /// Every key is kept in Redis (see `SortedSetIndex`), each of its records an entry of about
  /// 20 to 64 bytes, and the long keys hold one record or a few each. A longer query reads its
  /// 8-byte beginning's entries and matches the records they name. 100,000 generated contacts
  /// (layout version 3, 3 primaries, one machine state): keys of 10 bytes took 3.45 KiB of
  /// Redis memory per record on the primaries, keys of 8 bytes 2.92 KiB; the median search was
  /// 155 and 145 µs, the p99 0.46 and 1.34 ms, every answer the same (Docs/RedisCluster.md,
  /// "Keys of 8 bytes").
  public static let defaultConfiguration = IndexConfiguration(maxKeyLength: 8)

  /// Opens the index in `namespace`, reading the options it was written for.
  ///
  /// - Throws: `RedisIndexError.namespaceNotFound` when there is none, `.foreignKey` when its
  ///   description is not one this library writes, `.redis` when the cluster cannot be reached.
  public init(opening namespace: RedisNamespace, client: RedisClusterClient) throws(RedisIndexError) {
    self.namespace = namespace
    self.client = client
    guard let description = try Self.description(of: namespace, client: client) else {
      throw .namespaceNotFound(namespace: namespace.name)
    }
    layout = SortedSetIndex(options: description.options, configuration: description.configuration)
  }

  /// Opens the index in `namespace` if it was written for `options` and `configuration`, or
  /// creates an empty one.
  ///
  /// - Throws: `RedisIndexError.incompatibleIndex` when the namespace holds an index written for
  ///   other options or key lengths, `.foreignKey` when its description is another program's,
  ///   `.redis` when the cluster cannot be reached.
  public init(
    creating namespace: RedisNamespace, client: RedisClusterClient, options: SearchOptions = .default,
    configuration: IndexConfiguration = RedisIndex.defaultConfiguration
  ) throws(RedisIndexError) {
    self.namespace = namespace
    self.client = client
    let wanted = IndexDescription(options: options, configuration: configuration)
    if let found = try Self.description(of: namespace, client: client) {
      guard found == wanted else {
        throw .incompatibleIndex(
          namespace: namespace.name, expected: Self.summary(wanted), found: Self.summary(found))
      }
    } else {
      _ = try Self.execute([[Array("SET".utf8), namespace.metaKey, wanted.bytes]], client: client)
    }
    // Every primary gets the functions that keep the postings (again: a new version replaces them).
    try Self.loadFunctions(client: client)
    layout = SortedSetIndex(options: options, configuration: configuration)
  }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of
  /// them: those `LinearScanEngine` gives for the index's records and options.
  ///
  /// - Throws: `RedisIndexError.redis` when the cluster cannot answer (after its client's
  ///   bounded retries), `.foreignKey` for a key of the namespace that another program wrote.
  /// - Complexity: One round trip for most queries (see `SortedSetIndex.search`).
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) throws(RedisIndexError) -> [SearchResult] {
    try layout.search(query, limit: limit, offset: offset, in: RedisSortedSets(index: self))
  }

  /// The description stored in `namespace`, or nil when there is none.
  private static func description(
    of namespace: RedisNamespace, client: RedisClusterClient
  ) throws(RedisIndexError) -> IndexDescription? {
    let reply = try execute([[Array("GET".utf8), namespace.metaKey]], client: client)[0]
    guard let bytes = try bulk(reply, key: namespace.metaKey) else { return nil }
    guard let description = IndexDescription(bytes: bytes) else {
      if let version = IndexDescription.otherVersion(in: bytes) {
        throw .incompatibleIndex(
          namespace: namespace.name, expected: "layout version \(IndexDescription.version) (write the index again)",
          found: "layout version \(version)")
      }
      throw .foreignKey(
        key: RedisIndexError.printable(namespace.metaKey), detail: "not the description of a pinyin-search index")
    }
    return description
  }

  /// A short account of what an index was written for, for messages.
  private static func summary(_ description: IndexDescription) -> String {
    let configuration = description.configuration
    return "options '\(description.options)' with keys of at most \(configuration.maxKeyLength) bytes "
      + "(\(configuration.maxKeysPerRecord) per record, mixed \(configuration.maxMixedKeyLength), "
      + "fuzzy \(configuration.maxFuzzyKeyLength))"
  }
}

import PinyinSearch

@testable import PinyinSearchRedis

/// Writes and reads that the tests do by hand, below `RedisIndex`'s own: the first steps of an
/// update, a value of another program, what a key's set holds.
extension RedisIndex {
  /// Adds `entries` to their shards (`PostingFunctions.add`).
  func addByHand(_ entries: [SortedSetEntry]) throws {
    var members: [[UInt8]: [[UInt8]]] = [:]
    for entry in entries { members[entry.key, default: []].append(entry.member) }
    _ = try executeCalls(PostingShards.commands(PostingFunctions.add, members, in: namespace))
  }

  /// Sets the record `id`'s value to `bytes` (`HSET` in its hash).
  func setRecordByHand(id: String, _ bytes: [UInt8]) throws {
    _ = try Self.execute(
      [[Array("HSET".utf8), namespace.recordHashKey(id: id.utf8), Array(id.utf8), bytes]], client: client)
  }

  /// The stored value of record `id`, nil when there is none.
  func storedRecordByHand(id: String) throws -> StoredRecord? {
    try storedRecords(ids: [id])[0]
  }

  /// The first `count` members of the set of search key `key`.
  func membersByHand(ofKey key: String, count: Int = 100) throws -> [[UInt8]] {
    try RedisSortedSets(index: self).members(in: [SortedSetRange(key: Array(key.utf8), offset: 0, count: count)])[0]
  }

  /// The key of the first chunk of the shard of search key `key`, as errors print it.
  func printableShard(ofKey key: String) -> String {
    RedisIndexError.printable(namespace.chunkBase(shard: PostingShards.shard(ofKey: Array(key.utf8))))
  }
}

import PinyinSearch
import RedisCluster

/// The sorted sets and records of a `RedisIndex`, as `SortedSetIndex.search` reads them: each
/// call one pipelined batch of commands.
struct RedisSortedSets: SortedSetSource {
  let index: RedisIndex

  func members(in ranges: [SortedSetRange]) throws(RedisIndexError) -> [[[UInt8]]] {
    let keys = ranges.map { index.namespace.setKey($0.key) }
    let commands = zip(ranges, keys).map { range, key in
      [Array("ZRANGE".utf8), key, Array(String(range.offset).utf8), Array(String(range.offset + range.count - 1).utf8)]
    }
    let replies = try RedisIndex.execute(commands, client: index.client)
    var pages: [[[UInt8]]] = []
    pages.reserveCapacity(replies.count)
    for (reply, key) in zip(replies, keys) {
      guard case .array(let elements) = reply else {
        throw .foreignKey(key: RedisIndexError.printable(key), detail: "not a sorted set")
      }
      var members: [[UInt8]] = []
      members.reserveCapacity(elements?.count ?? 0)
      for element in elements ?? [] {
        guard case .bulkString(let member?) = element else {
          throw .foreignKey(key: RedisIndexError.printable(key), detail: "a ZRANGE reply that is not members")
        }
        members.append(member)
      }
      pages.append(members)
    }
    return pages
  }

  /// The records with `ids`, in their order; nil for an id no record has (removed meanwhile).
  func records(withIDs ids: [String]) throws(RedisIndexError) -> [Record?] {
    let keys = ids.map { index.namespace.recordKey(id: $0) }
    let replies = try RedisIndex.execute(keys.map { [Array("GET".utf8), $0] }, client: index.client)
    var records: [Record?] = []
    records.reserveCapacity(ids.count)
    for (reply, (id, key)) in zip(replies, zip(ids, keys)) {
      records.append(try RedisIndex.storedRecord(reply, key: key)?.record(id: id))
    }
    return records
  }

  func allRecords() throws(RedisIndexError) -> [Record] {
    let ids = try index.recordIDs()
    var records: [Record] = []
    for start in stride(from: 0, to: ids.count, by: RedisIndex.batchSize) {
      let batch = Array(ids[start..<min(start + RedisIndex.batchSize, ids.count)])
      records += try self.records(withIDs: batch).compactMap { $0 }
    }
    return records
  }

  func invalidMember(_ member: [UInt8], inSet key: [UInt8]) -> RedisIndexError {
    .foreignKey(
      key: RedisIndexError.printable(index.namespace.setKey(key)),
      detail: "member \(RedisIndexError.printable(member)) is not a posting")
  }
}

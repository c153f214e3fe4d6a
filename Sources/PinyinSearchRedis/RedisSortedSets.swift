import PinyinSearch
import RedisCluster

/// The postings and records of a `RedisIndex`, as `SortedSetIndex.search` reads them: a page of
/// each requested set is one call of `PostingFunctions.range` on its shard, all in one
/// pipelined round trip; members cut before their text (`PostingShards`) get it back from the
/// records' hashes in a second round trip, only when a page holds one.
struct RedisSortedSets: SortedSetSource {
  let index: RedisIndex
  /// Where each set's last page ended: the next page of a set asked for from there goes on
  /// after its last member instead of skipping from the set's start.
  private let ends = PageEnds()

  /// The last member read of each set, and the position after it.
  private final class PageEnds {
    var byKey: [[UInt8]: (offset: Int, member: [UInt8])] = [:]
  }

  init(index: RedisIndex) {
    self.index = index
  }

  func members(in ranges: [SortedSetRange]) throws(RedisIndexError) -> [[[UInt8]]] {
    let namespace = index.namespace
    let commands = ranges.map { range in
      var arguments = [
        PostingShards.prefix(ofKey: range.key), Array(String(range.offset).utf8), Array(String(range.count).utf8),
      ]
      if let end = ends.byKey[range.key], end.offset == range.offset { arguments.append(end.member) }
      return PostingShards.call(
        PostingFunctions.range, readOnly: true, shard: PostingShards.shard(ofKey: range.key), in: namespace,
        arguments: arguments)
    }
    let replies = try index.executeCalls(commands)
    var pages: [[[UInt8]]] = []
    pages.reserveCapacity(replies.count)
    var cut: [(page: Int, position: Int, id: String)] = []
    for (number, (reply, range)) in zip(replies, ranges).enumerated() {
      guard case .array(let elements) = reply else {
        throw .foreignKey(key: printableShard(of: range.key), detail: "a reply that is not members")
      }
      var members: [[UInt8]] = []
      members.reserveCapacity(elements?.count ?? 0)
      let prefix = PostingShards.prefix(ofKey: range.key)
      for element in elements ?? [] {
        guard case .bulkString(let entry?) = element, entry.starts(with: prefix) else {
          throw .foreignKey(key: printableShard(of: range.key), detail: "a reply that is not entries of the key")
        }
        var member = Array(entry[prefix.count...])
        ends.byKey[range.key] = (range.offset + members.count + 1, member)
        if member.last == PostingShards.cutMarker {
          member.removeLast()
          guard
            let record = SortedSetMember.record(in: member, isUnindexed: SortedSetIndex.holdsFirstMembers(range.key))
          else { throw invalidMember(member + [PostingShards.cutMarker], inSet: range.key) }
          cut.append((number, members.count, record.id))
        }
        members.append(member)
      }
      pages.append(members)
    }
    guard !cut.isEmpty else { return pages }
    // The texts of the members cut before theirs. A record removed meanwhile keeps an empty
    // text, which no query matches: the page keeps its length, which tells the walk where the
    // set goes on.
    let records = try self.records(withIDs: cut.map(\.id))
    for (place, record) in zip(cut, records) {
      if let record { pages[place.page][place.position] += Array(record.text.utf8) }
    }
    return pages
  }

  /// The records with `ids`, in their order; nil for an id no record has (removed meanwhile).
  func records(withIDs ids: [String]) throws(RedisIndexError) -> [Record?] {
    let stored = try index.storedRecords(ids: ids)
    return zip(ids, stored).map { id, stored in stored?.record(id: id) }
  }

  func allRecords() throws(RedisIndexError) -> [Record] {
    try index.allStoredRecords().compactMap { id, stored in stored.record(id: id) }
  }

  func invalidMember(_ member: [UInt8], inSet key: [UInt8]) -> RedisIndexError {
    .foreignKey(
      key: printableShard(of: key),
      detail: "member \(RedisIndexError.printable(member)) of key \(RedisIndexError.printable(key)) is not a posting")
  }

  /// The shard of search key `key`, for messages: `NS:p:{N}`.
  private func printableShard(of key: [UInt8]) -> String {
    RedisIndexError.printable(index.namespace.chunkBase(shard: PostingShards.shard(ofKey: key)))
  }
}

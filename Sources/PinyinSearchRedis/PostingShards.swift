import PinyinSearch

/// Where the members of a search key's sorted set (`SortedSetIndex.entries(of:)`) live in
/// Redis (layout version 3): as entries of one of 4,096 shards per namespace, each kept in
/// chunks of at most 128 by server-side functions (`PostingFunctions`).
///
/// The in-process layout's one sorted set per search key cost about 150 bytes for a set of one
/// member (77 % of them at 100,000 contacts) and 135 per member of a set of more than 128 (half
/// the bytes): a shard's entries in small sorted sets cost about their own bytes and 3 more.
///
/// An entry is the key's length (1 byte), the key, then the member. A member whose entry would
/// be longer than 64 bytes (Redis's `zset-max-listpack-value`, past which a chunk is stored as a
/// large sorted set) is cut before its text and ends with 0xFF, which no UTF-8 text holds: a
/// search that meets one reads the record's text from its hash (`RedisSortedSets`).
enum PostingShards {
  /// The longest entry kept whole.
  static let maxEntryBytes = 64
  /// The last byte of a member cut before its text.
  static let cutMarker: UInt8 = 0xFF

  /// The fixed hash of `bytes`: the index's hash of keys (`KeyHash`, 64-bit FNV-1a), the same
  /// in every process, unlike `Hasher`.
  static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
    bytes.withContiguousStorageIfAvailable { KeyHash.hash($0) }
      ?? Array(bytes).withUnsafeBufferPointer { KeyHash.hash($0) }
  }

  /// The shard of search key `key`.
  static func shard(ofKey key: [UInt8]) -> Int {
    Int(hash(key) % UInt64(RedisNamespace.shardCount))
  }

  /// The bytes every entry of search key `key` begins with: its length, then the key (keys are
  /// at most 255 bytes, `IndexConfiguration`).
  static func prefix(ofKey key: [UInt8]) -> [UInt8] {
    [UInt8(truncatingIfNeeded: key.count)] + key
  }

  /// The entry that stands for `member` of the set of search key `key`: the prefix and the
  /// member, cut before its text when the whole would be longer than `maxEntryBytes`.
  static func entry(key: [UInt8], member: [UInt8]) -> [UInt8] {
    var entry = prefix(ofKey: key)
    if entry.count + member.count > maxEntryBytes,
      let textStart = SortedSetMember.textStart(of: member, isUnindexed: SortedSetIndex.holdsFirstMembers(key)),
      textStart < member.count
    {
      entry += member[..<textStart]
      entry.append(cutMarker)
    } else {
      entry += member
    }
    return entry
  }

  /// `FCALL function 2 DIRECTORY BASE ARGUMENT…` for shard `shard` of `namespace`.
  static func call(
    _ function: String, readOnly: Bool = false, shard: Int, in namespace: RedisNamespace, arguments: [[UInt8]]
  ) -> [[UInt8]] {
    [
      Array((readOnly ? "FCALL_RO" : "FCALL").utf8), Array(function.utf8), [UInt8(ascii: "2")],
      namespace.directoryKey(shard: shard), namespace.chunkBase(shard: shard),
    ] + arguments
  }

  /// The commands that add (`PostingFunctions.add`) or remove (`.remove`) `members`, by search
  /// key, as entries grouped by shard, at most 512 per call.
  static func commands(
    _ function: String, _ members: [[UInt8]: [[UInt8]]], in namespace: RedisNamespace
  ) -> [[[UInt8]]] {
    var byShard: [Int: [[UInt8]]] = [:]
    for (key, members) in members {
      let shard = shard(ofKey: key)
      for member in members { byShard[shard, default: []].append(entry(key: key, member: member)) }
    }
    var commands: [[[UInt8]]] = []
    for (shard, entries) in byShard {
      for start in stride(from: 0, to: entries.count, by: 512) {
        let part = Array(entries[start..<min(start + 512, entries.count)])
        commands.append(call(function, shard: shard, in: namespace, arguments: part))
      }
    }
    return commands
  }
}

/// The hash-bucket index of a record store: for every key of every record (see
/// `KeyEnumerator`), the records it matches with their best match, in result order.
///
/// Keys are filed in 37 `KeyTable`s by their first byte. A record that cannot be indexed (more
/// keys than the cap, a text of 32,768 units or more, or a key whose 64-bit hash collides with
/// another key's) is listed in `overflow` and matched by scanning at query time instead.
///
/// Immutable once built; it refers to records by their slot in the store it was built from.
struct KeyIndex: Sendable {
  /// The 37 buckets, by `KeyBucket.of(firstByte:)`.
  let tables: [KeyTable]
  /// Slots of live records that are not in the tables.
  let overflow: [Int]
  /// The longest key, in bytes.
  let maxKeyLength: Int

  /// The number of distinct keys.
  var keyCount: Int { tables.reduce(0) { $0 + $1.keyCount } }
  /// The number of postings (key, record) pairs.
  var postingCount: Int { tables.reduce(0) { $0 + $1.postings.count } }
  /// The bytes the index occupies.
  var byteCount: Int { tables.reduce(0) { $0 + $1.byteCount } + overflow.count * 8 }

  /// Builds the index of every live record of `store`, calling `progress` with the number of
  /// records done every so often.
  init(
    store: RecordStore, maxKeyLength: Int, maxKeysPerRecord: Int, progress: (Int) -> Void = { _ in }
  ) {
    self.maxKeyLength = maxKeyLength
    let ranks = Self.idRanks(of: store)
    var enumerator = KeyEnumerator(maxKeyLength: maxKeyLength, maxKeysPerRecord: maxKeysPerRecord)
    var pairs = [[Pair]](repeating: [], count: KeyBucket.count)
    var keys = [KeyArena](repeating: KeyArena(), count: KeyBucket.count)
    var overflow: [Int] = []
    var collided = Set<Int>()
    var done = 0

    store.forEachRecord { slot, record in
      done += 1
      if done & 1023 == 0 { progress(done) }
      guard record.units.count <= Posting.maxOffset, enumerator.enumerate(record) else {
        overflow.append(slot)
        return
      }
      let length = UInt64(record.units.count)
      let rank = UInt64(ranks[slot])
      for entry in enumerator.keys.entries {
        let match = enumerator.keys.best(of: entry)
        let isUnique = enumerator.keys.withKey(of: entry) { key in
          keys[KeyBucket.of(firstByte: key[0])].register(key, hash: entry.hash)
        }
        if !isUnique { collided.insert(slot) }
        let order =
          UInt64(match.kind.rank) << 62 | UInt64(match.start) << 47 | length << 31 | rank
        let bucket = enumerator.keys.withKey(of: entry) { KeyBucket.of(firstByte: $0[0]) }
        pairs[bucket].append(Pair(hash: entry.hash, order: order, posting: Posting(slot: slot, match: match).rawValue))
      }
    }
    progress(done)

    var tables: [KeyTable] = []
    for bucket in 0..<KeyBucket.count {
      pairs[bucket].sort { ($0.hash, $0.order) < ($1.hash, $1.order) }
      var table = KeyTable()
      let bucketPairs = pairs[bucket]
      var start = 0
      while start < bucketPairs.count {
        let hash = bucketPairs[start].hash
        var end = start
        while end < bucketPairs.count && bucketPairs[end].hash == hash { end += 1 }
        let postings = bucketPairs[start..<end].lazy.map(\.posting).filter { !collided.contains(Posting(rawValue: $0).slot) }
        if !postings.isEmpty {
          keys[bucket].withKey(hash: hash) { table.append(key: $0, hash: hash, postings: Array(postings)) }
        }
        start = end
      }
      pairs[bucket] = []
      table.rehash()
      tables.append(table)
    }
    self.tables = tables
    self.overflow = (overflow + collided).sorted()
  }

  /// Calls `body` with the postings of `key`, in result order (empty when no record has it).
  func withPostings<Result>(of key: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt64>) -> Result)
    -> Result
  {
    tables[KeyBucket.of(firstByte: key[0])].withPostings(of: key, hash: KeyHash.hash(key), body)
  }

  /// Each live slot's rank among the ids of `store` ordered by UTF-8 bytes.
  private static func idRanks(of store: RecordStore) -> [UInt32] {
    var live: [Int] = []
    store.forEachRecord { slot, _ in live.append(slot) }
    live.sort { store.ids[$0].utf8.lexicographicallyPrecedes(store.ids[$1].utf8) }
    var ranks = [UInt32](repeating: 0, count: store.ids.count)
    for (rank, slot) in live.enumerated() { ranks[slot] = UInt32(rank) }
    return ranks
  }

  /// A key's hash, its rank in result order, and its posting, while the index is built.
  private struct Pair {
    var hash: UInt64
    var order: UInt64
    var posting: UInt64
  }

  /// The bytes of each distinct key hash of one bucket, while the index is built.
  private struct KeyArena {
    var offsets: [UInt64: (offset: UInt32, length: UInt32)] = [:]
    var bytes: [UInt8] = []

    /// Remembers `key` under `hash`; returns false when another key already has that hash.
    mutating func register(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
      if let known = offsets[hash] {
        return Int(known.length) == key.count
          && bytes.withUnsafeBufferPointer { bytesEqual($0.baseAddress! + Int(known.offset), key.baseAddress!, count: key.count) }
      }
      offsets[hash] = (UInt32(bytes.count), UInt32(key.count))
      bytes.append(contentsOf: key)
      return true
    }

    func withKey<Result>(hash: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      let known = offsets[hash]!
      return bytes.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[Int(known.offset)..<Int(known.offset + known.length)]))
      }
    }
  }
}

extension Posting {
  init(rawValue: UInt64) { self.rawValue = rawValue }
}

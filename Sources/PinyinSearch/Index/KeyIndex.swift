/// The hash-bucket index of a record store: for every key of every record (see
/// `KeyEnumerator`), the records it matches with their best match, in result order.
///
/// Keys are filed in 37 `KeyTable`s by their first byte. Two rules keep the index small:
/// - a key longer than `maxKeyLength` bytes is not stored;
/// - a key is not stored when a shorter beginning of it (see `KeyPrefixes`) has at most
///   `rareKeyLimit` records: those few records are all a query for the longer key can match,
///   and the matcher checks them.
///
/// A record that cannot be indexed (more keys than the cap, a text of 32,768 units or more, or a
/// key whose 64-bit hash collides with another key's) is listed in `overflow` and matched
/// directly at every query instead.
///
/// Immutable once built; it refers to records by their slot in the store it was built from.
struct KeyIndex: Sendable {
  /// The 37 buckets, by `KeyBucket.of(firstByte:)`.
  let tables: [KeyTable]
  /// Slots of live records that are not in the tables, in increasing order.
  let overflow: [Int]
  /// The longest key, in bytes.
  let maxKeyLength: Int
  /// Keys beginning with a key that has at most this many postings are not stored.
  let rareKeyLimit: Int

  /// The number of distinct keys stored.
  var keyCount: Int { tables.reduce(0) { $0 + $1.keyCount } }
  /// The number of postings stored.
  var postingCount: Int { tables.reduce(0) { $0 + $1.postings.count } }
  /// The bytes the index occupies.
  var byteCount: Int { tables.reduce(0) { $0 + $1.byteCount } + overflow.count * 8 }

  /// Where a key's postings are: a bucket and a range of its `postings`.
  struct Postings {
    var bucket: Int
    var range: Range<Int>
  }

  /// The postings of `key` if it is stored.
  @inline(__always)
  func postings(of key: UnsafeBufferPointer<UInt8>) -> Postings? {
    let bucket = KeyBucket.of(firstByte: key[0])
    return tables[bucket].entry(of: key, hash: KeyHash.hash(key)).map {
      Postings(bucket: bucket, range: tables[bucket].postingRange(of: $0))
    }
  }

  /// The postings that every record matching a query for `key` is among: the key's own
  /// (`isExact`), or those of the shortest beginning of it that has at most `rareKeyLimit`;
  /// nil when no indexed record has the key. `key` must not be longer than `maxKeyLength`.
  func candidates(for key: UnsafeBufferPointer<UInt8>) -> (postings: Postings, isExact: Bool)? {
    var result: (postings: Postings, isExact: Bool)?
    KeyPrefixes.forEachCut(of: key) { cut in
      guard let postings = postings(of: UnsafeBufferPointer(rebasing: key[..<cut])) else { return false }
      if cut == key.count {
        result = (postings, true)
      } else if postings.range.count <= rareKeyLimit {
        result = (postings, false)
      }
      return result == nil
    }
    return result
  }

  /// Calls `body` with the postings `postings` names.
  func withPostings<Result>(_ postings: Postings, _ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
    tables[postings.bucket].postings.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[postings.range])) }
  }
}

extension KeyIndex {
  /// Builds the index of every live record of `store`, calling `progress` with the number of
  /// records done every so often.
  init(
    store: RecordStore, configuration: IndexConfiguration, progress: (Int) -> Void = { _ in }
  ) {
    maxKeyLength = configuration.maxKeyLength
    rareKeyLimit = configuration.rareKeyLimit
    var builder = Builder(store: store, configuration: configuration)
    builder.addRecords(progress: progress)
    (tables, overflow) = builder.finish(rareKeyLimit: rareKeyLimit)
  }

  /// Collects every (key, record, match) of a store, then lays out the tables.
  private struct Builder {
    /// One posting while the index is built: its key's entry, its rank in result order, itself.
    struct Pair {
      var entry: UInt32
      var bucket: UInt8
      var order: UInt64
      var posting: UInt64
    }

    let store: RecordStore
    var enumerator: KeyEnumerator
    var keys = [KeyTable](repeating: KeyTable(), count: KeyBucket.count)
    var counts = [[UInt32]](repeating: [], count: KeyBucket.count)
    var pairs: [Pair] = []
    var overflow: [Int] = []
    let ranks: [UInt32]

    init(store: RecordStore, configuration: IndexConfiguration) {
      self.store = store
      enumerator = KeyEnumerator(
        maxKeyLength: configuration.maxKeyLength, maxKeysPerRecord: configuration.maxKeysPerRecord)
      ranks = Self.idRanks(of: store)
    }

    mutating func addRecords(progress: (Int) -> Void) {
      var done = 0
      var entries: [(bucket: Int, entry: Int)] = []
      store.withRecords { records in
        for slot in 0..<records.slotCount where records.isLive(slot) {
          done += 1
          if done & 4095 == 0 { progress(done) }
          let record = records[slot]
          guard record.units.count <= Posting.maxOffset, enumerator.enumerate(record) else {
            overflow.append(slot)
            continue
          }
          // Find every key's entry first: a hash collision sends the whole record to `overflow`.
          entries.removeAll(keepingCapacity: true)
          var collides = false
          for key in enumerator.keys.entries {
            let located = enumerator.keys.withKey(of: key) { bytes in
              let bucket = KeyBucket.of(firstByte: bytes[0])
              return keys[bucket].insert(bytes, hash: key.hash).map { (bucket, $0) }
            }
            guard let located else {
              collides = true
              break
            }
            entries.append(located)
          }
          if collides {
            overflow.append(slot)
            continue
          }
          let length = UInt64(record.units.count)
          let rank = UInt64(ranks[slot])
          for (key, location) in zip(enumerator.keys.entries, entries) {
            let match = enumerator.keys.best(of: key)
            if counts[location.bucket].count <= location.entry {
              counts[location.bucket].append(
                contentsOf: repeatElement(0, count: location.entry + 1 - counts[location.bucket].count))
            }
            counts[location.bucket][location.entry] += 1
            pairs.append(
              Pair(
                entry: UInt32(location.entry), bucket: UInt8(location.bucket),
                order: UInt64(match.kind.rank) << 62 | UInt64(match.start) << 47 | length << 31 | rank,
                posting: Posting(slot: slot, match: match).rawValue))
          }
        }
      }
      progress(done)
    }

    /// The final tables, without the keys a rare shorter key makes unnecessary, and the overflow.
    mutating func finish(rareKeyLimit: Int) -> ([KeyTable], [Int]) {
      var kept = [[Int32]](repeating: [], count: KeyBucket.count)  // new entry number, or -1
      var tables = [KeyTable](repeating: KeyTable(), count: KeyBucket.count)
      var starts = [[Int]](repeating: [], count: KeyBucket.count)
      for bucket in 0..<KeyBucket.count {
        let table = keys[bucket]
        let count = counts[bucket] + repeatElement(0, count: table.keyCount - counts[bucket].count)
        counts[bucket] = count
        // Shorter keys first, so that a key's beginning is decided before the key.
        let lengths = (0..<table.keyCount).map { Int(table.keyStarts[$0 + 1] - table.keyStarts[$0]) }
        var byLength: [Int] = []
        byLength.reserveCapacity(table.keyCount)
        for length in 1...max(lengths.max() ?? 1, 1) {
          byLength.append(contentsOf: (0..<table.keyCount).lazy.filter { lengths[$0] == length })
        }
        var isKept = [Bool](repeating: false, count: table.keyCount)
        var isOpen = [Bool](repeating: false, count: table.keyCount)  // kept, with more than rareKeyLimit postings
        for entry in byLength where count[entry] > 0 {
          let keep = table.withKey(of: entry) { key -> Bool in
            guard let cut = KeyPrefixes.longestProperPrefix(of: key) else { return true }
            // A beginning starts with the same byte, so it is in the same bucket.
            let prefix = UnsafeBufferPointer(rebasing: key[..<cut])
            guard let parent = table.entry(of: prefix, hash: KeyHash.hash(prefix)) else { return true }
            return isOpen[parent]
          }
          isKept[entry] = keep
          isOpen[entry] = keep && Int(count[entry]) > rareKeyLimit
        }
        var numbers = [Int32](repeating: -1, count: table.keyCount)
        var start = 0
        var bucketStarts: [Int] = []
        for entry in 0..<table.keyCount where isKept[entry] {
          numbers[entry] = Int32(bucketStarts.count)
          bucketStarts.append(start)
          start += Int(count[entry])
        }
        bucketStarts.append(start)
        kept[bucket] = numbers
        starts[bucket] = bucketStarts
      }

      // Scatter the postings of kept keys, then sort each key's list into result order.
      var orders = starts.map { [UInt64](repeating: 0, count: $0.last ?? 0) }
      var postings = starts.map { [UInt64](repeating: 0, count: $0.last ?? 0) }
      var cursors = starts
      for pair in pairs {
        let bucket = Int(pair.bucket)
        let number = Int(kept[bucket][Int(pair.entry)])
        guard number >= 0 else { continue }
        let position = cursors[bucket][number]
        cursors[bucket][number] += 1
        orders[bucket][position] = pair.order
        postings[bucket][position] = pair.posting
      }
      pairs = []
      for bucket in 0..<KeyBucket.count {
        var table = KeyTable()
        let numbers = kept[bucket]
        for entry in 0..<numbers.count where numbers[entry] >= 0 {
          let number = Int(numbers[entry])
          let range = starts[bucket][number]..<starts[bucket][number + 1]
          var list = zip(orders[bucket][range], postings[bucket][range]).map { ($0, $1) }
          list.sort { $0.0 < $1.0 }
          let sorted = list.map(\.1)
          keys[bucket].withKey(of: entry) { key in
            sorted.withUnsafeBufferPointer { table.append(key: key, hash: keys[bucket].hashes[entry], postings: $0) }
          }
        }
        table.rehash()
        tables[bucket] = table
        keys[bucket] = KeyTable()
      }
      return (tables, overflow.sorted())
    }

    /// Each live slot's rank among the ids of `store` ordered by UTF-8 bytes.
    static func idRanks(of store: RecordStore) -> [UInt32] {
      var live: [Int] = []
      store.forEachRecord { slot, _ in live.append(slot) }
      live.sort { store.ids[$0].utf8.lexicographicallyPrecedes(store.ids[$1].utf8) }
      var ranks = [UInt32](repeating: 0, count: store.ids.count)
      for (rank, slot) in live.enumerated() { ranks[slot] = UInt32(rank) }
      return ranks
    }
  }
}

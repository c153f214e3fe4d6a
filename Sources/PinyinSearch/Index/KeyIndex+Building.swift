import Dispatch

extension KeyIndex {
  /// Builds the index of every live record of `store` for searches with `options`, calling
  /// `progress` with the number of records done every so often.
  ///
  /// The buckets are split between the processors: each enumerates every record's keys but
  /// files only those of its own buckets, so the parts build their tables without sharing
  /// anything but the list of records left out.
  ///
  /// `sparesACore` leaves one processor to the searches that run meanwhile (a background build).
  init(
    store: RecordStore, configuration: IndexConfiguration, options: SearchOptions, sparesACore: Bool = false,
    progress: @Sendable (Int) -> Void = { _ in }
  ) {
    maxKeyLength = configuration.maxKeyLength
    rareKeyLimit = configuration.rareKeyLimit
    let maxMixedKeyLength = options.mixed ? min(configuration.maxMixedKeyLength, configuration.maxKeyLength) : 0
    self.maxMixedKeyLength = maxMixedKeyLength
    maxFuzzyKeyLength =
      options.fuzzy.isEmpty ? 0 : min(configuration.maxFuzzyKeyLength, configuration.maxKeyLength)
    self.options = options
    let partitions = min(max(Processors.onlineCount - (sparesACore ? 1 : 0), 1), 4)
    let places = Builder.places(in: store)
    let builders = ConcurrentResults<Builder>(count: partitions)
    DispatchQueue.concurrentPerform(iterations: partitions) { (part: Int) -> Void in
      let buckets = Array(stride(from: part, to: KeyBucket.count, by: partitions))
      var builder = Builder(
        store: store, places: places, configuration: configuration, maxMixedKeyLength: maxMixedKeyLength,
        options: options, buckets: buckets)
      if part == 0 {
        builder.addRecords(progress: progress)
      } else {
        builder.addRecords { _ in }
      }
      builders.set(part, builder)
    }
    // A record one part could not index is left out of every part.
    let overflow = Set(builders.values.flatMap(\.overflow))
    let tables = ConcurrentResults<[(Int, KeyTable)]>(count: partitions)
    DispatchQueue.concurrentPerform(iterations: partitions) { (part: Int) -> Void in
      var builder = builders.take(part)
      tables.set(part, builder.finish(rareKeyLimit: configuration.rareKeyLimit, excluding: overflow))
    }
    var all = [KeyTable](repeating: KeyTable(), count: KeyBucket.count)
    for (bucket, table) in tables.values.joined() { all[bucket] = table }
    self.tables = all
    self.overflow = overflow.sorted()
  }

  /// Collects every (key, record, match) of a store for some buckets, then lays out their tables.
  private struct Builder: Sendable {
    /// One posting while the index is built: its key (bucket in the top 6 bits, entry below),
    /// its rank in result order (kind, fuzzy, start, then the record's place), and itself.
    struct Pair {
      var order: UInt64
      var key: UInt32
      var posting: UInt32
    }

    let store: RecordStore
    let places: [UInt32]
    let buckets: [Int]
    var enumerator: KeyEnumerator
    var keys = [KeyTable](repeating: KeyTable(), count: KeyBucket.count)
    var pairs: [Pair] = []
    var overflow: [Int] = []

    init(
      store: RecordStore, places: [UInt32], configuration: IndexConfiguration, maxMixedKeyLength: Int,
      options: SearchOptions, buckets: [Int]
    ) {
      self.store = store
      self.places = places
      self.buckets = buckets
      enumerator = KeyEnumerator(
        maxKeyLength: configuration.maxKeyLength, maxKeysPerRecord: configuration.maxKeysPerRecord,
        maxMixedKeyLength: maxMixedKeyLength, maxFuzzyKeyLength: configuration.maxFuzzyKeyLength, options: options)
    }

    mutating func addRecords(progress: (Int) -> Void) {
      var isMine = [Bool](repeating: false, count: KeyBucket.count)
      for bucket in buckets { isMine[bucket] = true }
      pairs.reserveCapacity(store.count * 32 / max(1, KeyBucket.count / buckets.count))
      var done = 0
      var located: [(bucket: Int, entry: Int)] = []
      store.withRecords { records in
        for slot in 0..<records.slotCount where records.isLive(slot) {
          done += 1
          if done & 4095 == 0 { progress(done) }
          let record = records[slot]
          guard slot <= Posting.maxSlot, record.units.count < 1 << 15, enumerator.enumerate(record) else {
            overflow.append(slot)
            continue
          }
          // Find every key's entry first: a hash collision leaves the whole record out.
          located.removeAll(keepingCapacity: true)
          var collides = false
          for key in enumerator.keys.entries {
            let bucket = enumerator.keys.withKey(of: key) { KeyBucket.of(firstByte: $0[0]) }
            guard isMine[bucket] else {
              located.append((bucket, -1))
              continue
            }
            guard let entry = enumerator.keys.withKey(of: key, { keys[bucket].insert($0, hash: key.hash) }) else {
              collides = true
              break
            }
            located.append((bucket, entry))
          }
          if collides {
            overflow.append(slot)
            continue
          }
          let place = UInt64(places[slot])
          for (key, location) in zip(enumerator.keys.entries, located) where location.entry >= 0 {
            let match = enumerator.keys.best(of: key)
            pairs.append(
              Pair(
                order: UInt64(match.kind.ordinal) << 61 | UInt64(match.isFuzzy ? 1 : 0) << 60
                  | UInt64(match.start) << 45 | place,
                key: UInt32(location.bucket) << 26 | UInt32(location.entry),
                posting: Posting(slot: slot, match: match).rawValue))
          }
        }
      }
      progress(done)
    }

    /// The tables of this builder's buckets, without the postings of `excluded` records and
    /// without the keys that a rare shorter key makes unnecessary.
    mutating func finish(rareKeyLimit: Int, excluding excluded: Set<Int>) -> [(Int, KeyTable)] {
      if !excluded.isEmpty {
        pairs.removeAll { excluded.contains(Posting(rawValue: $0.posting).slot) }
      }
      var counts = keys.map { [UInt32](repeating: 0, count: $0.keyCount) }
      for pair in pairs { counts[Int(pair.key >> 26)][Int(pair.key & 0x3FF_FFFF)] += 1 }

      var numbers = [[Int32]](repeating: [], count: KeyBucket.count)  // new entry number, or -1
      var starts = [[Int]](repeating: [], count: KeyBucket.count)
      for bucket in buckets {
        let table = keys[bucket]
        let count = counts[bucket]
        // Shorter keys first, so that a key's beginning is decided before the key.
        var byLength: [[Int32]] = []
        for entry in 0..<table.keyCount {
          let length = Int(table.keyStarts[entry + 1] - table.keyStarts[entry])
          while byLength.count <= length { byLength.append([]) }
          byLength[length].append(Int32(entry))
        }
        var isKept = [Bool](repeating: false, count: table.keyCount)
        var isOpen = [Bool](repeating: false, count: table.keyCount)  // kept, with more than rareKeyLimit postings
        for entry in byLength.joined().lazy.map({ Int($0) }) where count[entry] > 0 {
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
        var bucketNumbers = [Int32](repeating: -1, count: table.keyCount)
        var start = 0
        var bucketStarts: [Int] = []
        for entry in 0..<table.keyCount where isKept[entry] {
          bucketNumbers[entry] = Int32(bucketStarts.count)
          bucketStarts.append(start)
          start += Int(count[entry])
        }
        bucketStarts.append(start)
        numbers[bucket] = bucketNumbers
        starts[bucket] = bucketStarts
      }

      // Scatter the postings of kept keys, then sort each key's list into result order.
      var lists = starts.map { [(order: UInt64, posting: UInt32)](repeating: (0, 0), count: $0.last ?? 0) }
      var cursors = starts
      for pair in pairs {
        let bucket = Int(pair.key >> 26)
        let number = Int(numbers[bucket][Int(pair.key & 0x3FF_FFFF)])
        guard number >= 0 else { continue }
        lists[bucket][cursors[bucket][number]] = (pair.order, pair.posting)
        cursors[bucket][number] += 1
      }
      pairs = []
      var tables: [(Int, KeyTable)] = []
      for bucket in buckets {
        var table = KeyTable()
        var sorted: [UInt32] = []
        for entry in 0..<numbers[bucket].count where numbers[bucket][entry] >= 0 {
          let number = Int(numbers[bucket][entry])
          let range = starts[bucket][number]..<starts[bucket][number + 1]
          lists[bucket][range].sort { $0.order < $1.order }
          sorted.removeAll(keepingCapacity: true)
          sorted.append(contentsOf: lists[bucket][range].lazy.map(\.posting))
          keys[bucket].withKey(of: entry) { key in
            sorted.withUnsafeBufferPointer { table.append(key: key, hash: keys[bucket].hashes[entry], postings: $0) }
          }
        }
        table.rehash()
        tables.append((bucket, table))
        keys[bucket] = KeyTable()
        lists[bucket] = []
      }
      return tables
    }

    /// Each live slot's place among the records of `store` in the order that breaks ties of
    /// kind and start (Docs/Semantics.md, "Result order"): the record's rank, higher first, the
    /// text's length in units, the id by UTF-8 bytes.
    static func places(in store: RecordStore) -> [UInt32] {
      var live: [Int] = []
      var lengths = [Int](repeating: 0, count: store.ids.count)
      store.forEachRecord { slot, record in
        live.append(slot)
        lengths[slot] = record.units.count
      }
      live.sort { first, second in
        if store.ranks[first] != store.ranks[second] { return store.ranks[first] > store.ranks[second] }
        if lengths[first] != lengths[second] { return lengths[first] < lengths[second] }
        return store.ids[first].utf8.lexicographicallyPrecedes(store.ids[second].utf8)
      }
      var places = [UInt32](repeating: 0, count: store.ids.count)
      for (place, slot) in live.enumerated() { places[slot] = UInt32(place) }
      return places
    }
  }
}

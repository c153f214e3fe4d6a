import Dispatch

extension KeyIndex {
  /// Builds the index of every live record of `store` for searches with `options`, calling
  /// `progress` with the number of records done every so often.
  ///
  /// Two steps, each on every processor:
  /// 1. the records, in place order (`PlaceOrder`), are split into a few runs per processor,
  ///    and each enumerates its records' keys (`KeyEnumerator`) into catalogs of its own, one per
  ///    bucket, and (key, group) pairs, one per posting, in lanes of a few buckets each;
  /// 2. each lane is laid out on its own: the parts' catalogs of each of its buckets are merged
  ///    into one, numbered by first appearance in place order; the keys that a rare beginning
  ///    makes unnecessary are left out; the lane's pairs are gathered by key, sorted into runs
  ///    and written as `PostingList`s. The parts' catalogs and pairs of a lane are freed as it
  ///    is laid out, so that the build's memory falls lane by lane.
  ///
  /// Nothing in the result depends on the number of processors.
  ///
  /// `sparesACore` leaves one processor to the searches that run meanwhile (a background build).
  init(
    store: RecordStore, configuration: IndexConfiguration, options: SearchOptions, sparesACore: Bool = false,
    progress: @Sendable (Int) -> Void = { _ in }
  ) {
    let limits = KeyLimits(configuration: configuration, options: options)
    self.limits = limits
    rareKeyLimit = configuration.rareKeyLimit
    self.options = options
    let processors = max(Processors.onlineCount - (sparesACore ? 1 : 0), 1)
    let slotsByPlace = PlaceOrder.slots(of: store)
    self.slotsByPlace = FlatArray(slotsByPlace)

    // 1. Enumerate.
    // A few parts per processor, which take them as they finish: records differ in cost.
    let partCount = min(4 * processors, max(1, slotsByPlace.count / 1024))
    let results = ConcurrentResults<KeyCollection>(count: partCount)
    let done = Locked(0)  // added to every 4,096 records: a lock costs nothing there
    let bounds = Self.partBounds(of: slotsByPlace, in: store, count: partCount)
    DispatchQueue.concurrentPerform(iterations: partCount) { (part: Int) -> Void in
      let places = bounds[part]..<bounds[part + 1]
      var collection = KeyCollection(places: places)
      var enumerator = KeyEnumerator(limits: limits, options: options)
      collection.collect(store: store, slotsByPlace: slotsByPlace, enumerator: &enumerator) { count in
        let total = done.withLock { done in
          done += count
          return done
        }
        if part == 0 { progress(total) }
      }
      results.set(part, collection)
    }
    let parts = (0..<partCount).map { results.take($0) }
    progress(done.withLock { $0 })
    overflow = parts.flatMap(\.overflow).sorted()

    // 2. Lay out the lanes, the largest first.
    let lanes = (0..<PairLane.count).sorted { first, second in
      parts.reduce(0) { $0 + $1.lanes[first].pairCount } > parts.reduce(0) { $0 + $1.lanes[second].pairCount }
    }
    let tables = ConcurrentResults<[(Int, KeyTable)]>(count: PairLane.count)
    DispatchQueue.concurrentPerform(iterations: lanes.count) { (index: Int) -> Void in
      let lane = lanes[index]
      tables.set(lane, Self.tables(ofLane: lane, parts: parts, rareKeyLimit: configuration.rareKeyLimit))
    }
    var all = [KeyTable](repeating: KeyTable(), count: KeyBucket.count)
    for lane in 0..<PairLane.count {
      for (bucket, table) in tables.take(lane) { all[bucket] = table }
    }
    self.tables = all
  }

  /// An estimate of the work of enumerating the keys of a record of `units` units: its keys
  /// are at most a key length's worth of units long from each unit.
  private static func cost(ofUnits units: Int) -> Int { units * min(units, 16) + 8 }

  /// Where each of `count` parts of the places begins, and the end: runs of about the same
  /// work, which grows with a record's length (place order puts the short records first).
  private static func partBounds(of slotsByPlace: [UInt32], in store: RecordStore, count: Int) -> [Int] {
    var costs = [Int](repeating: 0, count: slotsByPlace.count + 1)
    store.withRecords { records in
      for (place, slot) in slotsByPlace.enumerated() {
        costs[place + 1] = costs[place] + Self.cost(ofUnits: records.unitCount(ofSlot: Int(slot)))
      }
    }
    var bounds = [0]
    var place = 0
    for part in 1..<max(count, 1) {
      let target = costs[slotsByPlace.count] * part / count
      while place < slotsByPlace.count && costs[place] < target { place += 1 }
      bounds.append(place)
    }
    bounds.append(slotsByPlace.count)
    return bounds
  }

  /// The tables of the buckets of lane `lane`, from the catalogs and pairs of `parts`.
  private static func tables(ofLane lane: Int, parts: [KeyCollection], rareKeyLimit: Int) -> [(Int, KeyTable)] {
    let buckets = Array(PairLane.buckets(of: lane))
    // Each bucket's keys: one catalog, with each part's key numbers in it.
    var catalogs: [KeyCatalog] = []
    var numbers: [[[UInt32]]] = []  // by bucket, part: the part's numbers in the catalog (none for the first)
    var kept: [[Int]] = []
    for bucket in buckets {
      let (catalog, partNumbers) = merged(parts.map { $0.catalogs[bucket] })
      for part in parts { part.catalogs[bucket].removeAll() }  // only this lane reads them
      catalogs.append(catalog)
      numbers.append(partNumbers)
      kept.append(keptKeys(of: catalog, rareKeyLimit: rareKeyLimit))
    }
    var gathered = gatheredPostings(
      ofLane: lane, parts: parts, buckets: buckets, catalogs: catalogs, numbers: numbers, kept: kept)
    var tables: [(Int, KeyTable)] = []
    var position = 0
    gathered.withUnsafeMutableBufferPointer { gathered in
      for (index, bucket) in buckets.enumerated() {
        let table = Self.table(of: catalogs[index], keys: kept[index], postings: gathered, from: &position)
        tables.append((bucket, table))
      }
    }
    return tables
  }

  /// The postings of the kept keys of the lane's buckets (`kept`, by bucket, in catalog order),
  /// each key's together in that order: a posting as its group (high half) and place (low
  /// half), whose order is result order.
  private static func gatheredPostings(
    ofLane lane: Int, parts: [KeyCollection], buckets: [Int], catalogs: [KeyCatalog], numbers: [[[UInt32]]],
    kept: [[Int]]
  ) -> [UInt64] {
    // Where each kept key's postings go, -1 for the keys left out.
    var cursors = catalogs.map { [Int32](repeating: -1, count: $0.count) }
    var total = 0
    for (index, keys) in kept.enumerated() {
      for key in keys {
        cursors[index][key] = Int32(total)
        total += catalogs[index].postingCount(of: key)
      }
    }
    precondition(total < Int(Int32.max), "a lane of an index holds less than 2³¹ postings")
    var gathered = [UInt64](repeating: 0, count: total)
    var bucketIndex = [Int](repeating: 0, count: KeyBucket.count)
    for (index, bucket) in buckets.enumerated() { bucketIndex[bucket] = index }
    gathered.withUnsafeMutableBufferPointer { gathered in
      for (number, part) in parts.enumerated() {
        part.lanes[lane].forEachPair(firstPlace: part.places.lowerBound) { bucket, key, group, place in
          let index = bucketIndex[bucket]
          let key = number == 0 ? key : Int(numbers[index][number][key])
          let cursor = Int(cursors[index][key])
          if cursor < 0 { return }
          gathered[cursor] = UInt64(group) << 32 | UInt64(place)
          cursors[index][key] = Int32(cursor + 1)
        }
        part.lanes[lane].removeAll()  // only this lane reads its pairs
      }
    }
    return gathered
  }

  /// The table of the keys `keys` of `catalog`, whose postings lie one key after another in
  /// `postings` from `position` on (sorted here where a key's are not in order yet); moves
  /// `position` past them.
  private static func table(
    of catalog: KeyCatalog, keys: [Int], postings: UnsafeMutableBufferPointer<UInt64>, from position: inout Int
  ) -> KeyTable {
    var table = KeyTable()
    var runs: [UInt8] = []
    var offsets: [UInt32] = []
    var hashes: [UInt64] = []
    offsets.reserveCapacity(keys.count)
    hashes.reserveCapacity(keys.count)
    for key in keys {
      var postings = UnsafeMutableBufferPointer(
        rebasing: postings[position..<(position + catalog.postingCount(of: key))])
      position += postings.count
      if !zip(postings, postings.dropFirst()).allSatisfy({ $0.0 <= $0.1 }) { postings.sort() }
      runs.removeAll(keepingCapacity: true)
      appendRuns(of: UnsafeBufferPointer(postings), to: &runs)
      precondition(table.bytes.count < Int(UInt32.max) - 1024, "an index bucket holds less than 4 GiB")
      offsets.append(UInt32(table.bytes.count))
      hashes.append(catalog.hash(of: key))
      catalog.withKey(key) { key in
        runs.withUnsafeBufferPointer { table.append(key: key, count: postings.count, runs: $0) }
      }
    }
    table.makeSlots(offsets: offsets, hashes: hashes)
    return table
  }

  /// One catalog of the keys of `catalogs`, numbered by first appearance in them in order, with
  /// their posting counts added; and each catalog's key numbers in it (none for the first, the
  /// same).
  private static func merged(_ catalogs: [KeyCatalog]) -> (KeyCatalog, [[UInt32]]) {
    let merged = KeyCatalog(capacity: catalogs.reduce(0) { $0 + $1.count })
    var numbers: [[UInt32]] = []
    for (index, catalog) in catalogs.enumerated() {
      var map = [UInt32](repeating: 0, count: index == 0 ? 0 : catalog.count)
      for key in 0..<catalog.count {
        let number = catalog.withKey(key) { merged.insert($0, hash: catalog.hash(of: key)) }
        merged.addPostings(UInt32(catalog.postingCount(of: key)), to: number)
        if index > 0 { map[key] = UInt32(number) }
      }
      numbers.append(map)
    }
    return (merged, numbers)
  }

  /// The keys of `catalog` to store, in catalog order: all but those with a beginning
  /// (`KeyPrefixes`) that is rare — has at most `rareKeyLimit` postings — or is itself left out.
  private static func keptKeys(of catalog: KeyCatalog, rareKeyLimit: Int) -> [Int] {
    // Shorter keys first, so that a key's beginning is decided before the key: sorted by
    // length, counting.
    var starts = [Int](repeating: 0, count: 257)
    for key in 0..<catalog.count { starts[catalog.length(of: key) + 1] += 1 }
    for length in 0..<256 { starts[length + 1] += starts[length] }
    var byLength = [Int32](repeating: 0, count: catalog.count)
    for key in 0..<catalog.count {
      let length = catalog.length(of: key)
      byLength[starts[length]] = Int32(key)
      starts[length] += 1
    }
    var isKept = [Bool](repeating: false, count: catalog.count)
    var isOpen = [Bool](repeating: false, count: catalog.count)  // kept, with more than rareKeyLimit postings
    for key in byLength.lazy.map({ Int($0) }) {
      let keep = catalog.withKey(key) { bytes -> Bool in
        guard let cut = KeyPrefixes.longestProperPrefix(of: bytes) else { return true }
        let prefix = UnsafeBufferPointer(rebasing: bytes[..<cut])
        guard let parent = catalog.number(of: prefix, hash: KeyHash.hash(prefix)) else { return true }
        return isOpen[parent]
      }
      isKept[key] = keep
      isOpen[key] = keep && catalog.postingCount(of: key) > rareKeyLimit
    }
    return (0..<catalog.count).filter { isKept[$0] }
  }

  /// Writes `postings` (group in the high half, place in the low half, in increasing order) as
  /// runs (see `PostingList`).
  private static func appendRuns(of postings: UnsafeBufferPointer<UInt64>, to bytes: inout [UInt8]) {
    var index = 0
    while index < postings.count {
      let group = postings[index] >> 32
      var end = index + 1
      while end < postings.count && postings[end] >> 32 == group { end += 1 }
      guard let value = PostingGroup(rawValue: UInt16(group)) else { preconditionFailure("a build writes groups") }
      VarInt.append(value.streamValue, to: &bytes)
      VarInt.append(UInt32(end - index), to: &bytes)
      var previous = UInt32(truncatingIfNeeded: postings[index])
      VarInt.append(previous, to: &bytes)
      for next in (index + 1)..<end {
        let place = UInt32(truncatingIfNeeded: postings[next])
        VarInt.append(place - previous - 1, to: &bytes)
        previous = place
      }
      index = end
    }
  }
}

/// The distinct keys met while an index is built, numbered in the order they were first
/// inserted, each with its number of postings so far: a hash table over a byte arena.
///
/// Keys are told apart by their bytes, so keys whose hashes collide are two keys. Built by one
/// thread, then only read, by any: it is handed between threads through `ConcurrentResults`,
/// whose lock orders the writes before the reads. For the same reason its properties go without
/// the run-time exclusivity checks of a class's stored properties, which cost more than the
/// rest of an insertion.
final class KeyCatalog: @unchecked Sendable {
  /// Each key's `KeyHash`.
  @exclusivity(unchecked) private var hashes: GrowableBuffer<UInt64>
  /// Where each key's bytes end in `arena`; they begin where the previous key's end.
  @exclusivity(unchecked) private var ends: GrowableBuffer<UInt32>
  /// The keys' bytes, one after another.
  @exclusivity(unchecked) private var arena: GrowableBuffer<UInt8>
  /// Each key's number of postings.
  @exclusivity(unchecked) private var counts: GrowableBuffer<UInt32>
  /// Open addressing, linear probing: key number plus one, or 0 for a free slot; at most half full.
  @exclusivity(unchecked) private var table: UnsafeMutableBufferPointer<UInt32>

  /// An empty catalog with room for about `capacity` keys.
  init(capacity: Int = 256) {
    var tableCapacity = 512
    while tableCapacity < capacity * 2 { tableCapacity *= 2 }
    hashes = GrowableBuffer(capacity: capacity)
    ends = GrowableBuffer(capacity: capacity)
    arena = GrowableBuffer(capacity: capacity * 8)
    counts = GrowableBuffer(capacity: capacity)
    table = .allocate(capacity: tableCapacity)
    table.initialize(repeating: 0)
  }

  deinit { table.deallocate() }

  /// The number of keys.
  var count: Int { hashes.count }

  /// The hash of key `number`.
  @inline(__always)
  func hash(of number: Int) -> UInt64 { hashes[number] }

  /// The number of postings of key `number`.
  @inline(__always)
  func postingCount(of number: Int) -> Int { Int(counts[number]) }

  /// The length of key `number` in bytes.
  @inline(__always)
  func length(of number: Int) -> Int { Int(ends[number]) - (number == 0 ? 0 : Int(ends[number - 1])) }

  /// Adds `count` postings to key `number`.
  @inline(__always)
  func addPostings(_ count: UInt32, to number: Int) {
    // Not `+=`: a compound assignment through a noncopyable buffer's subscript crashed the
    // compiler (Swift 6.3.1) under the thread sanitizer.
    counts[number] = counts[number] + count
  }

  /// Calls `body` with the bytes of key `number`.
  @inline(__always)
  func withKey<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let start = number == 0 ? 0 : Int(ends[number - 1])
    return body(UnsafeBufferPointer(start: arena.storage.baseAddress! + start, count: Int(ends[number]) - start))
  }

  /// The number of `key`, whose hash is `hash`, or nil when it has not been inserted.
  func number(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    let (_, found) = probe(key, hash: hash)
    return found < 0 ? nil : found
  }

  /// The number of `key`, whose hash is `hash`, inserted with no postings when it is new.
  @inline(__always)
  func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
    let (index, found) = probe(key, hash: hash)
    if found >= 0 { return found }
    precondition(arena.count + key.count < Int(UInt32.max), "an index build holds at most 4 GiB of distinct keys")
    hashes.append(hash)
    arena.append(contentsOf: key)
    ends.append(UInt32(arena.count))
    counts.append(0)
    table[index] = UInt32(hashes.count)
    if hashes.count * 2 > table.count { grow() }
    return hashes.count - 1
  }

  /// The slot where `key` is or would go, and its number when it is there, else -1.
  @inline(__always)
  private func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (index: Int, found: Int) {
    let mask = table.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let number = Int(table[index]) - 1
      if number < 0 { return (index, -1) }
      if hashes[number] == hash {
        let start = number == 0 ? 0 : Int(ends[number - 1])
        if Int(ends[number]) - start == key.count
          && bytesEqual(arena.storage.baseAddress! + start, key.baseAddress!, count: key.count)
        {
          return (index, number)
        }
      }
      index = (index + 1) & mask
    }
  }

  /// Forgets every key and frees their memory: a part's catalog, once merged into its lane's.
  func removeAll() {
    hashes = GrowableBuffer(capacity: 1)
    ends = GrowableBuffer(capacity: 1)
    arena = GrowableBuffer(capacity: 1)
    counts = GrowableBuffer(capacity: 1)
    table.deallocate()
    table = .allocate(capacity: 2)
    table.initialize(repeating: 0)
  }

  private func grow() {
    let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: self.table.count * 2)
    table.initialize(repeating: 0)
    let mask = table.count - 1
    for number in 0..<hashes.count {
      var index = Int(truncatingIfNeeded: hashes[number]) & mask
      while table[index] != 0 { index = (index + 1) & mask }
      table[index] = UInt32(number + 1)
    }
    self.table.deallocate()
    self.table = table
  }
}

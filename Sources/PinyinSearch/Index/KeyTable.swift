/// One of the index's 37 buckets: a hash table from key to postings, in flat arrays.
///
/// Entry `e` has the key `keyBytes[keyStarts[e] ..< keyStarts[e + 1]]` with hash `hashes[e]`
/// and the postings `postings[postingStarts[e] ..< postingStarts[e + 1]]`, sorted in result
/// order. `slots` is an open-addressing table of entry numbers plus one (0 = empty), at most
/// half full.
struct KeyTable: Sendable {
  var slots: [UInt32] = [0, 0]
  var hashes: [UInt64] = []
  var keyStarts: [UInt32] = [0]
  var keyBytes: [UInt8] = []
  var postingStarts: [UInt32] = [0]
  var postings: [UInt32] = []

  /// The number of keys.
  var keyCount: Int { hashes.count }

  /// The bytes the table occupies.
  var byteCount: Int {
    slots.count * 4 + hashes.count * 8 + keyStarts.count * 4 + keyBytes.count + postingStarts.count * 4
      + postings.count * 4
  }

  /// The entry of `key`, or nil when the table does not have it.
  func entry(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = Int(slots[index]) - 1
      if found < 0 { return nil }
      if hashes[found] == hash && hasKey(key, at: found) { return found }
      index = (index + 1) & mask
    }
  }

  /// The range of entry `entry`'s postings in `postings`.
  @inline(__always)
  func postingRange(of entry: Int) -> Range<Int> {
    Int(postingStarts[entry])..<Int(postingStarts[entry + 1])
  }

  /// The bytes of entry `entry`'s key.
  func withKey<Result>(of entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    keyBytes.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[Int(keyStarts[entry])..<Int(keyStarts[entry + 1])]))
    }
  }

  /// The entry of `key`, added when absent (without postings); nil when another key has the same hash.
  mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    if (hashes.count + 1) * 2 > slots.count { rehash(capacity: slots.count * 2) }
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = Int(slots[index]) - 1
      if found < 0 { break }
      if hashes[found] == hash { return hasKey(key, at: found) ? found : nil }
      index = (index + 1) & mask
    }
    hashes.append(hash)
    keyBytes.append(contentsOf: key)
    keyStarts.append(UInt32(keyBytes.count))
    slots[index] = UInt32(hashes.count)
    return hashes.count - 1
  }

  /// Appends an entry with its postings; `rehash()` must follow the last one.
  mutating func append(key: UnsafeBufferPointer<UInt8>, hash: UInt64, postings newPostings: UnsafeBufferPointer<UInt32>)
  {
    hashes.append(hash)
    keyBytes.append(contentsOf: key)
    keyStarts.append(UInt32(keyBytes.count))
    postings.append(contentsOf: newPostings)
    postingStarts.append(UInt32(postings.count))
  }

  /// Rebuilds the open-addressing table for the current entries, at most half full.
  mutating func rehash(capacity minimum: Int = 2) {
    var capacity = max(minimum, 2)
    while capacity < hashes.count * 2 { capacity *= 2 }
    slots = [UInt32](repeating: 0, count: capacity)
    let mask = capacity - 1
    for (entry, hash) in hashes.enumerated() {
      var index = Int(truncatingIfNeeded: hash) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = UInt32(entry + 1)
    }
  }

  private func hasKey(_ key: UnsafeBufferPointer<UInt8>, at entry: Int) -> Bool {
    let start = Int(keyStarts[entry])
    guard Int(keyStarts[entry + 1]) - start == key.count else { return false }
    return keyBytes.withUnsafeBufferPointer { bytesEqual($0.baseAddress! + start, key.baseAddress!, count: key.count) }
  }
}

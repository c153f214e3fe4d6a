/// One of the index's 37 buckets: a hash table from key to postings, in flat arrays.
///
/// Entry `e` has the key `keyBytes[keyStarts[e] ..< keyStarts[e + 1]]` with hash `hashes[e]`
/// and the postings `postings[postingStarts[e] ..< postingStarts[e + 1]]`, sorted in result
/// order. `slots` is an open-addressing table of entry numbers plus one (0 = empty), at most
/// half full.
struct KeyTable: Sendable {
  var slots: [UInt32] = [0]
  var hashes: [UInt64] = []
  var keyStarts: [UInt32] = [0]
  var keyBytes: [UInt8] = []
  var postingStarts: [UInt32] = [0]
  var postings: [UInt64] = []

  /// The number of keys.
  var keyCount: Int { hashes.count }

  /// The bytes the table occupies.
  var byteCount: Int {
    slots.count * 4 + hashes.count * 8 + keyStarts.count * 4 + keyBytes.count + postingStarts.count * 4
      + postings.count * 8
  }

  /// Calls `body` with the postings of `key` (empty when the key is absent).
  func withPostings<Result>(
    of key: UnsafeBufferPointer<UInt8>, hash: UInt64, _ body: (UnsafeBufferPointer<UInt64>) -> Result
  ) -> Result {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = Int(slots[index])
      if found == 0 { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      let entry = found - 1
      if hashes[entry] == hash {
        let keyRange = Int(keyStarts[entry])..<Int(keyStarts[entry + 1])
        let isEqual =
          keyRange.count == key.count
          && keyBytes.withUnsafeBufferPointer { bytesEqual($0.baseAddress! + keyRange.lowerBound, key.baseAddress!, count: key.count) }
        if isEqual {
          return postings.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(postingStarts[entry])..<Int(postingStarts[entry + 1])]))
          }
        }
      }
      index = (index + 1) & mask
    }
  }

  /// Appends an entry; `rehash()` must follow the last one.
  mutating func append(key: UnsafeBufferPointer<UInt8>, hash: UInt64, postings newPostings: some Collection<UInt64>) {
    hashes.append(hash)
    keyBytes.append(contentsOf: key)
    keyStarts.append(UInt32(keyBytes.count))
    postings.append(contentsOf: newPostings)
    postingStarts.append(UInt32(postings.count))
  }

  /// Builds the open-addressing table over the entries.
  mutating func rehash() {
    var capacity = 2
    while capacity < hashes.count * 2 { capacity *= 2 }
    slots = [UInt32](repeating: 0, count: capacity)
    let mask = capacity - 1
    for (entry, hash) in hashes.enumerated() {
      var index = Int(truncatingIfNeeded: hash) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = UInt32(entry + 1)
    }
  }
}

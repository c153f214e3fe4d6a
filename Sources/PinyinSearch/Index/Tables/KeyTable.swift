/// One of the index's 37 buckets: a hash table from key to postings, in two flat arrays.
///
/// `bytes` holds the entries one after another, each a key and its postings:
///
///     length  key bytes …  count  runs … (see `PostingList`)
///
/// with the key's length in one byte and the number of postings as a `VarInt`. `slots` is an
/// open-addressing table (linear probing, a power of two at most half full) of entry offsets
/// plus one, 0 for a free slot. A lookup compares the key's bytes, so two keys never share an
/// entry, whatever their hashes.
///
/// Every read is bounds-checked and a lookup probes each slot at most once, so that a table
/// read from a damaged snapshot can make a search return wrong records, but not crash or hang.
struct KeyTable: Sendable {
  var slots = FlatArray<UInt32>([0, 0])
  var bytes = FlatArray<UInt8>()
  /// The number of keys.
  var keyCount = 0
  /// The number of postings of all keys.
  var postingCount = 0

  /// The bytes the table occupies.
  var byteCount: Int { slots.count * 4 + bytes.count }

  /// Where the postings of `key`, whose `KeyHash` is `hash`, begin in `bytes` and how many there
  /// are; nil when the table does not have the key.
  @inline(__always)
  func postings(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (offset: Int, count: Int)? {
    slots.withUnsafeBufferPointer { slots in
      bytes.withUnsafeBufferPointer { bytes in
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<slots.count {
          let value = Int(slots[index])
          if value == 0 { return nil }
          let entry = value - 1
          if entry < bytes.count && Int(bytes[entry]) == key.count && entry + 1 + key.count <= bytes.count
            && bytesEqual(bytes.baseAddress! + entry + 1, key.baseAddress!, count: key.count)
          {
            var position = entry + 1 + key.count
            guard let count = VarInt.read(bytes, at: &position) else { return nil }
            return (position, Int(count))
          }
          index = (index + 1) & mask
        }
        return nil
      }
    }
  }

  /// Calls `body` with each key the slot table names and where its postings begin and how
  /// many there are, in slot order; stops when `body` returns false. Entries that cannot be
  /// read (from a damaged snapshot) are skipped.
  func forEachKey(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Bool) {
    let slots = slots
    bytes.withUnsafeBufferPointer { bytes in
      slots.withUnsafeBufferPointer { slots in
        for value in slots where value != 0 {
          let entry = Int(value) - 1
          guard entry < bytes.count else { continue }
          let length = Int(bytes[entry])
          var position = entry + 1 + length
          guard position <= bytes.count, let count = VarInt.read(bytes, at: &position) else { continue }
          if !body(UnsafeBufferPointer(rebasing: bytes[(entry + 1)..<(entry + 1 + length)]), position, Int(count)) {
            return
          }
        }
      }
    }
  }

  /// Appends an entry: `key`, then `count` postings already written as runs in `runs`.
  mutating func append(key: UnsafeBufferPointer<UInt8>, count: Int, runs: UnsafeBufferPointer<UInt8>) {
    precondition(key.count <= 255, "a key is at most 255 bytes")
    bytes.append(UInt8(key.count))
    bytes.append(contentsOf: key)
    VarInt.append(UInt32(count), to: &bytes)
    bytes.append(contentsOf: runs)
    keyCount += 1
    postingCount += count
  }

  /// Builds the slot table for the entries appended, whose offsets and hashes are given in
  /// order.
  mutating func makeSlots(offsets: [UInt32], hashes: [UInt64]) {
    var capacity = 2
    while capacity < offsets.count * 2 + 1 { capacity *= 2 }
    var slots = [UInt32](repeating: 0, count: capacity)
    let mask = capacity - 1
    for (offset, hash) in zip(offsets, hashes) {
      var index = Int(truncatingIfNeeded: hash) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = offset + 1
    }
    self.slots = FlatArray(slots)
  }
}

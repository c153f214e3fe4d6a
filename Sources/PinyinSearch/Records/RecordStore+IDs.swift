/// The id table: open addressing with linear probing over the ids of live records, a power of
/// two of `UInt32` entries, at most half of them used: 0 for a free entry, `removedMark` for one
/// whose record was removed (probing goes on past it), else the slot plus one. Keyed by the
/// `KeyHash` of the id's UTF-8 bytes, a fixed function, so that a snapshot holds the table as
/// it is.
///
/// A lookup probes each entry at most once and checks every slot it reads, so that a table read
/// from a damaged snapshot can make a lookup miss, never crash or hang.
extension RecordStore {
  /// The entry of a removed record.
  static let removedMark = UInt32.max

  /// The slot of the live record with `id`, if there is one.
  func slot(ofID id: String) -> Int? {
    var id = id
    return id.withUTF8 { slot(ofID: $0) }
  }

  /// The slot of the live record whose id has the UTF-8 bytes `id`, if there is one.
  func slot(ofID id: UnsafeBufferPointer<UInt8>) -> Int? {
    idTable.withUnsafeBufferPointer { table -> Int? in
      guard table.count >= 2 else { return nil }
      let mask = table.count - 1
      var index = Int(truncatingIfNeeded: KeyHash.hash(id)) & mask
      for _ in 0..<table.count {
        let entry = table[index]
        if entry == 0 { return nil }
        if entry != Self.removedMark {
          let slot = Int(entry) - 1
          if slot < slotCount && isLive(slot) && withID(ofSlot: slot, { bytesCompare($0, id) == 0 }) { return slot }
        }
        index = (index + 1) & mask
      }
      return nil
    }
  }

  /// Makes the table large enough for `count` records without growing.
  mutating func reserveTable(for count: Int) {
    var capacity = 4
    while capacity < count * 2 + 2 { capacity *= 2 }
    if capacity > idTable.count { rebuildTable(capacity: capacity) }
  }

  /// Enters the live record in `slot`, whose id is not in the table.
  mutating func insertInTable(slot: Int) {
    if (count + removedInTableCount + 1) * 2 > idTable.count {
      var capacity = 4
      while capacity < (count + 1) * 4 { capacity *= 2 }
      rebuildTable(capacity: capacity)
    }
    let hash = withID(ofSlot: slot) { KeyHash.hash($0) }
    idTable.withUnsafeMutableBufferPointer { table in
      let mask = table.count - 1
      var index = Int(truncatingIfNeeded: hash) & mask
      while table[index] != 0 { index = (index + 1) & mask }
      table[index] = UInt32(slot + 1)
    }
  }

  /// Marks the entry of `slot` removed.
  mutating func removeFromTable(slot: Int) {
    let hash = withID(ofSlot: slot) { KeyHash.hash($0) }
    idTable.withUnsafeMutableBufferPointer { table in
      let mask = table.count - 1
      var index = Int(truncatingIfNeeded: hash) & mask
      for _ in 0..<table.count {
        if table[index] == UInt32(slot + 1) {
          table[index] = Self.removedMark
          return
        }
        if table[index] == 0 { return }
        index = (index + 1) & mask
      }
    }
    removedInTableCount += 1
  }

  /// Rebuilds the table with `capacity` entries (a power of two) for the live records.
  private mutating func rebuildTable(capacity: Int) {
    var table = [UInt32](repeating: 0, count: capacity)
    let mask = capacity - 1
    for slot in 0..<slotCount where isLive(slot) {
      let hash = withID(ofSlot: slot) { KeyHash.hash($0) }
      var index = Int(truncatingIfNeeded: hash) & mask
      while table[index] != 0 { index = (index + 1) & mask }
      table[index] = UInt32(slot + 1)
    }
    idTable = FlatArray(table)
    removedInTableCount = 0
  }
}

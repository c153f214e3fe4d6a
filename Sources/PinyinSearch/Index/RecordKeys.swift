/// The distinct keys of one record, each with the record's best match for it in each way of
/// matching: scratch space that an index build reuses from record to record.
///
/// The enumerator offers every (key, way, range) it finds; this set keeps, per key and way, the
/// leftmost then shortest range, and `best(of:)` combines the ways as Docs/Semantics.md ranks them.
struct RecordKeys {
  /// The ways a key can match, in the order Docs/Semantics.md prefers them. A phone match counts as
  /// literal, but only when there is no plain literal match.
  enum Way: Int {
    case literal, phone, fullPinyin, initials, mixed
  }

  /// A key and its best range per way (`start == Int32.max` where the way does not match).
  struct Entry {
    var hash: UInt64
    var offset: Int32
    var length: Int32
    var starts: SIMD8<Int32> = SIMD8(repeating: .max)
    var ends: SIMD8<Int32> = SIMD8(repeating: .max)
  }

  private(set) var entries: [Entry] = []
  private(set) var arena: [UInt8] = []
  /// Open addressing: entry number + 1, or 0 for an empty slot.
  private var table = [Int32](repeating: 0, count: 64)

  /// The number of distinct keys.
  var count: Int { entries.count }

  /// Forgets every key, keeping the storage.
  mutating func removeAll() {
    if entries.count * 8 < table.count && table.count > 64 {
      for entry in entries { table[slot(of: entry.hash, bytes: entry.offset, length: entry.length)] = 0 }
    } else {
      table.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
    entries.removeAll(keepingCapacity: true)
    arena.removeAll(keepingCapacity: true)
  }

  /// Records that `key` matches by `way` over units `start ..< end`.
  mutating func insert(_ key: UnsafeBufferPointer<UInt8>, way: Way, start: Int, end: Int) {
    let hash = KeyHash.hash(key)
    var index = Int(truncatingIfNeeded: hash) & (table.count - 1)
    while true {
      let found = Int(table[index])
      if found == 0 { break }
      let entry = entries[found - 1]
      if entry.hash == hash && Int(entry.length) == key.count && equals(entry, key) {
        update(found - 1, way: way, start: start, end: end)
        return
      }
      index = (index + 1) & (table.count - 1)
    }
    entries.append(Entry(hash: hash, offset: Int32(arena.count), length: Int32(key.count)))
    arena.append(contentsOf: key)
    table[index] = Int32(entries.count)
    update(entries.count - 1, way: way, start: start, end: end)
    if entries.count * 2 > table.count { grow() }
  }

  /// The best match of entry `entry` over all ways.
  func best(of entry: Entry) -> Match {
    for way in 0...Way.mixed.rawValue where entry.starts[way] != .max {
      let kind: MatchKind =
        switch Way(rawValue: way)! {
        case .literal, .phone: .literal
        case .fullPinyin: .fullPinyin
        case .initials: .initials
        case .mixed: .mixed
        }
      return Match(kind: kind, start: Int(entry.starts[way]), end: Int(entry.ends[way]))
    }
    preconditionFailure("a key is only recorded with a match")
  }

  /// The bytes of `entry`'s key.
  func withKey<Result>(of entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    arena.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset + entry.length)]))
    }
  }

  private mutating func update(_ number: Int, way: Way, start: Int, end: Int) {
    let start = Int32(start)
    let end = Int32(end)
    let old = (entries[number].starts[way.rawValue], entries[number].ends[way.rawValue])
    if start < old.0 || (start == old.0 && end < old.1) {
      entries[number].starts[way.rawValue] = start
      entries[number].ends[way.rawValue] = end
    }
  }

  private func equals(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    arena.withUnsafeBufferPointer { arena in
      bytesEqual(arena.baseAddress! + Int(entry.offset), key.baseAddress!, count: key.count)
    }
  }

  private func slot(of hash: UInt64, bytes offset: Int32, length: Int32) -> Int {
    var index = Int(truncatingIfNeeded: hash) & (table.count - 1)
    while true {
      let found = Int(table[index])
      if found != 0 && entries[found - 1].offset == offset { return index }
      index = (index + 1) & (table.count - 1)
    }
  }

  private mutating func grow() {
    table = [Int32](repeating: 0, count: table.count * 2)
    for (number, entry) in entries.enumerated() {
      var index = Int(truncatingIfNeeded: entry.hash) & (table.count - 1)
      while table[index] != 0 { index = (index + 1) & (table.count - 1) }
      table[index] = Int32(number + 1)
    }
  }
}

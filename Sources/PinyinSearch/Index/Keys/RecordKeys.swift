/// The distinct keys of one record, each with the record's best match for it in each way of
/// matching: scratch space that an index build reuses from record to record.
///
/// The enumerator offers every (key, way, range) it finds; this set keeps, per key, the best: by
/// way as Docs/Semantics.md ranks them, then leftmost, then shortest.
///
/// An index build offers some hundred keys per record, so the storage is raw memory that grows
/// and is never shrunk or checked for sharing: one `RecordKeys` per enumerator, not copied.
struct RecordKeys {
  /// The ways a key can match, in the order Docs/Semantics.md prefers them: kind, then exact
  /// before fuzzy. A phone match counts as literal, but only when there is no plain literal match.
  enum Way: Int, CaseIterable {
    case literal, phone, fullPinyin, fullPinyinFuzzy, initials, initialsFuzzy, mixed, mixedFuzzy, keypad, keypadFuzzy

    /// The fuzzy way of the same kind.
    var fuzzy: Way {
      switch self {
      case .fullPinyin: .fullPinyinFuzzy
      case .initials: .initialsFuzzy
      case .mixed: .mixedFuzzy
      case .keypad: .keypadFuzzy
      default: self
      }
    }

    /// The kind of a match found this way, and whether it is fuzzy.
    var match: (kind: MatchKind, isFuzzy: Bool) {
      switch self {
      case .literal, .phone: (.literal, false)
      case .fullPinyin: (.fullPinyin, false)
      case .fullPinyinFuzzy: (.fullPinyin, true)
      case .initials: (.initials, false)
      case .initialsFuzzy: (.initials, true)
      case .mixed: (.mixed, false)
      case .mixedFuzzy: (.mixed, true)
      case .keypad: (.keypad, false)
      case .keypadFuzzy: (.keypad, true)
      }
    }
  }

  /// A key and its best match so far, as `way << 48 | start << 24 | end`: the smallest is the
  /// best, by way (Docs/Semantics.md's order), then leftmost, then shortest.
  private struct Entry {
    var hash: UInt64
    var best: UInt64
    var offset: UInt32
    var length: UInt32
  }

  /// The entries, their keys' bytes and the hash table over them; one owner, one thread, so
  /// without the run-time exclusivity checks of a class's stored properties.
  private final class Storage {
    @exclusivity(unchecked) var entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: 256)
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var arena = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
    @exclusivity(unchecked) var arenaCount = 0
    /// Open addressing: entry number + 1, or 0 for an empty slot; at most half full.
    @exclusivity(unchecked) var table = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 64)

    init() { table.initialize(repeating: 0) }

    deinit {
      entries.deallocate()
      arena.deallocate()
      table.deallocate()
    }

    func growEntries() {
      let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: self.entries.count * 2)
      _ = entries.initialize(from: self.entries[..<count])
      self.entries.deallocate()
      self.entries = entries
    }

    func growArena(toHold extra: Int) {
      var capacity = arena.count * 2
      while capacity < arenaCount + extra { capacity *= 2 }
      let arena = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
      _ = arena.initialize(from: self.arena[..<arenaCount])
      self.arena.deallocate()
      self.arena = arena
    }

    func growTable() {
      let table = UnsafeMutableBufferPointer<Int32>.allocate(capacity: self.table.count * 2)
      table.initialize(repeating: 0)
      let mask = table.count - 1
      for number in 0..<count {
        var index = Int(truncatingIfNeeded: entries[number].hash) & mask
        while table[index] != 0 { index = (index + 1) & mask }
        table[index] = Int32(number + 1)
      }
      self.table.deallocate()
      self.table = table
    }
  }

  private let storage = Storage()

  /// The number of distinct keys.
  var count: Int { storage.count }

  /// Forgets every key, keeping the storage.
  func removeAll() {
    let storage = storage
    if storage.count * 8 < storage.table.count {
      let mask = storage.table.count - 1
      for number in 0..<storage.count {
        var index = Int(truncatingIfNeeded: storage.entries[number].hash) & mask
        while Int(storage.table[index]) != number + 1 { index = (index + 1) & mask }
        storage.table[index] = 0
      }
    } else {
      storage.table.update(repeating: 0)
    }
    storage.count = 0
    storage.arenaCount = 0
  }

  /// Records that `key` matches by `way` over units `start ..< end` (each below 2²⁴).
  @inline(__always)
  func insert(_ key: UnsafeBufferPointer<UInt8>, way: Way, start: Int, end: Int) {
    let storage = storage
    let hash = KeyHash.hash(key)
    let best = UInt64(way.rawValue) << 48 | UInt64(truncatingIfNeeded: start) << 24 | UInt64(truncatingIfNeeded: end)
    let mask = storage.table.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = Int(storage.table[index]) - 1
      if found < 0 { break }
      let entry = storage.entries[found]
      if entry.hash == hash && Int(entry.length) == key.count
        && bytesEqual(storage.arena.baseAddress! + Int(entry.offset), key.baseAddress!, count: key.count)
      {
        if best < entry.best { storage.entries[found].best = best }
        return
      }
      index = (index + 1) & mask
    }
    if storage.count == storage.entries.count { storage.growEntries() }
    if storage.arenaCount + key.count > storage.arena.count { storage.growArena(toHold: key.count) }
    (storage.arena.baseAddress! + storage.arenaCount).initialize(from: key.baseAddress!, count: key.count)
    storage.entries[storage.count] = Entry(
      hash: hash, best: best, offset: UInt32(storage.arenaCount), length: UInt32(key.count))
    storage.arenaCount += key.count
    storage.count += 1
    storage.table[index] = Int32(storage.count)
    if storage.count * 2 > storage.table.count { storage.growTable() }
  }

  /// Calls `body` with each key, its hash and its best match, in the order the keys were first
  /// inserted.
  @inline(__always)
  func forEachKey(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ hash: UInt64, _ best: Match) -> Void) {
    let storage = storage
    for number in 0..<storage.count {
      let entry = storage.entries[number]
      let way = Way(rawValue: Int(entry.best >> 48)) ?? .literal
      let (kind, isFuzzy) = way.match
      body(
        UnsafeBufferPointer(start: storage.arena.baseAddress! + Int(entry.offset), count: Int(entry.length)),
        entry.hash,
        Match(kind: kind, isFuzzy: isFuzzy, start: Int(entry.best >> 24 & 0xFF_FFFF), end: Int(entry.best & 0xFF_FFFF)))
    }
  }
}

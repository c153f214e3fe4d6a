/// The distinct keys of one record, each with the record's best match for it in each way of
/// matching: scratch space that an index build reuses from record to record.
///
/// The enumerator offers every (key, way, range) it finds; this set keeps, per key and way, the
/// leftmost then shortest range, and `best(of:)` combines the ways as Docs/Semantics.md ranks them.
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

  /// A key and its best range per way (`start == Int32.max` where the way does not match).
  struct Entry {
    var hash: UInt64
    var offset: Int32
    var length: Int32
    var starts: SIMD16<Int32> = SIMD16(repeating: .max)
    var ends: SIMD16<Int32> = SIMD16(repeating: .max)
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
    for way in Way.allCases where entry.starts[way.rawValue] != .max {
      let (kind, isFuzzy) = way.match
      return Match(
        kind: kind, isFuzzy: isFuzzy, start: Int(entry.starts[way.rawValue]), end: Int(entry.ends[way.rawValue]))
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

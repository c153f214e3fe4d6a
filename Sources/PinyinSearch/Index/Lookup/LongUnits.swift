/// The records that hold each unit longer than a key (`KeyLimits.maxKeyLength` bytes): a pasted
/// family emoji (`👨‍👩‍👧`, 18 bytes), a tag-sequence flag, a letter under a pile of combining
/// marks.
///
/// No key holds such a unit, so a query with one has no key and no beginning that narrows its
/// records down. But every match of it, of every kind, holds the unit in the record, unit for
/// unit (Docs/Semantics.md: a literal match compares units; the pinyin kinds type a unit other
/// than Han whole and a Han one as itself or by letters, which cannot spell it), so its
/// candidates are the records listed here under that unit: a few, where they were every record
/// (a query of one family emoji took 120 ms at 1,000,000 contacts).
///
///     // 100,000 contacts, 31 of them with 👨‍👩‍👧: the query `👨‍👩‍👧` or `a👨‍👩‍👧` matches
///     // the 31 records `appendSlots(of:to:)` lists, and no other.
///
/// Each entry is `hash << 32 | slot`, sorted: the high 32 bits of the unit's `KeyHash`, as the
/// index files keys (simplified, for an index of traditional characters), then its record's
/// slot. A collision adds candidates that the matcher turns away, never drops one. Units of
/// white space and apostrophes are left out: the pinyin kinds skip them, so a query's need not
/// be in the record.
struct LongUnits: Sendable {
  private let entries: [UInt64]
  /// The bits of an entry that hold the hash.
  private static let highHalf: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The long units of the live records of `store`, with `folding` when keys are simplified.
  ///
  /// - Complexity: O(b) for the b bytes of the records longer than `maxKeyLength`: a record
  ///   that short has no long unit, and most are skipped at once.
  init(store: RecordStore, maxKeyLength: Int, folding: SimplifiedFolding?) {
    var entries: [UInt64] = []
    var simplified: [UInt8] = []
    store.withRecords { records in
      for slot in 0..<records.slotCount where records.isLive(slot) {
        let record = records[slot]
        guard record.bytes.count > maxKeyLength else { continue }
        Self.forEachLongUnit(of: record, longerThan: maxKeyLength) { unit in
          let hash: UInt64
          if let folding {
            simplified.removeAll(keepingCapacity: true)
            folding.appendSimplified(unit, to: &simplified)
            hash = simplified.withUnsafeBufferPointer { KeyHash.hash($0) }
          } else {
            hash = KeyHash.hash(unit)
          }
          entries.append(hash & Self.highHalf | UInt64(slot))
        }
      }
    }
    entries.sort()
    self.entries = entries
  }

  /// The number of (unit, record) entries.
  var count: Int { entries.count }

  /// The bytes of the entries.
  var byteCount: Int { entries.count * MemoryLayout<UInt64>.stride }

  /// Calls `body` with the bytes of each unit of `text` that is longer than `maxKeyLength`
  /// bytes and neither white space nor an apostrophe.
  static func forEachLongUnit(
    of text: PreparedTextView, longerThan maxKeyLength: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var start = 0
    for unit in text.units {
      let end = Int(unit.end)
      if end - start > maxKeyLength && !unit.isTransparent {
        body(UnsafeBufferPointer(rebasing: text.bytes[start..<end]))
      }
      start = end
    }
  }

  /// Appends the slots of the records listed under `unit` (as the index files it) to `slots`,
  /// in increasing order: every record holding it, and maybe a few that do not.
  ///
  /// - Complexity: O(log n + k) for n entries and the k slots appended.
  func appendSlots(of unit: UnsafeBufferPointer<UInt8>, to slots: inout [Int]) {
    for entry in entries[self.entries(of: unit)] { slots.append(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)) }
  }

  /// The number of slots `appendSlots(of:to:)` appends for `unit`, in O(log n).
  func slotCount(of unit: UnsafeBufferPointer<UInt8>) -> Int { entries(of: unit).count }

  /// The entries listed under `unit`'s hash.
  private func entries(of unit: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let hash = KeyHash.hash(unit) & Self.highHalf
    let end = hash == Self.highHalf ? entries.count : firstEntry(notBelow: hash + (1 << 32))
    return firstEntry(notBelow: hash)..<end
  }

  /// The first entry not below `value`, or the count.
  private func firstEntry(notBelow value: UInt64) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// The `LongUnits` of a store, made at the first query that needs them, or by `prepare()`,
/// which a build calls: a snapshot opens without reading its records' units (a pass over them
/// is 4.6 million instructions at 100,000 generated contacts, about a millisecond, where the
/// snapshot's structure-only open takes about two), and the first query with a unit longer
/// than a key pays that pass once.
///
/// `Sendable` through its lock: the list is made and read with the mutex held.
final class LongUnitsOnDemand: Sendable {
  private let store: RecordStore
  private let maxKeyLength: Int
  private let folding: SimplifiedFolding?
  private let made = Locked<LongUnits?>(nil)

  /// The long units of `store`, longer than `maxKeyLength` bytes, filed with `folding`.
  init(store: RecordStore, maxKeyLength: Int, folding: SimplifiedFolding?) {
    self.store = store
    self.maxKeyLength = maxKeyLength
    self.folding = folding
  }

  /// The list, made now if it was not yet.
  var value: LongUnits {
    made.withLock { made in
      if let made { return made }
      let longUnits = LongUnits(store: store, maxKeyLength: maxKeyLength, folding: folding)
      made = longUnits
      return longUnits
    }
  }

  /// Makes the list now, so that no query pays for it.
  func prepare() { _ = value }

  /// The bytes of the list, 0 until it is made.
  var byteCount: Int { made.withLock { $0?.byteCount ?? 0 } }
}

import PinyinSearch

/// Objects handed to C as 64-bit handles rather than pointers, so that a closed or made-up
/// handle is an error the caller can read, never a use of freed memory.
///
/// A handle is a slot's index plus one (bits 0–31), the slot's generation (bits 32–62, counted up
/// each time the slot is emptied, so a stale handle no longer matches) and the table's tag
/// (bit 63: one table's handles are never valid in the other). 0 is never a handle.
///
///     let pages = HandleTable<ResultPage>(tag: 1)
///     let handle = pages.insert(page)
///     pages.object(for: handle)   // page
///     pages.remove(handle)        // page; the handle is now stale
///     pages.object(for: handle)   // nil
final class HandleTable<Object: AnyObject & Sendable>: Sendable {
  /// A slot of the table: its generation, and its object while it holds one.
  private struct Slot {
    var generation: UInt32
    var object: Object?
  }

  /// The slots and the indices of the empty ones.
  private struct Slots {
    var slots: [Slot] = []
    var empty: [Int] = []
  }

  private let slots = Locked(Slots())
  /// Bit 63 of every handle of this table.
  private let tag: UInt64

  /// An empty table whose handles carry `tag` (0 or 1) in bit 63.
  init(tag: UInt64) {
    self.tag = tag << 63
  }

  /// Stores `object` and returns its new handle.
  ///
  /// - Complexity: Amortized O(1).
  func insert(_ object: Object) -> UInt64 {
    slots.withLock { table in
      let index: Int
      if let reused = table.empty.popLast() {
        index = reused
        table.slots[index].object = object
      } else {
        index = table.slots.count
        table.slots.append(Slot(generation: 1, object: object))
      }
      return tag | UInt64(table.slots[index].generation) << 32 | UInt64(index + 1)
    }
  }

  /// The object of `handle`, or nil when it is not a live handle of this table.
  func object(for handle: UInt64) -> Object? {
    slots.withLock { table in
      guard let index = slotIndex(of: handle, in: table) else { return nil }
      return table.slots[index].object
    }
  }

  /// Removes and returns the object of `handle`, or nil when it is not a live handle of this
  /// table; the handle is stale from then on.
  @discardableResult
  func remove(_ handle: UInt64) -> Object? {
    slots.withLock { table in
      guard let index = slotIndex(of: handle, in: table) else { return nil }
      let object = table.slots[index].object
      table.slots[index].object = nil
      // 31 bits of generation, never 0: a slot's handles repeat only after 2^31 reuses.
      let next = table.slots[index].generation & 0x7FFF_FFFF + 1
      table.slots[index].generation = next > 0x7FFF_FFFF ? 1 : next
      table.empty.append(index)
      return object
    }
  }

  /// The slot `handle` names if it is live in `table`.
  private func slotIndex(of handle: UInt64, in table: Slots) -> Int? {
    guard handle & 1 << 63 == tag else { return nil }
    let index = Int(handle & 0xFFFF_FFFF) - 1
    let generation = UInt32(handle >> 32 & 0x7FFF_FFFF)
    guard index >= 0, index < table.slots.count, table.slots[index].object != nil,
      table.slots[index].generation == generation
    else { return nil }
    return index
  }
}

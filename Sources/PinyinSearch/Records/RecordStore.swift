/// Every record of an engine with its precomputation, in flat columns.
///
/// Each record occupies a slot. Its text, its folded bytes (the text's when folding leaves it
/// as it is, as for most Chinese texts), its units and its id sit in columns shared by all
/// records, so that a scan walks contiguous memory, adding a record allocates nothing per
/// record, and a snapshot holds the same columns: opened, it is read in place (`FlatArray`).
/// Ids are found through an open-addressing table over the id column (`RecordStore+IDs`).
/// Removing or replacing a record only marks its slot as free; once free slots outnumber live
/// ones, the columns are compacted.
///
/// A store built in id order (`init(idOrdered:)`) knows it, so that results with equal keys but
/// the id compare slot numbers rather than ids (`isInIDOrder`).
struct RecordStore: Sendable {
  /// Where one record's data lives in the columns: 24 bytes, as in a snapshot.
  struct Slot: Sendable, Equatable {
    /// The text's UTF-8 bytes in `bytes`.
    var textStart: UInt32
    var textCount: UInt32
    /// The folded bytes' start in `bytes`; their length is the last unit's end.
    var byteStart: UInt32
    /// The units in `units`.
    var unitStart: UInt32
    var unitCount: UInt32
    /// Bit 0: the slot holds a live record.
    var flags: UInt32

    /// Whether the slot holds a live record.
    var isLive: Bool { flags & 1 != 0 }
  }

  /// The records' slots.
  private(set) var slots = FlatArray<Slot>()
  /// The texts' and folded texts' UTF-8 bytes.
  private(set) var bytes = FlatArray<UInt8>()
  /// The units of the folded texts.
  private(set) var units = FlatArray<PreparedUnit>()
  /// The ids' UTF-8 bytes, one after another.
  private(set) var idBytes = FlatArray<UInt8>()
  /// Where each slot's id ends in `idBytes`; it begins where the previous slot's ends.
  private(set) var idEnds = FlatArray<UInt32>()
  /// Each slot's rank.
  private(set) var ranks = FlatArray<Int64>()
  /// Open addressing over the ids of live records (`RecordStore+IDs`).
  var idTable = FlatArray<UInt32>([0, 0, 0, 0])
  /// The number of live records.
  private(set) var count = 0
  /// The number of removed records' marks in `idTable`.
  var removedInTableCount = 0
  /// Whether the slots' ids never descend, by UTF-8 bytes: then of two live records, the one in
  /// the lower slot has the lower id (two live records never share an id).
  private(set) var isInIDOrder = true
  /// Whether every text and id in the columns is known to be well-formed UTF-8, so that their
  /// strings are made without validating them again (`String(wellFormedUTF8:)`): true for
  /// records added as strings, and for a snapshot's columns only once
  /// `SnapshotValidation.complete` has checked them; a copy keeps it only if both stores had it.
  private(set) var hasWellFormedUTF8 = true

  /// An empty store.
  init() {}

  /// A store of `records` in id order, so that `isInIDOrder` holds; a later record replaces an
  /// earlier one with its id.
  ///
  /// - Complexity: O(n log n) comparisons of ids, then the preparation of each record kept.
  init(idOrdered records: [Record]) {
    let order = records.indices.sorted { first, second in
      let order = utf8Compare(records[first].id, records[second].id)
      return order == 0 ? first < second : order < 0
    }
    var kept: [Int] = []
    kept.reserveCapacity(order.count)
    for (position, index) in order.enumerated() {
      let isReplaced =
        position + 1 < order.count && utf8Compare(records[order[position + 1]].id, records[index].id) == 0
      if !isReplaced { kept.append(index) }
    }
    reserveTable(for: kept.count)
    for index in kept { add(records[index]) }
  }

  /// A store of the live records of `stores`, less each one's `removed` slots, in id order; of
  /// records with the same id, the one of the later store is kept. Nothing is prepared again.
  init(idOrderedMerging stores: [(store: RecordStore, removed: SlotSet)]) {
    var entries: [(store: Int, slot: Int)] = []
    for (number, part) in stores.enumerated() {
      for slot in 0..<part.store.slotCount where part.store.isLive(slot) && !part.removed.contains(slot) {
        entries.append((number, slot))
      }
    }
    entries.sort { first, second in
      let order = stores[first.store].store.compareIDs(
        ofSlot: first.slot, with: second.slot, in: stores[second.store].store)
      return order == 0 ? first.store < second.store : order < 0
    }
    reserveTable(for: entries.count)
    for (position, entry) in entries.enumerated() {
      let other = stores[entry.store].store
      if position + 1 < entries.count {
        let next = entries[position + 1]
        if other.compareIDs(ofSlot: entry.slot, with: next.slot, in: stores[next.store].store) == 0 { continue }
      }
      appendCopy(of: entry.slot, in: other)
    }
  }

  /// A store of the given columns, read from a snapshot; they must have passed validation
  /// (`RecordStore+Validation`), and their texts and ids that of UTF-8 if `hasWellFormedUTF8`.
  init(
    slots: FlatArray<Slot>, bytes: FlatArray<UInt8>, units: FlatArray<PreparedUnit>, idBytes: FlatArray<UInt8>,
    idEnds: FlatArray<UInt32>, ranks: FlatArray<Int64>, idTable: FlatArray<UInt32>, count: Int, isInIDOrder: Bool,
    hasWellFormedUTF8: Bool
  ) {
    self.slots = slots
    self.bytes = bytes
    self.units = units
    self.idBytes = idBytes
    self.idEnds = idEnds
    self.ranks = ranks
    self.idTable = idTable
    self.count = count
    self.isInIDOrder = isInIDOrder
    self.hasWellFormedUTF8 = hasWellFormedUTF8
  }

  /// The number of slots, live or not.
  var slotCount: Int { slots.count }

  /// Whether `slot` holds a live record.
  func isLive(_ slot: Int) -> Bool { slots[slot].isLive }

  /// The bytes the store occupies (or maps).
  var byteCount: Int {
    slots.count * MemoryLayout<Slot>.stride + bytes.count + units.count * MemoryLayout<PreparedUnit>.stride
      + idBytes.count + idEnds.count * 4 + ranks.count * 8 + idTable.count * 4
  }

  /// The id of the record in `slot`.
  func id(ofSlot slot: Int) -> String {
    withRecords { $0.id(ofSlot: slot) }
  }

  /// The text of the record in `slot`.
  func text(ofSlot slot: Int) -> String {
    withRecords { $0.text(ofSlot: slot) }
  }

  /// Every slot's id, removed records' too, in slot order; O(n), for tests and tools.
  var ids: [String] { (0..<slotCount).map { id(ofSlot: $0) } }

  /// Every slot's text, removed records' too, in slot order; O(n), for tests and tools.
  var texts: [String] { (0..<slotCount).map { text(ofSlot: $0) } }

  /// The number of units of the record in `slot`.
  func unitCount(ofSlot slot: Int) -> Int { Int(slots[slot].unitCount) }

  /// The rank of the record in `slot`.
  func rank(ofSlot slot: Int) -> Int64 { ranks[slot] }

  /// The record in `slot`.
  func record(ofSlot slot: Int) -> Record {
    Record(id: id(ofSlot: slot), text: text(ofSlot: slot), rank: ranks[slot])
  }

  /// Calls `body` with the UTF-8 bytes of the id of the record in `slot`.
  @inline(__always)
  func withID<Result>(ofSlot slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withRecords { body($0.idBytes(ofSlot: slot)) }
  }

  /// The order of the ids of `slot` here and `otherSlot` in `other`, by UTF-8 bytes: negative,
  /// zero or positive.
  func compareIDs(ofSlot slot: Int, with otherSlot: Int, in other: RecordStore) -> Int {
    withID(ofSlot: slot) { first in other.withID(ofSlot: otherSlot) { second in bytesCompare(first, second) } }
  }

  /// Adds `record`, replacing the record with its id if there is one; returns whether it replaced one.
  ///
  /// - Complexity: O(m) for a text of m units, amortized.
  @discardableResult
  mutating func add(_ record: Record) -> Bool {
    let replaced = remove(id: record.id)
    precondition(
      bytes.count < Int(UInt32.max) / 4 && units.count < Int(UInt32.max) / 2 && idBytes.count < Int(UInt32.max) / 2,
      "RecordStore holds at most 1 GiB of text")
    let textStart = UInt32(bytes.count)
    let unitStart = UInt32(units.count)
    var byteStart = textStart
    bytes.append(contentsOf: record.text.utf8)
    let foldedStart = bytes.count
    PreparedText.append(record.text, bytes: &bytes, units: &units)
    // Most texts fold to themselves: their folded bytes are their bytes.
    let isSame = bytes.withUnsafeBufferPointer { bytes in
      bytes.count - foldedStart == foldedStart - Int(textStart)
        && bytes[Int(textStart)..<foldedStart].elementsEqual(bytes[foldedStart...])
    }
    if isSame {
      bytes.removeSubrange(foldedStart...)
    } else {
      byteStart = UInt32(foldedStart)
    }
    let slot = slots.count
    slots.append(
      Slot(
        textStart: textStart, textCount: UInt32(record.text.utf8.count), byteStart: byteStart, unitStart: unitStart,
        unitCount: UInt32(units.count) - unitStart, flags: 1))
    appendID(record.id)
    ranks.append(record.rank)
    insertInTable(slot: slot)
    count += 1
    return replaced
  }

  /// Removes the record with `id`; returns whether there was one.
  @discardableResult
  mutating func remove(id: String) -> Bool {
    guard let slot = slot(ofID: id) else { return false }
    var info = slots[slot]
    info.flags &= ~1
    slots[slot] = info
    removeFromTable(slot: slot)
    count -= 1
    if slots.count - count > max(count, 1024) { compact() }
    return true
  }

  /// The text of the live record with `id`, if there is one.
  func text(forID id: String) -> String? {
    slot(ofID: id).map { text(ofSlot: $0) }
  }

  /// The live record with `id`, if there is one.
  func record(forID id: String) -> Record? {
    slot(ofID: id).map { record(ofSlot: $0) }
  }

  /// Calls `body` with every live slot and its record's view, in slot order.
  func forEachRecord(_ body: (Int, PreparedTextView) -> Void) {
    withRecords { records in
      for slot in 0..<records.slotCount where records.isLive(slot) {
        body(slot, records[slot])
      }
    }
  }

  /// Calls `body` with views of the columns, for loops over many records.
  func withRecords<Result>(_ body: (Records) -> Result) -> Result {
    withExtendedLifetime(self) { body(unsafeRecords) }
  }

  /// Views of the columns, valid while this store, or a copy of it, lives unchanged: for a caller
  /// that reads several stores at once and keeps them alive itself (`withExtendedLifetime`).
  /// Reading a record through a store held in unsafe memory would copy the store, retaining and
  /// releasing each of its columns.
  var unsafeRecords: Records {
    Records(
      bytes: bytes.unsafeElements, units: units.unsafeElements, slots: slots.unsafeElements,
      idBytes: idBytes.unsafeElements, idEnds: idEnds.unsafeElements, hasWellFormedUTF8: hasWellFormedUTF8)
  }

  /// Drops the data of removed records, copying the precomputation of live ones; slot numbers change.
  private mutating func compact() {
    var compacted = RecordStore()
    compacted.reserveTable(for: count)
    compacted.append(self)
    self = compacted
  }

  /// Appends copies of the live records of `other` whose slots `isExcluded` rejects, with their
  /// precomputation (nothing is prepared again); a record replaces one with the same id.
  mutating func append(_ other: RecordStore, excluding isExcluded: (Int) -> Bool = { _ in false }) {
    for slot in 0..<other.slotCount where other.isLive(slot) && !isExcluded(slot) {
      appendCopy(of: slot, in: other)
    }
  }

  /// Appends a copy of the record in slot `number` of `other`, replacing one with its id.
  private mutating func appendCopy(of number: Int, in other: RecordStore) {
    hasWellFormedUTF8 = hasWellFormedUTF8 && other.hasWellFormedUTF8
    other.withID(ofSlot: number) { id in
      if let existing = slot(ofID: id) { removeSlot(existing) }
    }
    let info = other.slots[number]
    let unitRange = Int(info.unitStart)..<Int(info.unitStart + info.unitCount)
    let foldedCount = other.units.withUnsafeBufferPointer {
      info.unitCount == 0 ? 0 : Int($0[unitRange.upperBound - 1].end)
    }
    let textStart = UInt32(bytes.count)
    var byteStart = textStart
    other.bytes.withUnsafeBufferPointer { source in
      bytes.append(
        contentsOf: UnsafeBufferPointer(rebasing: source[Int(info.textStart)..<Int(info.textStart + info.textCount)]))
      if info.byteStart != info.textStart {
        byteStart = UInt32(bytes.count)
        bytes.append(
          contentsOf: UnsafeBufferPointer(rebasing: source[Int(info.byteStart)..<(Int(info.byteStart) + foldedCount)]))
      }
    }
    let unitStart = UInt32(units.count)
    other.units.withUnsafeBufferPointer { source in
      units.append(contentsOf: UnsafeBufferPointer(rebasing: source[unitRange]))
    }
    let new = slots.count
    slots.append(
      Slot(
        textStart: textStart, textCount: info.textCount, byteStart: byteStart, unitStart: unitStart,
        unitCount: info.unitCount, flags: 1))
    other.withID(ofSlot: number) { id in appendID(bytes: id) }
    ranks.append(other.ranks[number])
    insertInTable(slot: new)
    count += 1
  }

  /// Marks the live record in `slot` removed.
  private mutating func removeSlot(_ slot: Int) {
    var info = slots[slot]
    info.flags &= ~1
    slots[slot] = info
    removeFromTable(slot: slot)
    count -= 1
  }

  /// Appends the id of the next slot, keeping `isInIDOrder` true only while ids do not descend.
  private mutating func appendID(_ id: String) {
    var id = id
    id.withUTF8 { appendID(bytes: $0) }
  }

  /// Appends the id of the next slot from its UTF-8 bytes.
  private mutating func appendID(bytes id: UnsafeBufferPointer<UInt8>) {
    if isInIDOrder && !idEnds.isEmpty {
      let isDescending = withID(ofSlot: idEnds.count - 1) { last in bytesCompare(id, last) < 0 }
      if isDescending { isInIDOrder = false }
    }
    idBytes.append(contentsOf: id)
    idEnds.append(UInt32(idBytes.count))
  }
}

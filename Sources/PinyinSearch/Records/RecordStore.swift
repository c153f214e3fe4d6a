/// Every record of an engine with its precomputation, in flat arrays.
///
/// Each record occupies a slot. Its folded bytes and units sit in two arrays shared by all
/// records, so that a scan walks contiguous memory and adding a record allocates nothing per
/// record beyond its id and text. Removing or replacing a record only marks its slot as free;
/// once free slots outnumber live ones, the arrays are compacted.
///
/// A store built in id order (`init(idOrdered:)`) knows it, so that results with equal keys but
/// the id compare slot numbers rather than ids (`isInIDOrder`).
struct RecordStore: Sendable {
  /// Where one record's data lives in the flat arrays.
  struct Slot: Sendable {
    var byteStart: UInt32
    var unitStart: UInt32
    var unitCount: UInt32
    var isLive: Bool
    /// Whether each unit of the text is one UTF-16 code unit (most Chinese and ASCII texts), so
    /// that a match's range in units is its range in UTF-16 as well. Derived from the text,
    /// never read from a file.
    var hasSingleUTF16Units: Bool
  }

  private(set) var ids: [String] = []
  private(set) var texts: [String] = []
  private(set) var ranks: [Int64] = []
  private(set) var slots: [Slot] = []
  private(set) var bytes: [UInt8] = []
  private(set) var units: [PreparedUnit] = []
  private var slotByID: [RecordID: Int] = [:]
  /// Whether the slots' ids never descend, by UTF-8 bytes: then of two live records, the one in
  /// the lower slot has the lower id (two live records never share an id).
  private(set) var isInIDOrder = true

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
    for (position, index) in order.enumerated() {
      let isReplaced =
        position + 1 < order.count && utf8Compare(records[order[position + 1]].id, records[index].id) == 0
      if !isReplaced { add(records[index]) }
    }
  }

  /// A copy of the live records of `stores` (each without its `removed` slots) in id order, so
  /// that `isInIDOrder` holds; a record of a later store replaces one of an earlier store with
  /// its id. The precomputation is copied, not prepared again.
  ///
  /// - Complexity: O(n log n) comparisons of ids for n records.
  init(idOrderedMerging stores: [(store: RecordStore, removed: SlotSet)]) {
    var entries: [(store: Int, slot: Int)] = []
    for (number, part) in stores.enumerated() {
      for slot in part.store.slots.indices where part.store.slots[slot].isLive && !part.removed.contains(slot) {
        entries.append((number, slot))
      }
    }
    entries.sort { first, second in
      let order = utf8Compare(stores[first.store].store.ids[first.slot], stores[second.store].store.ids[second.slot])
      return order == 0 ? first.store < second.store : order < 0
    }
    for (position, entry) in entries.enumerated() {
      let other = stores[entry.store].store
      let next = position + 1 < entries.count ? entries[position + 1] : nil
      if let next, utf8Compare(stores[next.store].store.ids[next.slot], other.ids[entry.slot]) == 0 { continue }
      appendCopy(of: entry.slot, in: other)
    }
  }

  /// A store of these arrays, as `init(validating:…)` checked them.
  init(
    ids: [String], texts: [String], ranks: [Int64], slots: [Slot], bytes: [UInt8], units: [PreparedUnit],
    slotByID: [RecordID: Int]
  ) {
    isInIDOrder = zip(ids, ids.dropFirst()).allSatisfy { !utf8Precedes($1, $0) }
    self.ids = ids
    self.texts = texts
    self.ranks = ranks
    self.slots = slots
    self.bytes = bytes
    self.units = units
    self.slotByID = slotByID
  }

  /// The number of live records.
  var count: Int { slotByID.count }

  /// The bytes the store occupies, estimated: flat arrays, id and text strings (inline up to 15
  /// UTF-8 bytes), and the id table.
  var byteCount: Int {
    func stringBytes(_ string: String) -> Int { 16 + (string.utf8.count > 15 ? string.utf8.count + 32 : 0) }
    let strings = ids.reduce(0) { $0 + stringBytes($1) } + texts.reduce(0) { $0 + stringBytes($1) }
    return strings + ranks.count * 8 + slots.count * MemoryLayout<Slot>.stride + bytes.count
      + units.count * MemoryLayout<PreparedUnit>.stride + slotByID.capacity * 24
  }

  /// Adds `record`, replacing the record with the same id; returns whether one was replaced.
  @discardableResult
  mutating func add(_ record: Record) -> Bool {
    let replaced = remove(id: record.id)
    precondition(
      bytes.count < Int(UInt32.max) / 2 && units.count < Int(UInt32.max) / 2,
      "RecordStore holds at most 2 GiB of folded text")
    let byteStart = UInt32(bytes.count)
    let unitStart = UInt32(units.count)
    PreparedText.append(record.text, bytes: &bytes, units: &units)
    let unitCount = UInt32(units.count) - unitStart
    slots.append(
      Slot(
        byteStart: byteStart, unitStart: unitStart, unitCount: unitCount, isLive: true,
        hasSingleUTF16Units: UTF16Length.of(record.text) == unitCount))
    noteAppended(id: record.id)
    ids.append(record.id)
    texts.append(record.text)
    ranks.append(record.rank)
    slotByID[RecordID(record.id)] = slots.count - 1
    return replaced
  }

  /// Removes the record with `id`; returns whether there was one.
  @discardableResult
  mutating func remove(id: String) -> Bool {
    guard let slot = slotByID.removeValue(forKey: RecordID(id)) else { return false }
    slots[slot].isLive = false
    if slots.count - count > max(count, 1024) { compact() }
    return true
  }

  /// The text of the record with `id`, if there is one.
  func text(forID id: String) -> String? {
    slotByID[RecordID(id)].map { texts[$0] }
  }

  /// The record with `id`, if there is one.
  func record(forID id: String) -> Record? {
    slotByID[RecordID(id)].map { Record(id: ids[$0], text: texts[$0], rank: ranks[$0]) }
  }

  /// Calls `body` with the slot number and view of every live record, in slot order.
  func forEachRecord(_ body: (Int, PreparedTextView) -> Void) {
    withRecords { records in
      for slot in 0..<records.slotCount where records.isLive(slot) {
        body(slot, records[slot])
      }
    }
  }

  /// Calls `body` with random access to the records' views.
  func withRecords<Result>(_ body: (Records) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      units.withUnsafeBufferPointer { units in
        slots.withUnsafeBufferPointer { slots in
          body(Records(bytes: bytes, units: units, slots: slots))
        }
      }
    }
  }

  /// Views of a store's records by slot, valid inside `withRecords(_:)`.
  struct Records {
    let bytes: UnsafeBufferPointer<UInt8>
    let units: UnsafeBufferPointer<PreparedUnit>
    let slots: UnsafeBufferPointer<Slot>

    /// The number of slots, live or not.
    var slotCount: Int { slots.count }

    /// Whether `slot` holds a record that has not been removed.
    @inline(__always)
    func isLive(_ slot: Int) -> Bool { slots[slot].isLive }

    /// The number of units of the record in `slot`.
    @inline(__always)
    func unitCount(ofSlot slot: Int) -> Int { Int(slots[slot].unitCount) }

    /// The view of the record in `slot`.
    @inline(__always)
    subscript(slot: Int) -> PreparedTextView {
      let info = slots[slot]
      let unitStart = Int(info.unitStart)
      let unitEnd = unitStart + Int(info.unitCount)
      let byteStart = Int(info.byteStart)
      let byteEnd = info.unitCount == 0 ? byteStart : byteStart + Int(units[unitEnd - 1].end)
      return PreparedTextView(
        bytes: UnsafeBufferPointer(rebasing: bytes[byteStart..<byteEnd]),
        units: UnsafeBufferPointer(rebasing: units[unitStart..<unitEnd]))
    }
  }

  /// Drops the data of removed records, copying the precomputation of live ones; slot numbers change.
  private mutating func compact() {
    var compacted = RecordStore()
    compacted.append(self)
    self = compacted
  }

  /// Appends copies of the live records of `other` whose slots `isExcluded` rejects, with their
  /// precomputation (nothing is prepared again); a record replaces one with the same id.
  mutating func append(_ other: RecordStore, excluding isExcluded: (Int) -> Bool = { _ in false }) {
    for (number, slot) in other.slots.enumerated() where slot.isLive && !isExcluded(number) {
      appendCopy(of: number, in: other)
    }
  }

  /// Appends a copy of the record in slot `number` of `other`, replacing one with its id.
  private mutating func appendCopy(of number: Int, in other: RecordStore) {
    remove(id: other.ids[number])
    let slot = other.slots[number]
    let unitRange = Int(slot.unitStart)..<Int(slot.unitStart + slot.unitCount)
    let byteCount = slot.unitCount == 0 ? 0 : Int(other.units[unitRange.upperBound - 1].end)
    slots.append(
      Slot(
        byteStart: UInt32(bytes.count), unitStart: UInt32(units.count), unitCount: slot.unitCount, isLive: true,
        hasSingleUTF16Units: slot.hasSingleUTF16Units))
    bytes.append(contentsOf: other.bytes[Int(slot.byteStart)..<Int(slot.byteStart) + byteCount])
    units.append(contentsOf: other.units[unitRange])
    noteAppended(id: other.ids[number])
    ids.append(other.ids[number])
    texts.append(other.texts[number])
    ranks.append(other.ranks[number])
    slotByID[RecordID(other.ids[number])] = slots.count - 1
  }

  /// Keeps `isInIDOrder` true only while `id`, about to take the next slot, does not descend.
  private mutating func noteAppended(id: String) {
    if isInIDOrder, let last = ids.last, utf8Precedes(id, last) { isInIDOrder = false }
  }

  /// The slot of the live record with `id`, if there is one.
  func slot(ofID id: String) -> Int? {
    slotByID[RecordID(id)]
  }
}

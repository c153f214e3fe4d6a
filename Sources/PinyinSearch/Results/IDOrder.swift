/// The last key of the result order (Docs/Semantics.md, "Result order"): the id by UTF-8 bytes.
///
/// Two matches in one store whose slots are in id order (`RecordStore.isInIDOrder`, as every
/// index is built) compare their slot numbers, which gives the same answer without reading the
/// ids; contact-like records tie on every other key often, so this is the common comparison.
struct IDOrder {
  /// The ids of each searched store, by slot.
  private let ids: [[String]]
  /// Whether each searched store's slots are in id order.
  private let isInIDOrder: [Bool]

  /// The order of the records of `stores`, numbered by their place.
  init(stores: [RecordStore]) {
    ids = stores.map(\.ids)
    isInIDOrder = stores.map(\.isInIDOrder)
  }

  /// Whether the record in `slot` of store `source` has a lower id than the record in
  /// `otherSlot` of store `otherSource`; both are live.
  @inline(__always)
  func precedes(slot: Int32, source: Int32, _ otherSlot: Int32, _ otherSource: Int32) -> Bool {
    if source == otherSource && isInIDOrder[Int(source)] { return slot < otherSlot }
    return utf8Precedes(ids[Int(source)][Int(slot)], ids[Int(otherSource)][Int(otherSlot)])
  }
}

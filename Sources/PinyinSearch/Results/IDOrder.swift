/// The last key of the result order (Docs/Semantics.md, "Result order"): the id by UTF-8 bytes.
///
/// Two matches in one store whose slots are in id order (`RecordStore.isInIDOrder`, as every
/// index is built) compare their slot numbers, which gives the same answer without reading the
/// ids; contact-like records tie on every other key often, so this is the common comparison.
struct IDOrder {
  /// The searched stores, numbered by their place: held, not copied apart, so that making an
  /// order allocates nothing.
  private let stores: [RecordStore]

  /// The order of the records of `stores`, numbered by their place.
  init(stores: [RecordStore]) {
    self.stores = stores
  }

  /// Whether the record in `slot` of store `source` has a lower id than the record in
  /// `otherSlot` of store `otherSource`; both are live.
  @inline(__always)
  func precedes(slot: Int32, source: Int32, _ otherSlot: Int32, _ otherSource: Int32) -> Bool {
    if source == otherSource && stores[Int(source)].isInIDOrder { return slot < otherSlot }
    return stores[Int(source)].compareIDs(ofSlot: Int(slot), with: Int(otherSlot), in: stores[Int(otherSource)]) < 0
  }
}

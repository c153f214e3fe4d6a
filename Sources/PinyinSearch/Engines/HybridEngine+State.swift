extension HybridEngine {
  /// What the engine's lock protects: the last index built, and the changes made since.
  struct State {
    /// The last index built, and the store it refers to.
    var indexed: IndexedStore?
    /// Slots of `indexed.store` removed or replaced since it was built.
    var removed = SlotSet()
    /// Records added or replaced since the index was built; scanned at every search.
    var recent = RecordStore()
    /// While a build runs: the changes made since it started, to apply to its result.
    var journal: [Change]?
    /// The number of records the running build indexes.
    var buildSize = 0

    /// The number of live records.
    var count: Int { (indexed?.store.count ?? 0) - removed.count + recent.count }

    /// The stores a search reads, by source number: the indexed store (an empty one before the
    /// first build), then the recent records.
    var stores: [RecordStore] { [indexed?.store ?? RecordStore(), recent] }

    /// The live record with `id`.
    func record(forID id: String) -> Record? {
      if let record = recent.record(forID: id) { return record }
      guard let indexed, let slot = indexed.store.slot(ofID: id), !removed.contains(slot) else { return nil }
      return indexed.store.record(forID: id)
    }

    /// The ids of every live record.
    func ids() -> [String] {
      var ids: [String] = []
      if let indexed {
        indexed.store.forEachRecord { slot, _ in
          if !removed.contains(slot) { ids.append(indexed.store.id(ofSlot: slot)) }
        }
      }
      recent.forEachRecord { slot, _ in ids.append(recent.id(ofSlot: slot)) }
      return ids
    }

    /// The stores whose live records are every live record, each with the slots that no longer
    /// count: values to merge outside the lock (`RecordStore(idOrderedMerging:)`).
    var parts: [(store: RecordStore, removed: SlotSet)] {
      guard let indexed else { return [(recent, SlotSet())] }
      return [(indexed.store, removed), (recent, SlotSet())]
    }

    /// Marks the indexed record with `id`, if any, as removed; returns whether there was one.
    mutating func removeFromIndex(id: String) -> Bool {
      guard let slot = indexed?.store.slot(ofID: id) else { return false }
      return removed.insert(slot)
    }

    /// Applies `change`; returns whether it replaced or removed a record.
    @discardableResult
    mutating func apply(_ change: Change) -> Bool {
      switch change {
      case .add(let record):
        let replacedIndexed = removeFromIndex(id: record.id)
        let replacedRecent = recent.add(record)
        return replacedIndexed || replacedRecent
      case .remove(let id):
        let removedIndexed = removeFromIndex(id: id)
        let removedRecent = recent.remove(id: id)
        return removedIndexed || removedRecent
      }
    }

    /// Applies `change`, and notes it for the running build, if any.
    @discardableResult
    mutating func record(_ change: Change) -> Bool {
      journal?.append(change)
      return apply(change)
    }
  }

  /// A change to the records, as the journal of a running build keeps it.
  enum Change {
    case add(Record)
    case remove(String)
  }
}

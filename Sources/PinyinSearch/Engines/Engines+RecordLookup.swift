extension LinearScanEngine {
  /// Whether a record with `id` is in the engine.
  ///
  /// - Complexity: O(1) on average: one probe of the id table.
  public func contains(id: String) -> Bool { store.slot(ofID: id) != nil }

  /// The record with `id` (its text and rank), or nil.
  public func record(forID id: String) -> Record? { store.record(forID: id) }

  /// The text of the record with `id`, or nil.
  public func text(forID id: String) -> String? { store.text(forID: id) }
}

extension HashIndexEngine {
  /// Whether a record with `id` is in the engine.
  ///
  /// - Complexity: O(1) on average: one probe of the id table.
  public func contains(id: String) -> Bool { indexed.store.slot(ofID: id) != nil }

  /// The record with `id` (its text and rank), or nil.
  public func record(forID id: String) -> Record? { indexed.store.record(forID: id) }

  /// The text of the record with `id`, or nil.
  public func text(forID id: String) -> String? { indexed.store.text(forID: id) }
}

extension HybridEngine {
  /// Whether a record with `id` is in the engine now: added and not removed since.
  ///
  /// - Complexity: O(1) on average, plus waiting for changes in progress (microseconds).
  public func contains(id: String) -> Bool { record(forID: id) != nil }

  /// The record with `id` (its text and rank) as it is now, or nil.
  public func record(forID id: String) -> Record? { state.read { $0.record(forID: id) } }

  /// The text of the record with `id` as it is now, or nil.
  public func text(forID id: String) -> String? { record(forID: id)?.text }
}

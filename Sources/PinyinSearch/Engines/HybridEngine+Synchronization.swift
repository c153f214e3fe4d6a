extension HybridEngine {
  /// Makes the records those of `records` (the source data): adds the new ones, replaces those
  /// whose text or rank changed, removes those whose id is not there, and leaves the rest
  /// untouched — only new and changed texts are prepared.
  ///
  /// - Returns: How many records were added, replaced, removed and left as they were.
  @discardableResult
  public func synchronize(with records: some Sequence<Record>) -> SynchronizationSummary {
    var summary = SynchronizationSummary()
    // The later text and rank of a repeated id count.
    var order: [RecordID] = []
    var latest: [RecordID: Record] = [:]
    for record in records where latest.updateValue(record, forKey: RecordID(record.id)) == nil {
      order.append(RecordID(record.id))
    }
    let seen = Set(order)
    var changes: [Record] = []
    state.read { state in
      for id in order {
        let record = latest[id]!
        guard let current = state.record(forID: record.id), current.text.utf8.elementsEqual(record.text.utf8),
          current.rank == record.rank
        else {
          changes.append(record)
          continue
        }
      }
    }
    var removals: [String] = []
    state.read { state in removals = state.ids().filter { !seen.contains(RecordID($0)) } }
    state.write { state in
      for record in changes {
        if state.record(.add(record)) { summary.replaced += 1 } else { summary.added += 1 }
      }
      for id in removals where state.record(.remove(id)) {
        summary.removed += 1
      }
    }
    summary.unchanged = seen.count - summary.added - summary.replaced
    startBuildIfWorthIt()
    return summary
  }
}

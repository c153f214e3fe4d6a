extension MatchCollector {
  /// Offers the best match of every live record of `store`, the store being read.
  ///
  /// - Complexity: O(n·m) for n records of m units.
  mutating func scan(_ store: RecordStore) {
    let matcher = self.matcher
    store.withRecords { records in
      for slot in 0..<records.slotCount where records.isLive(slot) {
        addBestMatch(slot: slot, record: records[slot], using: matcher)
      }
    }
  }

  /// Offers the best match of each live record of `store` (the store being read) in `slots`,
  /// an array or postings: its first `readAheadCount` slots are read twice, ahead and then
  /// matched (`readAhead(slot:in:)`).
  mutating func match(_ slots: some Sequence<Int>, in store: RecordStore) {
    let matcher = self.matcher
    store.withRecords { records in
      for slot in slots.prefix(Self.readAheadCount) where records.isLive(slot) {
        readAhead(slot: slot, in: records)
      }
      for slot in slots where records.isLive(slot) {
        addBestMatch(slot: slot, record: records[slot], using: matcher)
      }
    }
  }
}

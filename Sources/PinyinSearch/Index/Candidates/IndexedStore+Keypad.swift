extension IndexedStore {
  /// The keypad matches of a query of digits with white space between them (`548 94`), which
  /// `collectPhoneNumber` has answered literally: those of its digits without the white space,
  /// whose keys are keypad keys (Docs/Semantics.md, "keypad"). A record with a literal match of
  /// the digits has one of the query too, by the phone rule, so only keypad postings are read.
  func collectKeypad(_ query: PreparedQuery, needsCandidates: Bool, into collector: inout MatchCollector) {
    if needsCandidates, let keypadSearch {
      collect(query, in: keypadSearch, into: &collector)
      return
    }
    let digits = query.pinyin
    let key = Array(digits.prefix(index.maxKeyLength))
    key.withUnsafeBufferPointer { key in
      guard let (postings, isExact) = index.candidates(for: key) else { return }
      if isExact && key.count == digits.count {
        readFront(of: postings, into: &collector, kinds: MatchKind.keypad...MatchKind.keypad, skippingHeld: true)
      } else {
        // A rare beginning, or a beginning of a longer query: check the records it holds.
        collectKeypadMatches(ofSlots: slots(in: postings), into: &collector)
      }
    }
  }

  /// Offers the keypad match of each record of `slots` that the collector does not hold yet.
  private func collectKeypadMatches(ofSlots slots: [Int], into collector: inout MatchCollector) {
    let matcher = collector.matcher
    store.withRecords { records in
      for slot in slots { Self.offerKeypadMatch(ofSlot: slot, in: records, matcher: matcher, to: &collector) }
    }
  }

  /// Offers the keypad match of the record in `slot`, unless it is removed or the collector holds
  /// it (with a better match: keypad matches come last).
  @inline(__always)
  private static func offerKeypadMatch(
    ofSlot slot: Int, in records: RecordStore.Records, matcher: Matcher, to collector: inout MatchCollector
  ) {
    guard records.isLive(slot), !collector.isRemoved(slot), !collector.holds(slot: slot) else { return }
    let record = records[slot]
    if let match = matcher.bestKeypadMatch(in: record) { collector.add(match, slot: slot, record: record) }
  }
}

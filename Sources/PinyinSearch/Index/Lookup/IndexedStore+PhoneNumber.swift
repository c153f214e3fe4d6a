/// Queries of digits with separators (`138-0013`): the phone rule, and their keypad matches.
extension IndexedStore {
  /// A query of digits and separators with at least one separator (`138-0013`): a record's best
  /// match is its plain literal match if it has one, else the leftmost run of the digits with
  /// separators between them (Docs/Semantics.md, phone rule). A pinyin match of such a query is
  /// such a run too, unless an apostrophe of the text splits the digits (`138'0013`: transparent
  /// to the pinyin kinds, no separator of the phone rule). So three lists hold every answer: the
  /// query's own postings (their literal part), the phone-run postings of its digits without the
  /// records of the first, and the pinyin postings of the query's pinyin form without the
  /// records of both (`collectDigitsAcrossApostrophes`).
  func collectPhoneNumber(_ query: PreparedQuery, into collector: inout MatchCollector) {
    collectPhoneRuns(query, into: &collector)
    collectDigitsAcrossApostrophes(query, into: &collector)
  }

  /// The literal and phone-rule matches of a phone-shaped query (`collectPhoneNumber`).
  private func collectPhoneRuns(_ query: PreparedQuery, into collector: inout MatchCollector) {
    let maxKeyLength = index.maxKeyLength
    collector.match(index.overflow, in: store)
    // The phone key, made on the stack: a search allocates nothing but its results.
    let keyLength = min(query.phoneDigits.count, maxKeyLength - 1) + 1
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keyLength) { key in
      key[0] = KeyEnumerator.phoneKeyMarker
      for index in 1..<keyLength { key[index] = query.phoneDigits[index - 1] }
      let phoneKey = UnsafeBufferPointer(key)
      guard let (runs, isExact) = index.candidates(for: phoneKey) else { return }
      guard isExact, phoneKey.count == query.phoneDigits.count + 1, query.literal.bytes.count <= maxKeyLength else {
        check(runs, into: &collector)
        return
      }
      // Plain literal matches of the query.
      query.literal.bytes.withUnsafeBufferPointer { key in
        guard let (postings, isExact) = index.candidates(for: key) else { return }
        if isExact {
          readFront(of: postings, into: &collector, kinds: .literal ... .literal)
          return
        }
        let matcher = collector.matcher
        store.withRecords { records in
          index.withPostings(postings) { postings in
            for posting in postings {
              let slot = posting.slot
              if collector.isRemoved(slot) { continue }
              let record = records[slot]
              if let range = matcher.literalMatch(in: record) {
                collector.add(
                  Match(kind: .literal, start: range.lowerBound, end: range.upperBound), slot: slot, record: record)
              }
            }
          }
        }
      }
      // Runs of the digits, in records without a plain literal match.
      store.withRecords { records in
        let matcher = collector.matcher
        readFront(of: runs, into: &collector) { slot in matcher.literalMatch(in: records[slot]) != nil }
      }
    }
  }

  /// The full-pinyin and initials matches of a phone-shaped query that no run of the phone rule
  /// holds, once the phone runs are in the collector: digits an apostrophe of the text splits.
  /// They are in the postings of the query's pinyin form, read off the front when it is a stored
  /// key, else checked among the records of its longest stored beginning (a rare one, or the
  /// `maxKeyLength` bytes of a longer query); records the collector holds are skipped.
  private func collectDigitsAcrossApostrophes(_ query: PreparedQuery, into collector: inout MatchCollector) {
    query.canonicalPinyin.withUnsafeBufferPointer { pinyin in
      let key = UnsafeBufferPointer(rebasing: pinyin[..<min(pinyin.count, index.maxKeyLength)])
      guard let (postings, isExact) = index.candidates(for: key) else { return }
      if isExact && key.count == pinyin.count {
        readFront(of: postings, into: &collector, kinds: .fullPinyin ... .initials, skippingHeld: true)
        return
      }
      var slots = collector.takeCandidateSlots()
      index.withPostings(postings) { postings in
        for posting in postings where !collector.holds(slot: posting.slot) { slots.append(posting.slot) }
      }
      collector.match(slots, in: store)
      collector.giveBack(candidateSlots: slots)
    }
  }

  /// The keypad matches of a query of digits with white space between them (`548 94`), which
  /// `collectPhoneNumber` has answered literally: those of its digits without the white space,
  /// whose keys are keypad keys. A record with a literal match of the digits has one of the
  /// query too, by the phone rule, so only keypad postings are read.
  func collectKeypad(
    _ query: PreparedQuery, plan: QueryPlan, reading: PostingReading, into collector: inout MatchCollector
  ) {
    if plan.needsKeypadCandidates, let keypadSearch {
      collectAmongCandidates(query, plan: plan, for: keypadSearch, into: &collector)
      return
    }
    query.pinyin.withUnsafeBufferPointer { digits in
      let key = UnsafeBufferPointer(rebasing: digits[..<plan.keypadBeginning])
      guard let (postings, isExact) = index.candidates(for: key) else { return }
      if isExact && key.count == digits.count {
        if reading != .exact {
          readBounded(postings, reading: reading, into: &collector, kinds: MatchKind.keypad...MatchKind.keypad)
        } else {
          readFront(of: postings, into: &collector, kinds: MatchKind.keypad...MatchKind.keypad, skippingHeld: true)
        }
        return
      }
      // A rare beginning, or a beginning of a longer query: check the records it holds.
      let matcher = collector.matcher
      store.withRecords { records in
        index.withPostings(postings) { postings in
          for posting in postings {
            collector.offerMatch(ofSlot: posting.slot, in: records) { matcher.bestKeypadMatch(in: $0) }
          }
        }
      }
    }
  }
}

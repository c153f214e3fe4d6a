/// Reading a key's postings: off the front in result order, or every record of a short list
/// checked with the matcher.
extension IndexedStore {
  /// Offers the postings of `kinds`, already in result order, until the collector is full: skips
  /// those of a better kind, stops at the first of a worse one. Skips removed records, those
  /// the collector holds already with `skippingHeld`, and those `isSkipped` names. The matcher
  /// finds each match's end.
  ///
  /// Postings whose start is not stored (`PostingGroup.unknownStart`) are in place order only,
  /// not in order of start: once the collector is full, the rest of their run is read too.
  func readFront(
    of postings: KeyIndex.Postings, into collector: inout MatchCollector,
    kinds: ClosedRange<MatchKind> = .literal ... .keypad, skippingHeld: Bool = false,
    skipping isSkipped: (Int) -> Bool = { _ in false }
  ) {
    let matcher = collector.matcher  // copied once, not once per posting
    store.withRecords { records in
      index.withPostings(postings) { postings in
        // The records of the first results, read ahead so that their cache misses overlap.
        let readAheadCount = min(collector.capacity, MatchCollector.readAheadCount)
        var readAhead = 0
        for posting in postings {
          if posting.kind > kinds.upperBound || readAhead == readAheadCount { break }
          if posting.kind < kinds.lowerBound { continue }
          collector.readAhead(slot: posting.slot, in: records)
          readAhead += 1
        }
        var taken = 0
        for posting in postings {
          if posting.kind > kinds.upperBound { break }
          if posting.kind < kinds.lowerBound { continue }
          if taken >= collector.capacity && posting.start != nil { break }
          let slot = posting.slot
          if collector.isRemoved(slot) || isSkipped(slot) || (skippingHeld && collector.holds(slot: slot)) { continue }
          let record = records[slot]
          // Always found for an index this library built; a posting that does not match (from a
          // snapshot damaged in a way its checksum cannot tell) is skipped, not trusted.
          guard let match = matcher.match(kind: posting.kind, start: posting.start, in: record) else {
            continue
          }
          collector.add(match, slot: slot, record: record)
          taken += 1
        }
      }
    }
  }

  /// Offers the best match, under the search's own options, of each record of `postings` of
  /// `kinds`, read as bounds (`PostingReading.bounded`): in order, until the collector turns a
  /// posting's bound away, when it turns away every later one too (postings are in the order of
  /// their bounds: kind, exact before fuzzy, start, then place). A record the collector holds
  /// is skipped: it was offered its best match. A posting whose match the search's options give
  /// too (`PostingReading.reproduces(_:)`) is that match; the others are matched again.
  func readBounded(
    _ postings: KeyIndex.Postings, reading: PostingReading, into collector: inout MatchCollector,
    kinds: ClosedRange<MatchKind>
  ) {
    let matcher = collector.matcher  // copied once, not once per posting
    store.withRecords { records in
      index.withPostings(postings) { postings in
        for posting in postings.prefix(min(collector.capacity, MatchCollector.readAheadCount)) {
          collector.readAhead(slot: posting.slot, in: records)
        }
        for posting in postings {
          if posting.kind > kinds.upperBound { break }
          if posting.kind < kinds.lowerBound { continue }
          let slot = posting.slot
          if collector.turnsAway(
            kind: posting.kind, isFuzzy: posting.group.isFuzzy, start: posting.start ?? PostingGroup.unknownStart,
            slot: slot, unitCount: records.unitCount(ofSlot: slot))
          {
            break
          }
          guard records.isLive(slot), !collector.isRemoved(slot), !collector.holds(slot: slot) else { continue }
          let record = records[slot]
          // A posting whose match the search's options give too is that match: the matcher
          // finds its end, as for an exact reading. Another record is matched again.
          let match =
            reading.reproduces(posting)
            ? matcher.match(kind: posting.kind, start: posting.start, in: record) : matcher.bestMatch(in: record)
          if let match { collector.add(match, slot: slot, record: record) }
        }
      }
    }
  }

  /// Matches the query against each record of `postings`.
  func check(_ postings: KeyIndex.Postings, into collector: inout MatchCollector) {
    index.withPostings(postings) { postings in
      collector.match(postings.lazy.map(\.slot), in: store)
    }
  }

  /// Appends the slots of the records that every record matching a query for the first `length`
  /// bytes of `key` is among: its postings, or those of a rare beginning; none when no record
  /// has the key, or when `length` is 0.
  func appendSlots(of key: [UInt8], length: Int, to slots: inout [Int]) {
    guard length > 0 else { return }
    key.withUnsafeBufferPointer { key in
      guard let (postings, _) = index.candidates(for: UnsafeBufferPointer(rebasing: key[..<length])) else { return }
      index.withPostings(postings) { postings in
        for posting in postings { slots.append(posting.slot) }
      }
    }
  }

  /// Sorts `slots` in increasing order and removes the repeated ones, in place.
  static func sortUnique(_ slots: inout [Int]) {
    slots.heapSort()
    var kept = 0
    for index in slots.indices where kept == 0 || slots[index] != slots[kept - 1] {
      slots[kept] = slots[index]
      kept += 1
    }
    slots.removeLast(slots.count - kept)
  }
}

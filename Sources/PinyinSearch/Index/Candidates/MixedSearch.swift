/// What the index needs to find the matches it does not store whole, among candidates: on
/// letters, mixed matches (`SearchOptions.mixed`) of queries longer than a mixed key; on a dial
/// pad, keypad matches of digits longer than `IndexedStore.completeKeypadKeyLength`, which may
/// type mixed pieces or fuzzy spellings.
///
/// Both are found the same way (`IndexedStore+Mixed.swift`): among the postings of the query's
/// longest beginning whose postings are complete, and of a key of each way of cutting the
/// query into pieces (`MixedWayFinder`, `MixedCandidates.SourceKey`), sifted by each record's
/// adjacent pairs (`AdjacentPairs`) and spelling signature in the space; the candidate lists of
/// recent queries are kept for the next keystroke.
struct MixedSearch: Sendable {
  /// The kind of the matches looked for: `mixed` on letters, `keypad` on a dial pad.
  let kind: MatchKind
  /// How pieces are typed in the space.
  let spelling: MixedSpelling
  /// The spelling signature of each slot's record in the space: candidates are sifted by them
  /// before they are matched. Derived from the records, never read from a file.
  let signatures: [SpellingSignature]
  /// Each slot's first sieve: most candidates fail here, on one read of a dense array, before
  /// their signature is read.
  let quickSieves: [QuickSieve]
  /// The candidates of recent queries, for the next keystrokes.
  let cache = CandidateCache()

  /// The search for matches of `kind` (`mixed` or `keypad`) among the records of `store`.
  init(kind: MatchKind, options: SearchOptions, store: RecordStore) {
    self.kind = kind
    let spelling = MixedSpelling(options: options, onKeypad: kind == .keypad)
    self.spelling = spelling
    let signatures = store.withRecords { records in
      (0..<records.slotCount).map { spelling.signature(of: records[$0]) }
    }
    self.signatures = signatures
    quickSieves = store.withRecords { records in
      (0..<records.slotCount).map { slot in
        QuickSieve(pairs: spelling.adjacentPairs(of: records[slot]), folded: signatures[slot].folded)
      }
    }
  }

  /// A slot's adjacent pairs (`AdjacentPairs`) and folded signature (`SpellingSignature.folded`),
  /// side by side so that a candidate's first sieve costs one read.
  struct QuickSieve: Sendable {
    /// The adjacent pairs of the slot's record.
    var pairs: AdjacentPairs
    /// `SpellingSignature.folded` of the slot's record.
    var folded: UInt64
  }

  /// The bytes of the per-record sieves: signatures, adjacent pairs and folded signatures.
  var byteCount: Int {
    signatures.capacity * MemoryLayout<SpellingSignature>.stride
      + quickSieves.capacity * MemoryLayout<QuickSieve>.stride
  }

  /// The pairs a query whose pinyin form is `pinyin` requires of a record with a match of this
  /// kind (on a dial pad for keypad matches).
  func pairs(requiredBy pinyin: UnsafeBufferPointer<UInt8>) -> AdjacentPairs {
    AdjacentPairs(requiredBy: pinyin, onKeypad: kind == .keypad)
  }

  /// The best match of this kind of `record`, exact if it has one.
  @inline(__always)
  func bestMatch(in record: PreparedTextView, matcher: Matcher) -> Match? {
    kind == .keypad ? matcher.bestKeypadMatch(in: record) : matcher.bestMixedMatch(in: record)
  }
}

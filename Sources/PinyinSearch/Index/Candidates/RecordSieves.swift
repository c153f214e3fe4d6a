/// What a walk among candidates (`CandidateWalk`) reads of each record before it matches the
/// record, in the space where its search types pieces (on letters, or on a dial pad): the
/// record's adjacent pairs beside its folded signature, so that the first sieves cost one
/// read, and its spelling signature.
///
/// Derived from the records whenever an index is built or opened, never read from a file: a
/// snapshot of an index with mixed input or the keypad pays O(n) for n records at opening.
struct RecordSieves: Sendable {
  /// A record's adjacent pairs (`AdjacentPairs`) and folded signature
  /// (`SpellingSignature.folded`), side by side.
  struct Quick: Sendable {
    /// The adjacent pairs of the record.
    var pairs: AdjacentPairs
    /// `SpellingSignature.folded` of the record.
    var folded: UInt64
  }

  /// Each slot's pairs and folded signature.
  let quick: [Quick]
  /// Each slot's spelling signature.
  let signatures: [SpellingSignature]

  /// The sieves of every slot of `store` in the space of `spelling`.
  ///
  /// - Complexity: O(n·m) for n records of m units.
  init(store: RecordStore, spelling: PieceSpelling) {
    let signatures = store.withRecords { records in
      (0..<records.slotCount).map { spelling.signature(of: records[$0]) }
    }
    self.signatures = signatures
    quick = store.withRecords { records in
      (0..<records.slotCount).map { slot in
        Quick(pairs: spelling.adjacentPairs(of: records[slot]), folded: signatures[slot].folded)
      }
    }
  }

  /// The bytes of the sieves, one of each per slot: counted by elements, not by the arrays'
  /// capacities, which depend on how the work was split among threads (a built engine and the
  /// same engine opened from its snapshot differed by 16 bytes in CI).
  var byteCount: Int {
    signatures.count * MemoryLayout<SpellingSignature>.stride + quick.count * MemoryLayout<Quick>.stride
  }
}

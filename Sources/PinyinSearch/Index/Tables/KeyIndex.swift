/// The hash-bucket index of a record store: for every key of every record (see
/// `KeyEnumerator`), the records it matches with their best match, in result order.
///
/// Keys are filed in 37 `KeyTable`s by their first byte. Two rules keep the index small:
/// - a key longer than `maxKeyLength` bytes is not stored;
/// - a key is not stored when a shorter beginning of it (see `KeyPrefixes`) has at most
///   `rareKeyLimit` records: those few records are all a query for the longer key can match,
///   and the matcher checks them.
///
/// A record that cannot be indexed (more keys than the cap, or a text of 32,768 units or more) is
/// listed in `overflow` and matched directly at every query instead.
///
/// Postings name records by their place in result order among equal matches (`slotsByPlace`),
/// so that each run of a key's postings is in result order and stored as small gaps (see
/// `PostingList`). Immutable once built; it refers to records by their slot in the store it
/// was built from.
struct KeyIndex: Sendable {
  /// The 37 buckets, by `KeyBucket.of(firstByte:)`.
  let tables: [KeyTable]
  /// The slot of the record at each place: the live records ordered by rank (higher first), then
  /// length in units, then id (Docs/Semantics.md, "Result order"), which breaks ties of kind and
  /// start among a key's postings.
  let slotsByPlace: FlatArray<UInt32>
  /// Slots of live records that are not in the tables, in increasing order.
  let overflow: [Int]
  /// The lengths of its keys, and the cap on a record's keys.
  let limits: KeyLimits
  /// Keys beginning with a key that has at most this many postings are not stored.
  let rareKeyLimit: Int
  /// The options the index was built for: which kinds its keys have, how they are spelled.
  let options: SearchOptions

  /// The longest key, in bytes.
  var maxKeyLength: Int { limits.maxKeyLength }

  /// The number of distinct keys stored.
  var keyCount: Int { tables.reduce(0) { $0 + $1.keyCount } }
  /// The number of postings stored.
  var postingCount: Int { tables.reduce(0) { $0 + $1.postingCount } }
  /// The bytes the index occupies.
  var byteCount: Int { tables.reduce(0) { $0 + $1.byteCount } + slotsByPlace.count * 4 + overflow.count * 8 }

  /// Where a key's postings are: a bucket, where their first run begins in its bytes, and how
  /// many there are.
  struct Postings {
    var bucket: Int
    var offset: Int
    var count: Int
  }

  /// The postings of `key` if it is stored.
  @inline(__always)
  func postings(of key: UnsafeBufferPointer<UInt8>) -> Postings? {
    let bucket = KeyBucket.of(firstByte: key[0])
    return tables[bucket].postings(of: key, hash: KeyHash.hash(key)).map {
      // One posting a record at most, whatever the count read from a damaged snapshot says.
      Postings(bucket: bucket, offset: $0.offset, count: min($0.count, slotsByPlace.count))
    }
  }

  /// The postings that every record matching a query for `key` is among: the key's own
  /// (`isExact`), or those of the shortest beginning of it that has at most `rareKeyLimit`;
  /// nil when no indexed record has the key. `key` must not be longer than `maxKeyLength`.
  ///
  /// A stored key has no rare beginning (the build leaves out every key below one), so the key
  /// itself is looked up first: one lookup answers most queries. Otherwise the beginnings are
  /// searched by halves: being stored holds for every beginning up to some length and for none
  /// beyond (a beginning of a stored key is stored, unless it is rare and the key is not), so
  /// the longest stored beginning is found in log₂ of the number of cuts lookups, and it is
  /// the rare one if any is.
  func candidates(for key: UnsafeBufferPointer<UInt8>) -> (postings: Postings, isExact: Bool)? {
    if let postings = postings(of: key) { return (postings, true) }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: key.count) { cuts in
      var cutCount = 0
      KeyPrefixes.forEachCut(of: key) { cut in
        guard cut < key.count else { return false }
        cuts[cutCount] = cut
        cutCount += 1
        return true
      }
      // The cuts below `low` have stored beginnings, and those from `high` on have none;
      // `longest` is the postings of the one at `low - 1`.
      var low = 0
      var high = cutCount
      var longest: Postings?
      while low < high {
        let middle = (low + high) / 2
        if let postings = postings(of: UnsafeBufferPointer(rebasing: key[..<cuts[middle]])) {
          longest = postings
          low = middle + 1
        } else {
          high = middle
        }
      }
      guard let longest, longest.count <= rareKeyLimit else { return nil }
      return (longest, false)
    }
  }

  /// The slot of the record at `place` (`slotsByPlace`), a place a posting read from this
  /// index gave.
  @inline(__always)
  func slot(atPlace place: Int) -> Int { Int(slotsByPlace[place]) }

  /// Calls `body` with the postings `postings` names, to read in order.
  func withPostings<Result>(_ postings: Postings, _ body: (PostingList) -> Result) -> Result {
    tables[postings.bucket].bytes.withUnsafeBufferPointer { bytes in
      slotsByPlace.withUnsafeBufferPointer { slotsByPlace in
        body(PostingList(bytes: bytes, offset: postings.offset, count: postings.count, slotsByPlace: slotsByPlace))
      }
    }
  }
}

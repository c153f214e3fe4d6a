/// The storage one search lends to the next: the prepared query's arrays, the kept matches and
/// the list of candidate slots.
///
/// A search takes a scratch from a process-wide pool, fills its arrays (emptied, their capacity
/// kept), and gives it back at its end; once the pool is warm a search on the hash path allocates
/// nothing but the results it returns. The pool is behind a POSIX lock (`ReadWriteLocked`,
/// written only) rather than a `Mutex`: the thread sanitizer follows the one and reports races
/// through the other, whose Linux futex it does not see. The pool holds at most `maxPooled` scratches, about one
/// per thread that searched at once, and a scratch keeps no array longer than `maxKeptCount`
/// elements, so that one huge query does not pin its memory.
///
///     var scratch = SearchScratch.take()
///     let prepared = PreparedQuery("lyf", options: .default, reusing: &scratch.query)
///     // … search …
///     if let prepared { scratch.query.reclaim(prepared) }
///     SearchScratch.give(scratch)
struct SearchScratch: Sendable {
  /// The prepared query's arrays.
  var query = PreparedQuery.Storage()
  /// The kept matches (`TopMatches`).
  var matches: [RankedMatch] = []
  /// The slots of candidate records (`MatchCollector.candidateSlots`).
  var slots: [Int] = []
  /// The matcher's memory of reading sets' pieces (`PieceMasks`).
  let pieceMasks = PieceMaskStorage()
  /// The last search's `MatchCollector.readAheadTrace`: stored where other threads may read
  /// it, so that the compiler cannot drop the reads ahead as unused.
  var readAheadTrace: UInt32 = 0

  /// The scratches of searches that have ended.
  private static let pool = ReadWriteLocked<[SearchScratch]>([])
  /// The most scratches pooled: more than the threads that search at once in a process.
  static let maxPooled = 64
  /// The most elements an array keeps when given back; a longer one is dropped.
  static let maxKeptCount = 4096

  /// A scratch from the pool, or a new one when the pool is empty.
  static func take() -> SearchScratch {
    pool.write { $0.popLast() } ?? SearchScratch()
  }

  /// Gives `scratch` back to the pool, without its arrays longer than `maxKeptCount`.
  static func give(_ scratch: consuming SearchScratch) {
    var scratch = scratch
    scratch.query.dropArrays(longerThan: maxKeptCount)
    if scratch.matches.capacity > maxKeptCount { scratch.matches = [] }
    if scratch.slots.capacity > maxKeptCount { scratch.slots = [] }
    pool.write { pool in
      if pool.count < maxPooled { pool.append(scratch) }
    }
  }
}

import Synchronization

/// The storage one search lends to the next: the prepared query's arrays and the kept matches.
///
/// A search takes a scratch from a process-wide pool, fills its arrays (emptied, their capacity
/// kept), and gives it back at its end; once the pool is warm a search on the hash path allocates
/// nothing but the results it returns. The pool holds at most `maxPooled` scratches, about one
/// per thread that searched at once, and a scratch keeps no array longer than `maxKeptCount`
/// elements, so that one huge query does not pin its memory.
///
///     var scratch = SearchScratch.take()
///     let prepared = PreparedQuery("lyf", options: .default, reusing: &scratch)
///     // … search …
///     if let prepared { scratch.reclaim(prepared) }
///     SearchScratch.give(scratch)
struct SearchScratch: Sendable {
  /// The query's folded bytes (`PreparedText.bytes`).
  var bytes: [UInt8] = []
  /// The query's units (`PreparedText.units`).
  var units: [PreparedUnit] = []
  /// The query's bytes without white space, when it has inner white space.
  var pinyin: [UInt8] = []
  /// The query's digits.
  var digits: [UInt8] = []
  /// The kept matches (`TopMatches`).
  var matches: [RankedMatch] = []
  /// The slots of candidate records (`MatchCollector.candidateSlots`).
  var slots: [Int] = []

  /// The scratches of searches that have ended.
  private static let pool = Mutex<[SearchScratch]>([])
  /// The most scratches pooled: more than the threads that search at once in a process.
  static let maxPooled = 64
  /// The most elements an array keeps when given back; a longer one is dropped.
  static let maxKeptCount = 4096

  /// A scratch from the pool, or a new one when the pool is empty.
  static func take() -> SearchScratch {
    pool.withLock { $0.popLast() } ?? SearchScratch()
  }

  /// Gives `scratch` back to the pool, without its arrays longer than `maxKeptCount`.
  static func give(_ scratch: consuming SearchScratch) {
    var scratch = scratch
    scratch.dropLongArrays()
    pool.withLock { pool in
      if pool.count < maxPooled { pool.append(scratch) }
    }
  }

  /// Takes the arrays of `query`, made from this scratch, back for the next search.
  mutating func reclaim(_ query: consuming PreparedQuery) {
    // `pinyin` shares `literal.bytes`' storage when the query has no white space; taking it
    // twice would make neither unique.
    if !Self.sharesStorage(query.pinyin, query.literal.bytes) { pinyin = query.pinyin }
    bytes = query.literal.bytes
    units = query.literal.units
    digits = query.phoneDigits
  }

  /// Empties `array`, keeping its capacity, and moves it out of the scratch: the caller then
  /// holds its only reference, so appending to it allocates nothing while it has room.
  static func takeEmptied<Element>(_ array: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &array)
    taken.removeAll(keepingCapacity: true)
    return taken
  }

  /// Whether `first` and `second` are the same non-empty storage.
  private static func sharesStorage(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in first.baseAddress != nil && first.baseAddress == second.baseAddress }
    }
  }

  /// Drops every array longer than `maxKeptCount` elements.
  private mutating func dropLongArrays() {
    if bytes.capacity > Self.maxKeptCount { bytes = [] }
    if units.capacity > Self.maxKeptCount { units = [] }
    if pinyin.capacity > Self.maxKeptCount { pinyin = [] }
    if digits.capacity > Self.maxKeptCount { digits = [] }
    if matches.capacity > Self.maxKeptCount { matches = [] }
    if slots.capacity > Self.maxKeptCount { slots = [] }
  }
}

/// The pairs of some buckets' keys that one part of an index build collects: one (key, group)
/// pair per posting, record after record in place order, with where each place's pairs end.
///
/// Buckets are spread over `count` lanes, so that laying out a lane reads only its own pairs.
/// Filled by one thread, then only read, by any: it is handed between threads through
/// `ConcurrentResults`, whose lock orders the writes before the reads; so its properties go
/// without the run-time exclusivity checks of a class's stored properties.
final class PairLane: @unchecked Sendable {
  /// The number of lanes: enough that a lane's postings are a small share of the whole (they
  /// are gathered at once), few enough that `ends` stays small (4 bytes per lane and place).
  static let count = 8

  /// The lane of bucket `bucket`.
  @inline(__always)
  static func of(bucket: Int) -> Int { bucket & (count - 1) }

  /// The keys in lane `lane`.
  static func buckets(of lane: Int) -> StrideTo<Int> { stride(from: lane, to: KeyBucket.count, by: count) }

  /// Each pair's key: its bucket in the top 6 bits, its number in the bucket's catalog below.
  /// In chunks, as are the groups: the pairs are the largest thing a build holds, and doubling
  /// buffers held up to twice their bytes (88 MiB for 53 MiB of pairs at 100,000 contacts).
  @exclusivity(unchecked) private var keys = ChunkedBuffer<UInt32>()
  /// Each pair's `PostingGroup`, in chunks like `keys`.
  @exclusivity(unchecked) private var groups = ChunkedBuffer<UInt16>()
  /// Where each place's pairs end; they begin where the previous place's end.
  @exclusivity(unchecked) private var ends: GrowableBuffer<UInt32>

  /// An empty lane for the pairs of `placeCount` places.
  init(placeCount: Int) {
    ends = GrowableBuffer(capacity: placeCount)
  }

  /// The number of pairs.
  var pairCount: Int { keys.count }

  /// Appends a pair of the current place.
  @inline(__always)
  func append(bucket: Int, key: Int, group: UInt16) {
    keys.append(UInt32(bucket) << 26 | UInt32(key))
    groups.append(group)
  }

  /// Ends the current place.
  @inline(__always)
  func endPlace() {
    precondition(keys.count < Int(UInt32.max), "an index build part holds less than 2³² postings")
    ends.append(UInt32(keys.count))
  }

  /// The most keys a bucket's catalog may number in one part.
  static let maxKeyNumber = (1 << 26) - 1

  /// Calls `body` with every pair's bucket, key number, group and the place after `firstPlace`
  /// whose pair it is, in order.
  @inline(__always)
  func forEachPair(firstPlace: Int, _ body: (_ bucket: Int, _ key: Int, _ group: UInt16, _ place: Int) -> Void) {
    let ends = ends.elements
    var offset = 0  // the place's offset after `firstPlace`
    var pair = 0
    for index in 0..<keys.chunkCount {
      let (keys, groups) = (keys.chunk(at: index), groups.chunk(at: index))
      for (key, group) in zip(keys, groups) {
        while Int(ends[offset]) <= pair { offset += 1 }
        body(Int(key >> 26), Int(key & UInt32(Self.maxKeyNumber)), group, firstPlace + offset)
        pair += 1
      }
    }
  }

  /// Frees the pairs, once their lane is laid out: the build's memory then falls lane by lane.
  func removeAll() {
    keys.removeAll()
    groups.removeAll()
    ends = GrowableBuffer(capacity: 1)
  }
}

/// The few records among which the matches of one kind of recent queries are, so that the
/// next keystroke of a search as you type (`liuyi` after `liuy`, `广zhouge` after `广zhoug`)
/// matches them instead of looking for candidates again: mixed matches (`MixedSearch`), keypad
/// matches of digits longer than the complete keypad keys, full-pinyin matches with fuzzy
/// spellings of queries longer than the fuzzy keys.
///
/// A match of each of these kinds of a query gives one of each beginning of it at a cut of
/// `KeyPrefixes` (the piece the cut falls in is shortened, and stays the beginning of a
/// spelling), at the same start. So the records with a match of a query are among those of any
/// such beginning: an entry holds a query's pinyin form and a list of slots that holds every
/// record with a match of it, and stands for every query that extends it at a cut. Most often
/// the list is the records found to match, when every candidate was looked at.
///
/// Each index has its own caches, whose slots are those of its store, which never changes (a
/// removed record is only marked in the engine, and skipped when it is offered). A cache is
/// shared by every search on the index, behind a lock held only to copy a list in or out: read
/// (shared) to look a list up, written to keep one.
///
/// Bounds: `capacity` entries of at most `maxSlots` slots and `maxQueryBytes` query bytes.
final class CandidateCache: Sendable {
  /// The most entries kept; the oldest is replaced.
  static let capacity = 8
  /// The most slots an entry holds: longer lists are not worth keeping (cutting the query into
  /// ways and sifting its candidates is then cheaper than matching them all).
  static let maxSlots = 64
  /// The longest query kept.
  static let maxQueryBytes = 64

  /// A query's pinyin form and the slots among which every record with a match of it is,
  /// under `options`: they serve searches with those options or fewer (a search with fewer
  /// options finds no match those would not).
  struct Entry: Sendable {
    var query: [UInt8]
    var options: SearchOptions
    var slots: [Int]
  }

  private struct State {
    var entries: [Entry] = []
    var next = 0
  }

  /// A POSIX lock (`ReadWriteLocked`), which the thread sanitizer sees.
  private let state = ReadWriteLocked(State())

  /// An empty cache.
  init() {}

  /// The slots of the longest kept query that `query` (a pinyin form, cut at `cuts`) extends
  /// at a cut, or equals, kept under `options` or more; nil when none.
  func slots(for query: UnsafeBufferPointer<UInt8>, cuts: QueryCuts, options: SearchOptions) -> [Int]? {
    guard query.count <= Self.maxQueryBytes else { return nil }
    return state.read { state in
      var best: Entry?
      // A kept query may end at a cut of `query`, or at its end.
      for entry in state.entries
      where entry.query.count > (best?.query.count ?? 0) && cuts.contains(entry.query.count)
        && (entry.options == options || options.isSubset(of: entry.options))
        && entry.query.withUnsafeBufferPointer({ bytesEqual($0.baseAddress!, query.baseAddress!, count: $0.count) })
      {
        best = entry
      }
      return best?.slots
    }
  }

  /// Keeps `slots` for `query` (a pinyin form) searched with `options`, when both are short
  /// enough.
  func keep(_ slots: [Int], for query: UnsafeBufferPointer<UInt8>, options: SearchOptions) {
    guard !query.isEmpty, query.count <= Self.maxQueryBytes, slots.count <= Self.maxSlots else { return }
    let entry = Entry(query: Array(query), options: options, slots: slots)
    state.write { state in
      if let index = state.entries.firstIndex(where: { $0.query == entry.query && $0.options == entry.options }) {
        state.entries[index] = entry
      } else if state.entries.count < Self.capacity {
        state.entries.append(entry)
      } else {
        state.entries[state.next] = entry
        state.next = (state.next + 1) % Self.capacity
      }
    }
  }
}

/// The postings of the windows of a query that a mixed or keypad search cuts into ways: the
/// bytes from a piece's start, as long as a key whose postings are complete (a stored mixed
/// key, or a complete keypad key) and ending at a cut of `KeyPrefixes`.
///
/// A match cut a way types the rest of the query after each of its pieces from the next unit on,
/// so every record with such a match has each window of the way as a key: the postings of the
/// rarest window hold them all, and often far fewer records than the way's initials key
/// (`94264267` on a dial pad at 100,000 contacts: the way cut `9426|426|7`, whose initials key
/// `947` has 15,681 postings, and its window `4267`, 1,863). Each window is looked up once per
/// query.
///
/// Bounds: one array of the query's length, and one lookup per start asked for.
struct WindowLookups {
  /// The query's pinyin form, as keys are filed.
  private let query: [UInt8]
  /// Where it may be cut.
  private let cuts: QueryCuts
  /// The longest window, in bytes.
  private let length: Int
  /// By start: nil before the lookup, else its result.
  private var found: [KeyIndex.Postings??]

  /// The windows of `query` (a pinyin form, whose cuts are `cuts`), each at most `length` bytes.
  init(query: [UInt8], cuts: QueryCuts, length: Int) {
    self.query = query
    self.cuts = cuts
    self.length = length
    found = Array(repeating: nil, count: query.count + 1)
  }

  /// The postings that every record with a key of the window from `start` is among (its own,
  /// or a rare beginning's), `.some(nil)` when no record has it; nil when there is no window
  /// there: `start` at the end of the query, or no cut close enough after it.
  mutating func postings(from start: Int, in index: KeyIndex) -> KeyIndex.Postings?? {
    guard start > 0, start < query.count, length > 0 else { return nil }
    if let known = found[start] { return known }
    var end = min(query.count, start + length)
    while end > start && !cuts.contains(end) { end -= 1 }
    guard end > start else { return nil }
    let postings = query.withUnsafeBufferPointer {
      index.candidates(for: UnsafeBufferPointer(rebasing: $0[start..<end]))?.postings
    }
    found[start] = .some(postings)
    return .some(postings)
  }
}

/// Follows the ways of cutting one query into pieces, piece by piece, for
/// `ways(of:cuts:in:settledCount:spelling:budget:)`.
struct WayFinder {
  /// The query's pinyin form.
  private let query: UnsafeBufferPointer<UInt8>
  /// The longest key a way may have.
  private let maxLength: Int
  /// From each query position, the pieces that may spell a Han unit (beginnings of spellings,
  /// at most 6 bytes): those from `position` are `pieces[pieceStarts[position]..<pieceStarts[position + 1]]`.
  /// Found once, used by every way.
  private var pieces: [Piece] = []
  private var pieceStarts: [Int] = [0]
  /// The ways that reached the end of the query or stopped short of it.
  private var ended = WaySet()
  /// The ways open after the current piece.
  private var next = WaySet()
  /// The keys looked up so far, and whether each is settled.
  private var lookups: [KeyLookup] = []
  /// The index whose postings settle a way's key.
  private let index: KeyIndex
  /// The most records of a settled key.
  private let settledCount: Int
  /// Where the query may be cut (`KeyPrefixes`): where a record's units end whatever the
  /// record (see `Way.keyAtCut`).
  private let cuts: QueryCuts

  /// A piece of the query that may spell a Han unit: where it ends, and what it requires.
  private struct Piece {
    var end: Int
    var required: SpellingSignature
  }

  /// A way's key looked up in the index: its postings if it is stored, and whether it is
  /// settled (has few records, or none).
  struct KeyLookup {
    var key: InitialsKey
    var postings: KeyIndex.Postings?
    var isSettled: Bool
  }

  /// How pieces are typed.
  private let spelling: PieceSpelling

  private init(
    query: UnsafeBufferPointer<UInt8>, cuts: QueryCuts, index: KeyIndex, settledCount: Int, spelling: PieceSpelling
  ) {
    self.query = query
    self.cuts = cuts
    self.index = index
    self.settledCount = settledCount
    self.maxLength = min(index.maxKeyLength, InitialsKey.capacity)
    self.spelling = spelling
    let trie = spelling.trie
    pieceStarts.reserveCapacity(query.count + 1)
    pieces.reserveCapacity(2 * query.count)
    for position in query.indices {
      // One walk down the trie from each position finds every piece that starts there.
      var node = SyllablePrefixTrie.root
      var piece = SpellingSignature.GrowingPiece()
      for end in (position + 1)..<(min(position + 6, query.count) + 1) {
        guard let child = trie.child(of: node, query[end - 1]) else { break }
        node = child
        piece.append(query[end - 1])
        pieces.append(Piece(end: end, required: piece.required))
      }
      pieceStarts.append(pieces.count)
    }
  }

  /// The initials keys that every record with a mixed match of a query holds one of, typed as
  /// `spelling` says (on letters or on a dial pad; `query` is the query's `canonicalPinyin`,
  /// `cuts` its cuts): for each way of cutting the query into pieces — a beginning of a
  /// syllable, a Han character, or a character of another unit — the initial each piece stands
  /// for (its first letter, one of the character's initials, the character itself), joined. A mixed match covers the same
  /// units as the initials match of its pieces' initials (`liuyf` and `lyf` both cover 刘亦菲),
  /// so the records of these keys, or of their rare beginnings, are the candidates to check.
  ///
  /// The ways are followed piece by piece, merging those that reach the same point of the query
  /// with the same initials. A way ends early when its key so far is settled — has at most
  /// `settledCount` records in `index`, few enough to check, or none — when more than `budget`
  /// ways are open, or when its key would pass the index's key length: the key so far then
  /// stands for its continuations (each record's key begins with it). The keys looked up are
  /// returned with the ways.
  ///
  /// Each way also says what its pieces require of a record (as many units, and in its spelling
  /// signature the bits of the pieces' beginnings and of the characters typed as themselves),
  /// so that the candidates of its key are sifted before they are matched; ways merged into one
  /// require what both do.
  ///
  ///     // "liuyf" → lyf (li, liu), luyf, liuyf, …: l|i|u|y|f as letters of other units, li|u|y|f, liu|y|f
  ///
  /// A way's key ends only where every record's units end too (a cut of `KeyPrefixes`, or the
  /// query's end), so that it stands for the keys that begin with it; nil when a way had to end
  /// before its first such place, which leaves every record a candidate.
  ///
  /// - Complexity: O(q × `budget` × 7) steps for a query of q bytes, each merging into the ways
  ///   open (at most `budget`) or ended.
  static func ways(
    of query: [UInt8], cuts: QueryCuts, in index: KeyIndex, settledCount: Int, spelling: PieceSpelling,
    budget: Int = 256
  ) -> (ways: [Way]?, lookups: [KeyLookup]) {
    query.withUnsafeBufferPointer { query in
      var finder = WayFinder(query: query, cuts: cuts, index: index, settledCount: settledCount, spelling: spelling)
      let ways = finder.ways(budget: budget)
      return (ways, finder.lookups)
    }
  }

  /// Every way of cutting the query, each ended; nil when one ended with an empty key (before
  /// its first cut, out of budget), which stands for every record.
  private mutating func ways(budget: Int) -> [Way]? {
    var open = WaySet()
    open.insert(Way(key: InitialsKey(), position: 0, pieceCount: 0, required: SpellingSignature()))
    lookups.reserveCapacity(32)
    while !open.ways.isEmpty {
      next.removeAll()
      for way in open.ways {
        let position = way.position
        let (scalar, scalarLength) = UTF8Scalar.decode(query, at: position)
        let scalarEnd = min(position + scalarLength, query.count)
        // A character of a unit other than Han: its bytes are its initial. It begins a unit of
        // its own at the start or at a cut (between two printable ASCII or Han scalars); else
        // it may continue the unit before (❤ and U+FE0F are one unit), and is not counted.
        extend(
          way, by: UnsafeBufferPointer(rebasing: query[position..<scalarEnd]), to: scalarEnd, isSpelling: false,
          isUnit: position == 0 || cuts.contains(position), way.required)
        // A beginning of a spelling, for a Han unit: its first letter (or digit).
        let initial = UnsafeBufferPointer(rebasing: query[position..<(position + 1)])
        for index in pieceStarts[position]..<pieceStarts[position + 1] {
          extend(
            way, by: initial, to: pieces[index].end, isSpelling: true, way.required.union(pieces[index].required))
        }
        // A Han character typed as itself, with the variation selectors its unit has: any of
        // its initials.
        if scalarLength > 1, let (initials, key) = spelling.characterTyping(of: scalar) {
          var required = way.required
          required.requireCharacter(key)
          var end = scalarEnd
          while true {
            var remaining = initials
            while remaining != 0 {
              var letter = UInt8(ascii: "a") + UInt8(remaining.trailingZeroBitCount)
              withUnsafePointer(to: &letter) {
                extend(
                  way, by: UnsafeBufferPointer(start: $0, count: 1), to: end, isSpelling: false, required)
              }
              remaining &= remaining - 1
            }
            guard end < query.count else { break }
            let (selector, length) = UTF8Scalar.decode(query, at: end)
            guard (0xFE00...0xFE0F).contains(selector) || (0xE0100...0xE01EF).contains(selector) else { break }
            end = min(end + length, query.count)
          }
        }
      }
      if next.ways.count > budget {
        for way in next.ways { end(way) }
        break
      }
      swap(&open, &next)  // the ways just found are followed next; the old storage is reused
    }
    return ended.ways.contains { $0.key.count == 0 } ? nil : ended.ways
  }

  /// Ends `way` where it is: its key (as of its last cut) stands for the rest of the query.
  private mutating func end(_ way: Way) {
    ended.insert(way.ended(at: query.count, isAtCut: cuts.contains(way.position)))
  }

  /// Follows `way` with one more piece whose initial is `initial`, ending at `position`; a way
  /// whose key would be too long ends as it is, standing for its longer continuations. A way
  /// whose key has few records ends there, but only at a cut of the query (`isCut`).
  @inline(__always)
  private mutating func extend(
    _ way: Way, by initial: UnsafeBufferPointer<UInt8>, to position: Int, isSpelling: Bool,
    isUnit: Bool = true, _ required: SpellingSignature
  ) {
    guard
      let extended = way.extended(
        by: initial, limit: maxLength, to: position, isCut: cuts.contains(position), isSpelling: isSpelling,
        isUnit: isUnit, requiring: required)
    else {
      end(way)
      return
    }
    // A key is asked about only at a cut, where a record that has a longer key has it too.
    if position == query.count || (cuts.contains(position) && isSettled(extended.key)) {
      end(extended)
    } else {
      next.insert(extended)
    }
  }

  /// Whether `key` is settled: one lookup tells, since a key that is not stored has no
  /// records, or has a rare beginning with few. Each key is looked up once.
  private mutating func isSettled(_ key: InitialsKey) -> Bool {
    if let known = lookups.first(where: { $0.key == key }) { return known.isSettled }
    let postings = key.withBytes { index.postings(of: $0) }
    let isSettled = (postings?.count ?? 0) <= settledCount
    lookups.append(KeyLookup(key: key, postings: postings, isSettled: isSettled))
    return isSettled
  }
}

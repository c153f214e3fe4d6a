/// Follows the ways of cutting one mixed query into pieces, piece by piece, for
/// `PreparedQuery.mixedInitials(maxLength:budget:isSettled:)`.
struct MixedWayFinder {
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
  private var ended = MixedWays()
  /// The ways open after the current piece.
  private var next = MixedWays()
  /// The keys asked about so far, and whether each is settled.
  private var settled: [SettledKey] = []
  /// Whether each query position (0 through the end) is a cut of `KeyPrefixes` or the end:
  /// where a record's units end whatever the record (see `MixedWay.keyAtCut`).
  private var isCut: [Bool]

  /// A piece of the query that may spell a Han unit: where it ends, and what it requires.
  private struct Piece {
    var end: Int
    var required: SpellingSignature
  }

  /// A key asked about, and whether it is settled.
  private struct SettledKey {
    var key: InitialsKey
    var isSettled: Bool
  }

  /// How pieces are typed.
  private let spelling: MixedSpelling

  init(query: UnsafeBufferPointer<UInt8>, maxLength: Int, spelling: MixedSpelling) {
    self.query = query
    self.maxLength = min(maxLength, InitialsKey.capacity)
    self.spelling = spelling
    var isCut = [Bool](repeating: false, count: query.count + 1)
    KeyPrefixes.forEachCut(of: query) { cut in
      isCut[cut] = true
      return true
    }
    self.isCut = isCut
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

  /// Every way of cutting the query, each ended; nil when one ended with an empty key (before
  /// its first cut, out of budget), which stands for every record.
  mutating func ways(budget: Int, isSettled: (_ key: UnsafeBufferPointer<UInt8>) -> Bool) -> [MixedWay]? {
    var open = MixedWays()
    open.insert(MixedWay(key: InitialsKey(), position: 0, pieceCount: 0, required: SpellingSignature()))
    settled.reserveCapacity(32)
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
          isUnit: position == 0 || isCut[position], way.required, isSettled)
        // A beginning of a spelling, for a Han unit: its first letter (or digit).
        let initial = UnsafeBufferPointer(rebasing: query[position..<(position + 1)])
        for index in pieceStarts[position]..<pieceStarts[position + 1] {
          extend(
            way, by: initial, to: pieces[index].end, isSpelling: true, way.required.union(pieces[index].required),
            isSettled)
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
                  way, by: UnsafeBufferPointer(start: $0, count: 1), to: end, isSpelling: false, required, isSettled)
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
  private mutating func end(_ way: MixedWay) {
    ended.insert(way.ended(at: query.count, isAtCut: isCut[way.position]))
  }

  /// Follows `way` with one more piece whose initial is `initial`, ending at `position`; a way
  /// whose key would be too long ends as it is, standing for its longer continuations. A way
  /// whose key has few records ends there, but only at a cut of the query (`isCut`).
  private mutating func extend(
    _ way: MixedWay, by initial: UnsafeBufferPointer<UInt8>, to position: Int, isSpelling: Bool,
    isUnit: Bool = true, _ required: SpellingSignature, _ isSettled: (_ key: UnsafeBufferPointer<UInt8>) -> Bool
  ) {
    guard
      let extended = way.extended(
        by: initial, limit: maxLength, to: position, isCut: isCut[position], isSpelling: isSpelling,
        isUnit: isUnit, requiring: required)
    else {
      end(way)
      return
    }
    // A key is asked about only at a cut, where a record that has a longer key has it too.
    if position == query.count || (isCut[position] && isSettledKey(extended.key, isSettled)) {
      end(extended)
    } else {
      next.insert(extended)
    }
  }

  /// Whether `key` is settled, asking `isSettled` once per key.
  private mutating func isSettledKey(_ key: InitialsKey, _ isSettled: (_ key: UnsafeBufferPointer<UInt8>) -> Bool)
    -> Bool
  {
    if let known = settled.first(where: { $0.key == key }) { return known.isSettled }
    let answer = key.withBytes(isSettled)
    settled.append(SettledKey(key: key, isSettled: answer))
    return answer
  }
}

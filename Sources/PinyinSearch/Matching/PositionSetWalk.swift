/// The position sets of one forward walk from a start unit over position sets of any number of
/// words (`Matcher.walkWithPositionSets(from:in:budget:throughUnit:)`), and the steps by which a
/// unit's pieces advance them.
///
/// `current` holds the query positions that the units so far reach by some choice of pieces;
/// the current unit adds to `next` each of them moved past a piece that occurs there. Each set
/// is kept with its word range (`QueryPositions`), so that a unit costs in proportion to the
/// span of the positions still alive.
struct PositionSetWalk {
  /// The query's position sets, whose scratch space the walk uses.
  let positions: QueryPositions
  /// The pinyin query's bytes.
  let query: UnsafePointer<UInt8>
  /// The positions the units before the current one reach.
  private(set) var current: UnsafeMutablePointer<UInt64>
  /// The positions the current unit reaches.
  private(set) var next: UnsafeMutablePointer<UInt64>
  /// Scratch space for the positions at which a piece occurs.
  let occurrence: UnsafeMutablePointer<UInt64>
  /// The word range of `current`.
  private(set) var currentWords = 0..<1
  /// The word range of `next`.
  private(set) var nextWords = 0..<0

  /// A walk for the non-empty query `query`, whose sets are `positions`, at position 0:
  /// nothing typed yet.
  @inline(__always)
  init(positions: QueryPositions, query: UnsafeBufferPointer<UInt8>) {
    self.positions = positions
    self.query = query.baseAddress!
    current = positions.scratch.0
    next = positions.scratch.1
    occurrence = positions.scratch.2
    current.update(repeating: 0, count: positions.words)
    next.update(repeating: 0, count: positions.words)
    current[0] = 1
  }

  /// Empties `next` for the next unit.
  @inline(__always)
  mutating func beginUnit() {
    QueryPositions.clear(next, nextWords)
    nextWords = 0..<0
  }

  /// Whether the current unit reached a position: the walk goes on.
  @inline(__always)
  var isAlive: Bool { !nextWords.isEmpty }

  /// Makes the positions the current unit reached those the next one starts from.
  @inline(__always)
  mutating func endUnit() {
    swap(&current, &next)
    swap(&currentWords, &nextWords)
  }

  /// Whether `piece` ends the query from a position reached.
  @inline(__always)
  func endsQuery(with piece: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = positions.count
    return piece.count <= count && QueryPositions.contains(current, count - piece.count)
      && bytesEqual(query + count - piece.count, piece.baseAddress!, count: piece.count)
  }

  /// Whether the query ends inside (or at the end of) `spelling` from a position reached: the
  /// query's bytes from it on are a non-empty beginning of the spelling.
  @inline(__always)
  func endsQuery(inside spelling: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = positions.count
    for length in 1...min(spelling.count, count)
    where QueryPositions.contains(current, count - length) && query[count - length] == spelling[0] {
      if bytesEqual(query + count - length, spelling.baseAddress!, count: length) { return true }
    }
    return false
  }

  /// Whether a piece of `length` bytes that occurs at the positions of `occurrence` ends the
  /// query from a position reached.
  @inline(__always)
  func endsQuery(_ occurrence: UnsafePointer<UInt64>, length: Int) -> Bool {
    let position = positions.count - length
    return QueryPositions.contains(current, position) && QueryPositions.contains(occurrence, position)
  }

  /// Adds to `next` the positions of `current` that are also in `occurrence` (valid within
  /// `currentWords`), where a piece of `length` bytes occurs, each moved past the piece.
  /// Neither set is changed otherwise.
  @inline(__always)
  mutating func addMoved(_ occurrence: UnsafePointer<UInt64>, by length: Int) {
    let words = currentWords
    let target = words.lowerBound..<min(positions.words, words.upperBound + (length + 63) / 64)
    let bits = UInt64(length & 63)
    for word in target {
      let source = word - length >> 6
      var value: UInt64 = 0
      if words.contains(source) { value = (current[source] & occurrence[source]) << bits }
      if bits != 0 && words.contains(source - 1) {
        value |= (current[source - 1] & occurrence[source - 1]) >> (64 - bits)
      }
      if value != 0 {
        next[word] |= value
        nextWords = QueryPositions.union(nextWords, word..<(word + 1))
      }
    }
  }

  /// Adds to `next` the positions reached past `piece`, taken whole, from a position reached.
  @inline(__always)
  mutating func step(over piece: UnsafeBufferPointer<UInt8>) {
    if positions.occurrences(of: piece, into: occurrence, within: currentWords) {
      addMoved(occurrence, by: piece.count)
    }
  }
}

extension Matcher {
  /// One past the first unit from `start` at which `step` finds that the query is typed out,
  /// or nil: the skeleton of the forward walks over position sets of any number of words, which
  /// skips white space. `step` advances the walk's sets through one unit and returns whether a
  /// piece of it ends the query; the walk stops with nil when a unit reaches no position. Each
  /// unit stepped through costs one of `budget`, and the walk stops with nil once it is below
  /// zero.
  @inline(__always)
  func walkWithPositionSets(
    from start: Int, in record: PreparedTextView, budget: inout Int,
    throughUnit step: (_ unit: Int, _ info: PreparedUnit, _ walk: inout PositionSetWalk) -> Bool
  ) -> Int? {
    var walk = PositionSetWalk(positions: positions, query: pinyin)
    for unit in start..<record.units.count {
      budget -= 1
      if budget < 0 { return nil }
      let info = record.units[unit]
      if info.isTransparent { continue }
      walk.beginUnit()
      if step(unit, info, &walk) { return unit + 1 }
      guard walk.isAlive else { return nil }
      walk.endUnit()
    }
    return nil
  }
}

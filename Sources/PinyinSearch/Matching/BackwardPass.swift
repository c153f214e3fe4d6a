/// The position sets of one backward pass over a record's units, which finds the leftmost unit
/// from which the units type the query (`Matcher.leftmostStart(in:from:throughUnit:)`), and the
/// steps by which a unit's pieces extend them.
///
/// Going backwards, `later` holds the query positions from which the units after the current
/// one type the rest of the query, and `here` those from which the current unit and the units
/// after it do: the current unit adds to `here` each position at which one of its pieces occurs
/// and either ends the query or leads to a position of `later`. Each set is kept with its word
/// range (`QueryPositions`), so that a unit costs in proportion to the span of the positions
/// still alive, at most ⌈q / 64⌉ words for a query of q bytes.
struct BackwardPass {
  /// The query's position sets, whose scratch space the pass uses.
  let positions: QueryPositions
  /// The pinyin query's bytes.
  let query: UnsafePointer<UInt8>
  /// The positions from which the units after the current one type the rest of the query.
  private(set) var later: UnsafeMutablePointer<UInt64>
  /// The positions from which the current unit and the units after it type the rest.
  private(set) var here: UnsafeMutablePointer<UInt64>
  /// Scratch space for the positions at which a piece occurs.
  let occurrence: UnsafeMutablePointer<UInt64>
  /// The word range of `later`.
  private(set) var laterWords = 0..<0
  /// The word range of `here`.
  private(set) var hereWords = 0..<0

  /// A pass for the non-empty query `query`, whose sets are `positions`, with both sets empty.
  @inline(__always)
  init(positions: QueryPositions, query: UnsafeBufferPointer<UInt8>) {
    self.positions = positions
    self.query = query.baseAddress!
    later = positions.scratch.0
    here = positions.scratch.1
    occurrence = positions.scratch.2
    later.update(repeating: 0, count: positions.words)
    here.update(repeating: 0, count: positions.words)
  }

  /// Empties `here` for the next unit back.
  @inline(__always)
  mutating func beginUnit() {
    QueryPositions.clear(here, hereWords)
    hereWords = 0..<0
  }

  /// Whether the current unit and the units after it type the whole query.
  @inline(__always)
  var typesWholeQuery: Bool { QueryPositions.contains(here, 0) }

  /// Makes the current unit's positions those of the units after the one before it.
  @inline(__always)
  mutating func endUnit() {
    swap(&later, &here)
    swap(&laterWords, &hereWords)
  }

  /// Adds `position` to `here`: a piece of the current unit from it ends the query.
  @inline(__always)
  mutating func insertEnding(at position: Int) {
    QueryPositions.insert(position, into: here)
    hereWords = QueryPositions.union(hereWords, QueryPositions.wordRange(holding: position))
  }

  /// Adds to `here` the position from which `piece` ends the query, when the query ends with it.
  @inline(__always)
  mutating func insertEnding(ifQueryEndsWith piece: UnsafeBufferPointer<UInt8>) {
    let count = positions.count
    if piece.count <= count && bytesEqual(query + count - piece.count, piece.baseAddress!, count: piece.count) {
      insertEnding(at: count - piece.count)
    }
  }

  /// Adds to `here` each position `t` from which the query ends inside (or at the end of)
  /// `spelling`: the query's bytes from `t` on are a non-empty beginning of it.
  @inline(__always)
  mutating func insertEndings(inside spelling: UnsafeBufferPointer<UInt8>) {
    let count = positions.count
    for length in 1...min(spelling.count, count) where query[count - length] == spelling[0] {
      if bytesEqual(query + count - length, spelling.baseAddress!, count: length) {
        insertEnding(at: count - length)
      }
    }
  }

  /// The words of `here` from which a step of `length` bytes can reach a position of `later`:
  /// those of `later`'s range, and the words `length` bytes before them.
  @inline(__always)
  func wordsStepping(by length: Int) -> Range<Int> {
    guard !laterWords.isEmpty else { return 0..<0 }
    return max(0, laterWords.lowerBound - (length + 63) / 64)..<laterWords.upperBound
  }

  /// Adds to words `wordRange` of `here` (within `wordsStepping(by: length)`) the positions of
  /// `occurrence`, where a piece of `length` bytes occurs, whose step over the piece reaches a
  /// position of `later`.
  @inline(__always)
  mutating func addSteps(_ occurrence: UnsafePointer<UInt64>, by length: Int, within wordRange: Range<Int>) {
    let words = positions.words
    for word in wordRange {
      here[word] |= occurrence[word] & QueryPositions.word(word, of: later, shiftedDownBy: length, words: words)
    }
    hereWords = QueryPositions.union(hereWords, wordRange)
  }

  /// Adds to `here` the positions at which `piece` occurs and steps to a position of `later`.
  @inline(__always)
  mutating func addSteps(over piece: UnsafeBufferPointer<UInt8>) {
    let wordRange = wordsStepping(by: piece.count)
    if !wordRange.isEmpty && positions.occurrences(of: piece, into: occurrence, within: wordRange) {
      addSteps(occurrence, by: piece.count, within: wordRange)
    }
  }

  /// Adds to `here` the positions from which `piece`, a unit's piece taken whole (a non-Han
  /// unit's bytes, or a Han unit typed as itself), ends the query or steps to a position of
  /// `later`.
  @inline(__always)
  mutating func takeWhole(_ piece: UnsafeBufferPointer<UInt8>) {
    insertEnding(ifQueryEndsWith: piece)
    addSteps(over: piece)
  }
}

extension Matcher {
  /// The leftmost unit at or after `first` from which the units type the query, each in a
  /// piece that `step` adds to the pass's sets: the skeleton of the backward passes of the
  /// pinyin kinds, which skips white space.
  ///
  /// - Complexity: O(n × ⌈q / 64⌉) word operations for a record of n units and a query of q
  ///   bytes, times what `step` does per unit.
  @inline(__always)
  func leftmostStart(
    in record: PreparedTextView, from first: Int,
    throughUnit step: (_ unit: Int, _ info: PreparedUnit, _ pass: inout BackwardPass) -> Void
  ) -> Int? {
    var pass = BackwardPass(positions: positions, query: pinyin)
    var leftmost: Int?
    for unit in stride(from: record.units.count - 1, through: first, by: -1) {
      let info = record.units[unit]
      if info.isTransparent { continue }
      pass.beginUnit()
      step(unit, info, &pass)
      if pass.typesWholeQuery { leftmost = unit }
      pass.endUnit()
    }
    return leftmost
  }
}

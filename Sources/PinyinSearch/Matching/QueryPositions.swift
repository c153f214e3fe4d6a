/// Sets of positions in the pinyin query, as bitsets, for the bit-parallel pinyin searches.
///
/// A set holds positions `0 ..< count` of the query's pinyin bytes in `words` 64-bit words; bit
/// `t` of word `t / 64` stands for position `t`. For each byte value that occurs in the query,
/// `positions(of:)` gives the set of positions where it occurs; from those, the positions where
/// a whole spelling occurs are a few shifted intersections (the shift-and method), so that
/// advancing every position at once through a unit costs O(spelling length × `words`) word
/// operations, whatever the number of positions.
///
/// A *word range* of a set is a range of its words outside which every word is zero: the walks
/// over a record's units read and clear only those words, so that a unit costs in proportion to
/// the span of the positions still alive.
///
/// The storage is lent by `PreparedQuery.withMatcher(pieceMasks:_:)` and valid only inside it.
struct QueryPositions {
  /// The number of positions: the length of the pinyin query in bytes.
  let count: Int
  /// The words of one set: ⌈`count` / 64⌉.
  let words: Int
  /// For each byte value, 1 + the number of its set in `byteSets`, or 0 when it does not occur.
  private let byteSlots: UnsafeMutablePointer<UInt16>
  /// The sets of positions of each byte value that occurs in the query.
  private let byteSets: UnsafeMutablePointer<UInt64>
  /// Three sets of scratch space for the passes over a record's units.
  let scratch: (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt64>)

  /// The number of words of scratch space `QueryPositions` needs for `query`: one set per
  /// distinct byte of the query, and three more.
  static func storageWords(for query: UnsafeBufferPointer<UInt8>) -> Int {
    var seen = SIMD4<UInt64>()  // a bit per byte value, on the stack
    var distinct = 0
    for byte in query {
      let word = Int(byte >> 6)
      let bit: UInt64 = 1 << (byte & 63)
      if seen[word] & bit == 0 {
        seen[word] |= bit
        distinct += 1
      }
    }
    return max((distinct + 3) * ((query.count + 63) / 64), 1)  // a query of apostrophes alone has no bytes
  }

  /// The position sets of `query` in `storage` (`storageWords(for:)` words) and `slots` (256).
  init(
    of query: UnsafeBufferPointer<UInt8>, storage: UnsafeMutableBufferPointer<UInt64>,
    slots: UnsafeMutableBufferPointer<UInt16>
  ) {
    count = query.count
    words = (query.count + 63) / 64
    byteSlots = slots.baseAddress!
    byteSlots.update(repeating: 0, count: 256)
    storage.update(repeating: 0)
    let base = storage.baseAddress!
    scratch = (base, base + words, base + 2 * words)
    byteSets = base + 3 * words
    var distinct = 0
    for (position, byte) in query.enumerated() {
      if byteSlots[Int(byte)] == 0 {
        distinct += 1
        byteSlots[Int(byte)] = UInt16(distinct)
      }
      let set = byteSets + (Int(byteSlots[Int(byte)]) - 1) * words
      set[position >> 6] |= 1 << UInt64(position & 63)
    }
  }

  /// The set of positions where `byte` occurs, or nil when it does not occur.
  @inline(__always)
  func positions(of byte: UInt8) -> UnsafePointer<UInt64>? {
    let slot = Int(byteSlots[Int(byte)])
    return slot == 0 ? nil : UnsafePointer(byteSets + (slot - 1) * words)
  }

  /// Puts in words `wordRange` of `set` the positions `t` there where `bytes` occurs in the
  /// query (`t + bytes.count ≤ count`); returns false (with `set` undefined) when there are none.
  /// The other words of `set` are left as they were.
  ///
  /// - Complexity: O(`bytes.count` × `wordRange.count`).
  @inline(__always)
  func occurrences(
    of bytes: UnsafeBufferPointer<UInt8>, into set: UnsafeMutablePointer<UInt64>, within wordRange: Range<Int>
  ) -> Bool {
    guard bytes.count <= count, let first = positions(of: bytes[0]) else { return false }
    for word in wordRange { set[word] = first[word] }
    for offset in 1..<bytes.count {
      guard narrow(set, to: bytes[offset], at: offset, within: wordRange) else { return false }
    }
    return true
  }

  /// Keeps in words `wordRange` of `set`, the positions where a piece's first `offset` bytes
  /// occur, those where `byte` follows them: one step of the shift-and method. Returns whether
  /// any is left (false, with `set` undefined, when `byte` does not occur in the query).
  @inline(__always)
  func narrow(
    _ set: UnsafeMutablePointer<UInt64>, to byte: UInt8, at offset: Int, within wordRange: Range<Int>
  ) -> Bool {
    guard let next = positions(of: byte) else { return false }
    var any: UInt64 = 0
    for word in wordRange {
      set[word] &= Self.word(word, of: next, shiftedDownBy: offset, words: words)
      any |= set[word]
    }
    return any != 0
  }

  /// Word `word` of `set` with every position moved down by `shift` (position `t + shift` to `t`).
  @inline(__always)
  static func word(_ word: Int, of set: UnsafePointer<UInt64>, shiftedDownBy shift: Int, words: Int) -> UInt64 {
    let source = word + shift >> 6
    let bits = UInt64(shift & 63)
    guard source < words else { return 0 }
    var value = set[source] >> bits
    if bits != 0 && source + 1 < words { value |= set[source + 1] << (64 - bits) }
    return value
  }

  /// Whether `set` holds `position`.
  @inline(__always)
  static func contains(_ set: UnsafePointer<UInt64>, _ position: Int) -> Bool {
    set[position >> 6] & (1 << UInt64(position & 63)) != 0
  }

  /// Adds `position` to `set`.
  @inline(__always)
  static func insert(_ position: Int, into set: UnsafeMutablePointer<UInt64>) {
    set[position >> 6] |= 1 << UInt64(position & 63)
  }

  /// The word range of the one word that holds `position`.
  @inline(__always)
  static func wordRange(holding position: Int) -> Range<Int> {
    (position >> 6)..<((position >> 6) + 1)
  }

  /// The smallest word range that covers both.
  @inline(__always)
  static func union(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int> {
    if first.isEmpty { return second }
    if second.isEmpty { return first }
    return min(first.lowerBound, second.lowerBound)..<max(first.upperBound, second.upperBound)
  }

  /// Zeroes words `wordRange` of `set`.
  @inline(__always)
  static func clear(_ set: UnsafeMutablePointer<UInt64>, _ wordRange: Range<Int>) {
    if !wordRange.isEmpty { (set + wordRange.lowerBound).update(repeating: 0, count: wordRange.count) }
  }
}

/// Where a query's pinyin form may be cut so that its beginning is a key of every record that
/// has the whole (`KeyPrefixes`), worked out once per search and asked by every part of it:
/// the beginnings its plan looks up, the ways of cutting it into pieces, the windows, the
/// candidate cache.
///
/// Positions below 128 are held as bits when the search will ask many (`holdsBits`); any other
/// position is worked out where it is asked, from the two scalars around it.
///
///     // every position between two letters is a cut
///     QueryCuts(of: Array("liuyf".utf8)).contains(3)  // true: "liu" | "yf"
struct QueryCuts {
  /// The query's pinyin form.
  private let query: [UInt8]
  /// A bit for each position below 64, then below 128, that is a cut or the end.
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  /// The positions held as bits: 128, or none.
  private let heldPositions: Int

  /// The cuts of `query`, a pinyin form, held as bits for the first 128 positions when
  /// `holdsBits` (the searches among candidates ask about every position).
  ///
  /// - Complexity: O(min(q, 128)) for a query of q bytes when `holdsBits`, else O(1).
  init(of query: [UInt8], holdsBits: Bool = true) {
    self.query = query
    heldPositions = holdsBits ? Self.maxHeldPositions : 0
    guard holdsBits else { return }
    var low: UInt64 = 0
    var high: UInt64 = 0
    // A scalar cut short at the end of the bytes read begins at 128 or later: the cuts below
    // are those of the whole query, and the end of the bytes read, when it is not the query's,
    // is past them.
    query.withUnsafeBufferPointer { query in
      KeyPrefixes.forEachCut(of: UnsafeBufferPointer(rebasing: query.prefix(Self.maxHeldPositions + 3))) { cut in
        guard cut < Self.maxHeldPositions else { return false }
        if cut < 64 { low |= 1 << UInt64(cut) } else { high |= 1 << UInt64(cut - 64) }
        return true
      }
    }
    self.low = low
    self.high = high
  }

  /// The most positions held as bits.
  private static let maxHeldPositions = 128

  /// The length of the query.
  var count: Int { query.count }

  /// Whether `position` is a cut or the end of the query.
  @inline(__always)
  func contains(_ position: Int) -> Bool {
    guard position < heldPositions else {
      return query.withUnsafeBufferPointer { KeyPrefixes.isCutOrEnd(position, of: $0) }
    }
    if position < 64 { return position >= 0 && low & 1 << UInt64(position) != 0 }
    return high & 1 << UInt64(position - 64) != 0
  }

  /// The longest beginning that ends at a cut or the end and that `isKept` accepts, in bytes,
  /// when every shorter such beginning is accepted too; 0 when the first is not.
  func longestBeginning(where isKept: (_ length: Int) -> Bool) -> Int {
    var best = 0
    var position = 1
    while position <= query.count {
      if contains(position) {
        guard isKept(position) else { break }
        best = position
      }
      position += 1
    }
    return best
  }
}

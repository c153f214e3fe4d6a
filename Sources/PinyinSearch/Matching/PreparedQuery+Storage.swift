extension PreparedQuery {
  /// The arrays a prepared query is made in, kept from one query to the next
  /// (`init(_:options:reusing:)`, `SearchScratch`), so that preparing a query allocates nothing
  /// once they have room.
  struct Storage: Sendable {
    /// The query's folded bytes (`PreparedText.bytes`).
    var bytes: [UInt8] = []
    /// The query's units (`PreparedText.units`).
    var units: [PreparedUnit] = []
    /// The query's bytes without white space, when it has inner white space.
    var pinyin: [UInt8] = []
    /// The query's digits.
    var digits: [UInt8] = []

    /// Takes the arrays of `query`, prepared in this storage, back for the next query.
    mutating func reclaim(_ query: consuming PreparedQuery) {
      // `pinyin` shares `literal.bytes`' storage when the query has no white space; taking it
      // twice would make neither unique.
      if !Self.sharesStorage(query.pinyin, query.literal.bytes) { pinyin = query.pinyin }
      bytes = query.literal.bytes
      units = query.literal.units
      digits = query.phoneDigits
    }

    /// Drops every array whose capacity exceeds `maxCount` elements.
    mutating func dropArrays(longerThan maxCount: Int) {
      if bytes.capacity > maxCount { bytes = [] }
      if units.capacity > maxCount { units = [] }
      if pinyin.capacity > maxCount { pinyin = [] }
      if digits.capacity > maxCount { digits = [] }
    }

    /// Whether `first` and `second` are the same non-empty storage.
    private static func sharesStorage(_ first: [UInt8], _ second: [UInt8]) -> Bool {
      first.withUnsafeBufferPointer { first in
        second.withUnsafeBufferPointer { second in first.baseAddress != nil && first.baseAddress == second.baseAddress }
      }
    }
  }
}

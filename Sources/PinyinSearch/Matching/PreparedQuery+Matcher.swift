extension PreparedQuery {
  /// Calls `body` with a matcher for this query under its options, which remembers the pieces
  /// of reading sets (`PieceMasks`) in `pieceMasks`, kept by the caller from search to search so
  /// that a search neither allocates nor clears them, else in words of its own.
  ///
  /// - Complexity: O(q) to set up the matcher's position sets for a query of q bytes (plus
  ///   O(d × ⌈q / 64⌉) for its d distinct bytes).
  func withMatcher<Result>(
    pieceMasks storage: PieceMaskStorage? = nil, _ body: (Matcher) throws -> Result
  ) rethrows -> Result {
    let storage = storage ?? PieceMaskStorage()
    defer { withExtendedLifetime(storage) {} }
    let pieceMasks = PieceMasks(continuing: storage.words)
    // The fields the closures read, bound first: a closure that reads them through `self`
    // copies the whole query, each of its arrays retained and released.
    let (text, pinyinBytes, digits, options, isDigits) = (literal, pinyin, phoneDigits, options, isDigits)
    let hasApostrophe = hasApostrophe
    let literalCount = text.units.count
    return try text.withView { literal in
      try pinyinBytes.withUnsafeBufferPointer { pinyin in
        try digits.withUnsafeBufferPointer { phoneDigits in
          // The border tables, on the stack for any query of ordinary length; after them, for a
          // query with an apostrophe, the separators' flags.
          let flagCount = hasApostrophe ? pinyin.count + 1 : 0
          let borderCount = literalCount + phoneDigits.count
          return try withUnsafeTemporaryAllocation(of: Int32.self, capacity: borderCount + flagCount) { borders in
            let literalBorders = UnsafeMutableBufferPointer(rebasing: borders[..<literalCount])
            let phoneBorders = UnsafeMutableBufferPointer(rebasing: borders[literalCount..<borderCount])
            let flags = UnsafeMutableBufferPointer(rebasing: borders[borderCount...])
            if hasApostrophe {
              flags.initialize(repeating: 0)
              Self.markSeparators(of: text, pinyin: pinyin, in: flags)
            }
            Borders.fill(literalBorders) { text.unitsEqual($0, $1) }
            Borders.fill(phoneBorders) { phoneDigits[$0] == phoneDigits[$1] }
            return try withUnsafeTemporaryAllocation(
              of: UInt64.self, capacity: QueryPositions.storageWords(for: pinyin)
            ) { storage in
              try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 256) { slots in
                try body(
                  Matcher(
                    literal: literal, pinyin: pinyin, phoneDigits: phoneDigits,
                    literalBorders: UnsafeBufferPointer(literalBorders),
                    phoneBorders: UnsafeBufferPointer(phoneBorders),
                    positions: QueryPositions(of: pinyin, storage: storage, slots: slots),
                    pieceMasks: pieceMasks, options: options, isDigits: isDigits,
                    separatorFlags: hasApostrophe ? UnsafePointer(flags.baseAddress!) : nil))
              }
            }
          }
        }
      }
    }
  }
}

extension PreparedQuery {
  /// Calls `body` with a matcher for this query under its options.
  ///
  /// - Complexity: O(q) to set up the matcher's position sets for a query of q bytes (plus
  ///   O(d × ⌈q / 64⌉) for its d distinct bytes).
  func withMatcher<Result>(_ body: (Matcher) throws -> Result) rethrows -> Result {
    try literal.withView { literal in
      try pinyin.withUnsafeBufferPointer { pinyin in
        try phoneDigits.withUnsafeBufferPointer { phoneDigits in
          try literalBorders.withUnsafeBufferPointer { literalBorders in
            try phoneBorders.withUnsafeBufferPointer { phoneBorders in
              try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: QueryPositions.storageWords(for: pinyin)) {
                storage in
                try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 256) { slots in
                  try body(
                    Matcher(
                      literal: literal, pinyin: pinyin, phoneDigits: phoneDigits, literalBorders: literalBorders,
                      phoneBorders: phoneBorders, positions: QueryPositions(of: pinyin, storage: storage, slots: slots),
                      options: options, isDigits: isDigits))
                }
              }
            }
          }
        }
      }
    }
  }
}

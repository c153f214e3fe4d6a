extension PreparedQuery {
  /// Calls `body` with a matcher for this query.
  func withMatcher<Result>(_ body: (Matcher) throws -> Result) rethrows -> Result {
    let words = pinyin.count / 64 + 1
    return try literal.withView { literal in
      try pinyin.withUnsafeBufferPointer { pinyin in
        try phoneDigits.withUnsafeBufferPointer { phoneDigits in
          try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { positions in
            try body(
              Matcher(
                literal: literal, pinyin: pinyin, phoneDigits: phoneDigits, positions: positions,
                positionWords: words, table: .shared))
          }
        }
      }
    }
  }
}

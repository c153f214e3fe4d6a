extension PreparedQuery {
  /// The initials keys that every record with a mixed match of this query holds one of, typed as
  /// `spelling` says (on letters or on a dial pad; the query's `canonicalPinyin`): for
  /// each way of cutting the query into pieces — a beginning of a syllable, a Han character, or
  /// a character of another unit — the initial each piece stands for (its first letter, one of
  /// the character's initials, the character itself), joined. A mixed match covers the same
  /// units as the initials match of its pieces' initials (`liuyf` and `lyf` both cover 刘亦菲),
  /// so the records of these keys, or of their rare beginnings, are the candidates to check.
  ///
  /// The ways are followed piece by piece, merging those that reach the same point of the query
  /// with the same initials. A way ends early when `isSettled` says its key so far is enough
  /// (its records are few enough to check, or none has it), when more than `budget` ways are
  /// open, or when its key would pass `maxLength` bytes: the key so far then stands for its
  /// continuations (each record's key begins with it).
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
  func mixedInitials(
    maxLength: Int, spelling: MixedSpelling, budget: Int = 256,
    isSettled: (_ key: UnsafeBufferPointer<UInt8>) -> Bool = { _ in false }
  ) -> [MixedWay]? {
    canonicalPinyin.withUnsafeBufferPointer { query in
      var finder = MixedWayFinder(query: query, maxLength: maxLength, spelling: spelling)
      return finder.ways(budget: budget, isSettled: isSettled)
    }
  }
}

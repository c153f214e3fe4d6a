/// Where the mixed matches of a query that is not a stored mixed key are looked for
/// (`IndexedStore.mixedCandidates(of:)`): the postings of the initials keys of the ways of
/// cutting the query, each with its way, which hold every such match; and the postings of the
/// query's longest beginning that is a stored mixed key, which hold every such match too and
/// are in result order — alone when they are few, else when they are fewer. None of either:
/// no record has a mixed match.
///
/// A record's best match for the beginning comes no later than its match for the query (a
/// match of the query is one of the beginning, of the same kind or a better one, at the same
/// start), so the ordered postings bound the matches from below: a walk may stop once the
/// collector turns the bound away.
struct MixedCandidates {
  /// The postings of the initials keys of the ways, in no useful order, each with its way;
  /// empty when `ordered` alone is matched, unsifted.
  var initials: [Source] = []
  /// The postings of the query's longest beginning that is a stored mixed key, when they are
  /// few or fewer than those of `initials`.
  var ordered: KeyIndex.Postings?
  /// Whether neither narrows the records down (a query that begins with a unit of symbols that
  /// the ways could not cut): every record is a candidate.
  var isEveryRecord = false

  /// The postings of a way's initials key or spelled key (or of a rare beginning of it), and
  /// the way.
  struct Source {
    var postings: KeyIndex.Postings
    var way: MixedWay
    /// Whether the postings are those of the way's spelled key (`MixedWay.spelledKey`), a mixed
    /// key: their start bounds a match cut the way only where they are of the kind looked for.
    var isSpelled = false
  }

  /// The number of postings of `initials`, which may hold a record more than once.
  var initialsCount: Int { initials.reduce(0) { $0 + $1.postings.count } }

  /// What the ways require of a record, each requirement once (many ways require alike), with
  /// the fewest units a way that requires it covers: what `anyAdmits` checks.
  private(set) var requirements: [(required: SpellingSignature, folded: UInt64, pieceCount: Int)] = []

  /// Sets `requirements` from the ways of `initials`.
  mutating func gatherRequirements() {
    requirements.removeAll()
    for source in initials {
      let way = source.way
      if let index = requirements.firstIndex(where: { $0.required == way.required }) {
        requirements[index].pieceCount = min(requirements[index].pieceCount, way.pieceCount)
      } else {
        requirements.append((way.required, way.required.folded, way.pieceCount))
      }
    }
  }

  /// Whether a record whose folded signature is `folded` may have a match cut one of the ways
  /// (`gatherRequirements()` first): a quick test, which `anyAdmits(_:unitCount:)` completes.
  @inline(__always)
  func anyMayAdmit(folded: UInt64) -> Bool {
    requirements.contains { folded & $0.folded == $0.folded }
  }

  /// Whether a record of `unitCount` units with `signature` may have a match cut one of the
  /// ways (`gatherRequirements()` first).
  @inline(__always)
  func anyAdmits(_ signature: SpellingSignature, unitCount: @autoclosure () -> Int) -> Bool {
    let count = unitCount()
    return requirements.contains { signature.contains($0.required) && count >= $0.pieceCount }
  }
}

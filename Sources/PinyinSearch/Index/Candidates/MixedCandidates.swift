/// Where the mixed matches of a query that is not a stored mixed key are looked for
/// (`IndexedStore.mixedCandidates(of:)`): for each way of cutting the query, the postings of
/// its initials key, spelled key or a window (`SourceKey`), which hold every match cut that
/// way; and the postings of the query's longest beginning that is a stored mixed key, which
/// hold every such match too and are in result order — alone when they are few, else when they
/// are fewer. None of either: no record has a mixed match.
///
/// A record's best match for the beginning comes no later than its match for the query (a
/// match of the query is one of the beginning, of the same kind or a better one, at the same
/// start), so the ordered postings bound the matches from below: a walk may stop once the
/// collector turns the bound away.
struct MixedCandidates {
  /// The postings of the ways (of their initials keys, or fewer of another key), in no useful
  /// order, each with its way; empty when `ordered` alone is matched, unsifted.
  var initials: [Source] = []
  /// The postings of the query's longest beginning that is a stored mixed key, when they are
  /// few or fewer than those of `initials`.
  var ordered: KeyIndex.Postings?
  /// Whether neither narrows the records down (a query that begins with a unit of symbols that
  /// the ways could not cut): every record is a candidate.
  var isEveryRecord = false
  /// The adjacent pairs every record with a match of the query has (`AdjacentPairs`).
  var requiredPairs = AdjacentPairs()

  /// The postings of a way's initials key or spelled key (or of a rare beginning of it), and
  /// the way.
  struct Source {
    var postings: KeyIndex.Postings
    var way: MixedWay
    /// Which key the postings are those of.
    var key = SourceKey.initials

    /// Whether the start of `posting`, one of `postings`, bounds the start of the record's
    /// match of `kind` cut the way: where its key begins at the match's start and no other key
    /// of the record can have taken the posting's place with a better match elsewhere.
    @inline(__always)
    func boundsStart(of posting: Posting, kind: MatchKind) -> Bool {
      switch key {
      case .initials: posting.kind >= .initials
      case .spelled: posting.kind == kind
      case .window: false
      }
    }
  }

  /// The key whose postings a `Source` holds.
  enum SourceKey {
    /// The way's initials key (`MixedWay.key`).
    case initials
    /// The way's spelled key (`MixedWay.spelledKey`), a mixed key: its start bounds a match cut
    /// the way only where it is of the kind looked for.
    case spelled
    /// The beginning of the rest of the query after one of the way's first pieces (see
    /// `WindowLookups`): found later in the record than the match, at a start that bounds
    /// nothing.
    case window
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

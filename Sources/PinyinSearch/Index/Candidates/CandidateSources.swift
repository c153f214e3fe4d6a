/// Where a walk among candidates (`CandidateWalk`) takes its candidates from, for one query:
/// - `ordered`: the postings of the query's longest beginning that holds every match of the
///   kind whole, in result order, so that each bounds its record's match from below and a walk
///   may stop once the collector turns a bound away;
/// - `ways`: for each way of cutting the query into pieces (mixed and keypad), the postings of
///   the key that holds every match cut that way with the fewest records (`SourceKey`), each
///   with its way, which sifts them;
/// - `isEveryRecord`: neither narrows the records down, every record is a candidate.
///
/// The ordered postings are walked alone when they are few or fewer than the ways', and first
/// for a while otherwise; the ways' postings then, best bound first. None of any source: no
/// record has a match.
struct CandidateSources {
  /// Postings in result order that hold every match, and whether they are the beginning's own
  /// (`isExact`) or those of a rare beginning of it.
  struct Ordered {
    var postings: KeyIndex.Postings
    var isExact: Bool
  }

  /// The ordered postings, when there are any worth walking.
  var ordered: Ordered?
  /// The postings of each way, in no useful order (a record may be in several).
  var ways: [WayPostings] = []
  /// Whether every record is a candidate.
  var isEveryRecord = false
  /// The adjacent pairs every record with a match has (`AdjacentPairs`): the first sieve.
  var requiredPairs = AdjacentPairs()

  /// The postings of a way's initials key, spelled key or window (or of a rare beginning of
  /// it), and the way.
  struct WayPostings {
    var postings: KeyIndex.Postings
    var way: Way
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

  /// The key whose postings a `WayPostings` holds.
  enum SourceKey {
    /// The way's initials key (`Way.key`).
    case initials
    /// The way's spelled key (`Way.spelledKey`), a mixed key: its start bounds a match cut
    /// the way only where it is of the kind looked for.
    case spelled
    /// The beginning of the rest of the query after one of the way's first pieces (see
    /// `WindowLookups`): found later in the record than the match, at a start that bounds
    /// nothing.
    case window
  }

  /// The number of postings of `ways`, which may hold a record more than once.
  var wayPostingCount: Int { ways.reduce(0) { $0 + $1.postings.count } }

  /// What the ways require of a record, each requirement once (many ways require alike), with
  /// the fewest units a way that requires it covers.
  private(set) var requirements: [(required: SpellingSignature, folded: UInt64, pieceCount: Int)] = []

  /// Sets `requirements` from the ways.
  mutating func gatherRequirements() {
    requirements.removeAll()
    for source in ways {
      let way = source.way
      if let index = requirements.firstIndex(where: { $0.required == way.required }) {
        requirements[index].pieceCount = min(requirements[index].pieceCount, way.pieceCount)
      } else {
        requirements.append((way.required, way.required.folded, way.pieceCount))
      }
    }
  }
}

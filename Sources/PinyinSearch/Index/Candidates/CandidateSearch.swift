/// One kind of match that an index looks for among candidates, because no key it stores holds
/// every such match whole:
/// - `mixed`: the mixed matches of a query longer than a mixed key (`MixedKeyLimit`);
/// - `keypad`: the keypad matches of digits longer than a complete keypad key
///   (`KeyLimits.completeKeypadKeyLength`), which may type mixed pieces or fuzzy spellings;
/// - `fuzzyFullPinyin`: the full-pinyin matches with a fuzzy spelling of a query longer than a
///   fuzzy key (`KeyLimits.maxFuzzyKeyLength`).
///
/// Here is what differs between the kinds: how a record's match of the kind is found, the
/// space whose sieves a candidate passes, how a posting of the query's beginning bounds a
/// match, and the lists kept for the next keystroke. Where the candidates come from is
/// `CandidateSources`, and how they are walked `CandidateWalk`, the same for all three.
///
/// One per index and kind, shared by every search on it (a class, so that a search holds it by
/// one reference).
final class CandidateSearch: Sendable {
  /// The kinds of search among candidates.
  enum Kind: Sendable {
    case mixed
    case keypad
    case fuzzyFullPinyin
  }

  /// The kind of matches looked for.
  let kind: Kind
  /// How the pieces of a way are typed, for the ways of cutting a query (mixed and keypad).
  let spelling: PieceSpelling?
  /// Each record's sieves in the space of the search, nil when it has none: full-pinyin
  /// matches are sifted by the letters' sieves of mixed input when it is on (a full-pinyin
  /// match types whole spellings, so it is a mixed match too), by their pairs only.
  let sieves: RecordSieves?
  /// The candidates of recent queries, for the next keystrokes.
  let cache = CandidateCache()

  private init(kind: Kind, spelling: PieceSpelling?, sieves: RecordSieves?) {
    self.kind = kind
    self.spelling = spelling
    self.sieves = sieves
  }

  /// The search for mixed matches among the records of `store`, typed with `options`.
  static func mixed(options: SearchOptions, store: RecordStore) -> CandidateSearch {
    let spelling = PieceSpelling(options: options, onKeypad: false)
    return CandidateSearch(kind: .mixed, spelling: spelling, sieves: RecordSieves(store: store, spelling: spelling))
  }

  /// The search for keypad matches among the records of `store`, typed with `options`.
  static func keypad(options: SearchOptions, store: RecordStore) -> CandidateSearch {
    let spelling = PieceSpelling(options: options, onKeypad: true)
    return CandidateSearch(kind: .keypad, spelling: spelling, sieves: RecordSieves(store: store, spelling: spelling))
  }

  /// The search for fuzzy full-pinyin matches, sifted by `letterSieves` (those of the mixed
  /// search) when there are any.
  static func fuzzyFullPinyin(sharing letterSieves: RecordSieves?) -> CandidateSearch {
    CandidateSearch(kind: .fuzzyFullPinyin, spelling: nil, sieves: letterSieves)
  }

  /// The kind of the matches found.
  var matchKind: MatchKind {
    switch kind {
    case .mixed: .mixed
    case .keypad: .keypad
    case .fuzzyFullPinyin: .fullPinyin
    }
  }

  /// Whether the collector has no room left for the matches looked for: they would all be
  /// turned away, so the search is not worth making.
  func isExcluded(by collector: MatchCollector) -> Bool {
    collector.excludes(matchKind, isFuzzy: kind == .fuzzyFullPinyin)
  }

  /// The adjacent pairs that a query whose pinyin form is `pinyin` requires of a record with a
  /// match of this kind (on a dial pad for keypad matches).
  func pairs(requiredBy pinyin: UnsafeBufferPointer<UInt8>) -> AdjacentPairs {
    AdjacentPairs(requiredBy: pinyin, onKeypad: kind == .keypad)
  }

  /// How a posting of a beginning of the query (its own postings when `isExact`, else a rare
  /// beginning's) bounds the match of this kind of its record from below.
  enum Bound {
    /// The record's match of this kind comes no earlier than a match of `kind` from `start`.
    case from(kind: MatchKind, start: Int)
    /// The posting says nothing of where the match starts.
    case unknown
    /// Neither this record nor those of the postings after it have a match of this kind.
    case pastTheKind
  }
}

extension CandidateSearch.Kind {
  /// The best match of this kind of `record` that `matcher` finds, exact if it has one.
  @inline(__always)
  func bestMatch(in record: PreparedTextView, matcher: Matcher) -> Match? {
    switch self {
    case .mixed: matcher.bestMixedMatch(in: record)
    case .keypad: matcher.bestKeypadMatch(in: record)
    case .fuzzyFullPinyin: matcher.bestFullPinyinMatch(in: record)
    }
  }

  /// How `posting`, of a beginning of the query, bounds its record's match of this kind.
  ///
  /// A match of the query gives one of the beginning, from the same start, of the same kind or
  /// a better one; for mixed and keypad matches the posting's own kind and start are a bound.
  /// A full-pinyin match gives a literal or full-pinyin one of the beginning (whose start, for
  /// a literal one, says nothing of where the full-pinyin match starts); the postings of the
  /// kinds after full pinyin come after those and hold no such match.
  @inline(__always)
  func bound(of posting: Posting, isExact: Bool) -> CandidateSearch.Bound {
    let start = posting.start ?? PostingGroup.unknownStart
    switch self {
    case .mixed, .keypad:
      return .from(kind: posting.kind, start: start)
    case .fuzzyFullPinyin:
      guard isExact else { return .unknown }
      if posting.kind > .fullPinyin { return .pastTheKind }
      return .from(kind: .fullPinyin, start: posting.kind == .fullPinyin ? start : 0)
    }
  }
}

/// How a search reads a key's postings: as its answers, or as bounds of them.
///
/// An index stores each record's best match for a key under the options it was built with. A
/// search with those options reads them as its answers (`exact`): the kind and start of the
/// match, in result order, so the first `offset + limit` are the page. A search with fewer
/// options (`SearchOptions.isSubset(of:)`) finds no match the index's options would not, so a
/// posting is a bound below the search's own best match of its record (`bounded`), and the
/// postings are read until the collector turns a bound away.
///
/// A bound is often the match itself: when the search's options give the posting's match too
/// (its kind is one they have, and it needs no fuzzy rule or traditional folding they lack),
/// that match is the record's best under them as well, and the matcher only finds its end
/// (`reproduces(_:)`); otherwise the record is matched again.
enum PostingReading: Equatable {
  /// The postings are the search's best matches.
  case exact
  /// The postings bound the search's best matches from below; those of the kinds in
  /// `reproducedKinds` (a bit per `MatchKind.ordinal`), fuzzy ones only when `reproducesFuzzy`,
  /// are the search's best matches.
  case bounded(reproducedKinds: UInt8, reproducesFuzzy: Bool)

  /// How a search of `query` under its options reads the postings of an index built with
  /// `index`.
  init(_ query: borrowing PreparedQuery, index: SearchOptions) {
    let search = query.options
    guard search != index else {
      self = .exact
      return
    }
    var kinds: UInt8 = 1 << MatchKind.literal.ordinal | 1 << MatchKind.fullPinyin.ordinal
    kinds |= 1 << MatchKind.initials.ordinal
    if search.mixed { kinds |= 1 << MatchKind.mixed.ordinal }
    // A keypad match may type mixed pieces, when the index's options have mixed input.
    if search.keypad && search.mixed == index.mixed { kinds |= 1 << MatchKind.keypad.ordinal }
    // Traditional folding changes only what compares characters as themselves: literal
    // matches and Han characters typed as themselves, which a query of ASCII has none of.
    if index.traditional && !search.traditional && !query.literal.bytes.allSatisfy({ $0 < 0x80 }) {
      kinds &= ~(1 << MatchKind.literal.ordinal | 1 << MatchKind.mixed.ordinal)
    }
    // A pinyin posting of an index with a keyboard may have come from the codes, which a
    // search without it does not read.
    if index.keyboard != nil && search.keyboard == nil {
      kinds &= ~(1 << MatchKind.fullPinyin.ordinal | 1 << MatchKind.initials.ordinal | 1 << MatchKind.mixed.ordinal)
    }
    self = .bounded(reproducedKinds: kinds, reproducesFuzzy: search.fuzzy == index.fuzzy)
  }

  /// Whether `posting`'s match is the search's best match of its record.
  @inline(__always)
  func reproduces(_ posting: Posting) -> Bool {
    switch self {
    case .exact: true
    case .bounded(let kinds, let fuzzy):
      kinds & 1 << posting.kind.ordinal != 0 && (fuzzy || !posting.group.isFuzzy)
    }
  }
}

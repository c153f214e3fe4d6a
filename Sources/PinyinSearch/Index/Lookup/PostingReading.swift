/// How a search reads a key's postings: as its answers, or as bounds of them.
///
/// An index stores each record's best match for a key under the options it was built with. A
/// search with those options reads them as its answers (`exact`): the kind and start of the
/// match, in result order, so the first `offset + limit` are the page. A search with fewer
/// options (`SearchOptions.isSubset(of:)`) finds no match the index's options would not, so a
/// posting is a bound below the search's own best match of its record (`bounded`): the record's
/// match is found again under the search's options, and the postings are read until the
/// collector turns a bound away.
enum PostingReading {
  /// The postings are the search's best matches.
  case exact
  /// The postings bound the search's best matches from below.
  case bounded

  /// How a search with `search` options reads the postings of an index built with `index`.
  init(search: SearchOptions, index: SearchOptions) {
    self = search == index ? .exact : .bounded
  }
}

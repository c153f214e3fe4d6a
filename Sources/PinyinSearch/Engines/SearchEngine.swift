/// What every engine offers: the same answers, by different means.
///
/// `LinearScanEngine` matches every record; `HashIndexEngine` looks the query up in an index
/// built beforehand; `HybridEngine` scans while it builds the index in the background, then looks
/// up. For the same records all three return exactly the same results (SEMANTICS.md).
public protocol SearchEngine: Sendable {
  /// The number of records.
  var count: Int { get }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them.
  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult]
}

extension LinearScanEngine: SearchEngine {}
extension HashIndexEngine: SearchEngine {}
extension HybridEngine: SearchEngine {}

extension SearchEngine {
  /// The first `limit` records matching `query`, best first.
  public func search(_ query: String, limit: Int = 20) -> [SearchResult] {
    search(query, limit: limit, offset: 0)
  }
}

/// What every engine offers: the same answers, by different means.
///
/// `LinearScanEngine` matches every record; `HashIndexEngine` looks the query up in an index
/// built beforehand; `HybridEngine` scans while it builds the index in the background, then looks
/// up. For the same records all three return exactly the same results (Docs/Semantics.md), so
/// code that only searches can take any of them:
///
///     func firstHit(in engine: some SearchEngine, for query: String) -> String? {
///       engine.search(query, limit: 1).first?.text
///     }
public protocol SearchEngine: Sendable {
  /// The number of records.
  var count: Int { get }

  /// Whether searches go through an index, how far a build is, and the index's size.
  var status: IndexStatus { get }

  /// The options the engine was built with: a search may use any subset of them.
  var options: SearchOptions { get }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them.
  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult]

  /// The records matching `query` under `options`, a subset of the engine's (nil: the engine's
  /// own), best first, from position `offset` on, at most `limit` of them: exactly what an
  /// engine built for those options returns.
  ///
  /// - Throws: `SearchOptionsError` when `options` asks for one the engine was not built with.
  func search(_ query: String, limit: Int, offset: Int, options: SearchOptions?) throws(SearchOptionsError)
    -> [SearchResult]

  /// Returns once no index build is running or due, so that searches go through the index:
  /// at once for an engine that builds none in the background.
  func waitUntilIndexed()

  /// Returns once no index build is running or due, without blocking a thread.
  func indexed() async

  /// The engine's status now, then at each change of it, for progress views.
  var statusUpdates: AsyncStream<IndexStatus> { get }
}

extension LinearScanEngine: SearchEngine {}
extension HashIndexEngine: SearchEngine {}
extension HybridEngine: SearchEngine {}

extension SearchEngine {
  /// The first `limit` records matching `query`, best first.
  public func search(_ query: String, limit: Int = 20) -> [SearchResult] {
    search(query, limit: limit, offset: 0)
  }

  /// The status of an engine without an index, such as `LinearScanEngine`: `isHashPathReady`
  /// is false, and every record is answered by scanning.
  public var status: IndexStatus { .unindexed(recordCount: count) }

  /// Returns at once, as an engine without a background build has nothing to wait for.
  public func waitUntilIndexed() {}

  /// Returns at once when no build is running; else waits on another thread
  /// (`waitUntilIndexed()`) while the calling task is suspended.
  public func indexed() async {
    guard status.isBuilding else { return }
    await BackgroundWork.run { [self] in waitUntilIndexed() }
  }

  /// The engine's status now, and nothing more: an engine without a background build does not
  /// change its status but by its owner's own calls.
  public var statusUpdates: AsyncStream<IndexStatus> {
    AsyncStream { continuation in
      continuation.yield(status)
      continuation.finish()
    }
  }

  /// The options of an engine that has none beyond the original three kinds.
  public var options: SearchOptions { .default }

  /// The records matching `query` under `options`, which must be the engine's own (or nil):
  /// what an engine that cannot search with fewer options answers.
  ///
  /// - Throws: `SearchOptionsError` when `options` differ from the engine's.
  public func search(
    _ query: String, limit: Int = 20, offset: Int = 0, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    guard options == nil || options == self.options else {
      throw SearchOptionsError(requested: options!, built: self.options)
    }
    return search(query, limit: limit, offset: offset)
  }
}

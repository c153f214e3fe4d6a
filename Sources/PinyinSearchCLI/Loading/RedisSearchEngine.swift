import PinyinSearch
import PinyinSearchRedis

/// The index in a Redis Cluster as the `SearchEngine` that `interactive` searches: a search that
/// fails answers nothing, and the first failure is kept for the command to report at the end.
final class RedisSearchEngine: SearchEngine {
  /// The index searched.
  let index: RedisIndex
  private let firstFailure = Locked<RedisIndexError?>(nil)

  init(_ index: RedisIndex) {
    self.index = index
  }

  /// Unknown without reading every key of the cluster: 0.
  var count: Int { 0 }

  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult] {
    do {
      return try index.search(query, limit: limit, offset: offset)
    } catch {
      firstFailure.withLock { $0 = $0 ?? error }
      return []
    }
  }

  /// The first search that failed, if any.
  var failure: RedisIndexError? { firstFailure.withLock { $0 } }
}

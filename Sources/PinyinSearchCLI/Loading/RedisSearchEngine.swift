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

  /// The options the index was written for.
  var options: SearchOptions { index.options }

  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult] {
    do {
      return try index.search(query, limit: limit, offset: offset)
    } catch {
      firstFailure.withLock { $0 = $0 ?? error }
      return []
    }
  }

  /// The results under `options`, a subset of the index's; a failure of the cluster answers
  /// nothing, as for `search(_:limit:offset:)`.
  ///
  /// - Throws: `SearchOptionsError` when `options` is not a subset of the index's.
  func search(
    _ query: String, limit: Int, offset: Int, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    do throws(CommandLineError) {
      return try RedisOptions.search(index, query, limit: limit, offset: offset, options: options)
    } catch {
      switch error {
      case .unbuiltOptions(let error, _): throw error
      case .redis(let failure): firstFailure.withLock { $0 = $0 ?? failure }
      default: preconditionFailure("RedisOptions.search throws only .unbuiltOptions and .redis, not \(error)")
      }
      return []
    }
  }

  /// The first search that failed, if any.
  var failure: RedisIndexError? { firstFailure.withLock { $0 } }
}

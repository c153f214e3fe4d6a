import PinyinSearch
import PinyinSearchRedis
import RedisCluster

/// `--redis HOST:PORT[,…] [--namespace NS]`: the index in a Redis Cluster, instead of records
/// loaded into this process (`index` writes it, `search`, `batch` and `interactive` answer from it).
struct RedisOptions: Equatable {
  /// The seed nodes, as given.
  var addresses: String
  /// The namespace (`pinyin-search` unless given).
  var namespace: String

  /// The options of the cluster.
  static let options: [OptionDefinition] = [.redis, .namespace]

  /// The help of `--redis` and `--namespace` in `search`, `batch` and `interactive`.
  static let optionHelp = """
      --redis HOST:PORT[,HOST:PORT...]
                       Answer from the index in this Redis Cluster (any of its
                       nodes; written by 'index --redis'), instead of --data or
                       --snapshot. The search options are the index's, or
                       those of them the flags give. An unreachable cluster
                       is an error within seconds (status 1).
      --namespace NS   The index's namespace in the cluster (default
                       pinyin-search).
    """

  /// The options that `--redis` replaces in a command that answers from the cluster.
  static let replacedOptions: [OptionDefinition] = [.data, .snapshot, .update, .engine]

  /// The namespace when `--namespace` is not given.
  static let defaultNamespace = "pinyin-search"

  /// The cluster options of `arguments`, or nil without `--redis`.
  ///
  /// - Throws: `.optionConflictsWithRedis` for `--namespace` without `--redis`, and, when
  ///   `refusing` names options, for any of them beside `--redis`.
  init?(parsing arguments: Arguments, refusing conflicting: [OptionDefinition] = []) throws(CommandLineError) {
    guard let addresses = arguments.value(of: .redis) else {
      if arguments.value(of: .namespace) != nil {
        throw .optionConflictsWithRedis(
          option: OptionDefinition.namespace.name, needsRedis: true, command: arguments.command)
      }
      return nil
    }
    if let option = conflicting.first(where: { arguments.isSet($0) || arguments.value(of: $0) != nil }) {
      throw .optionConflictsWithRedis(option: option.name, needsRedis: false, command: arguments.command)
    }
    self.addresses = addresses
    namespace = arguments.value(of: .namespace) ?? Self.defaultNamespace
  }

  /// A client of the cluster, with bounded timeouts: a node that does not answer is an error
  /// within seconds, never a hang.
  private func client() throws(CommandLineError) -> RedisClusterClient {
    do {
      return try RedisClusterClient(seeds: addresses)
    } catch {
      throw .redis(.redis(error))
    }
  }

  private func validNamespace() throws(CommandLineError) -> RedisNamespace {
    do {
      return try RedisNamespace(namespace)
    } catch {
      throw .redis(error)
    }
  }

  /// The index in the namespace, created for `options` if there is none.
  ///
  /// - Throws: `.redis` when the cluster cannot be reached or the namespace holds an index of
  ///   other options.
  func creatingIndex(options: SearchOptions) throws(CommandLineError) -> RedisIndex {
    let namespace = try validNamespace()
    let client = try client()
    do {
      return try RedisIndex(
        creating: namespace, client: client, options: options, configuration: RedisIndex.defaultConfiguration)
    } catch {
      throw .redis(error)
    }
  }

  /// The index in the namespace, which must exist, for a search with `options` (the flags
  /// given; nil: none given), which must be a subset of the options it was written for.
  ///
  /// - Throws: `.redis` when the cluster cannot be reached or holds no index in the namespace;
  ///   `.unbuiltOptions` when `options` asks for one the index was not written for.
  func openingIndex(searching options: SearchOptions?) throws(CommandLineError) -> RedisIndex {
    let namespace = try validNamespace()
    let client = try client()
    let index: RedisIndex
    do {
      index = try RedisIndex(opening: namespace, client: client)
    } catch {
      throw .redis(error)
    }
    if let options, !options.isSubset(of: index.options) {
      throw .unbuiltOptions(
        SearchOptionsError(requested: options, built: index.options), index: .redis(namespace: namespace.name))
    }
    return index
  }

  /// The results of `index.search(_:limit:offset:options:)`, with its errors as the tool's.
  ///
  /// - Throws: `.unbuiltOptions` when `options` asks for one the index was not written for,
  ///   `.redis` when the cluster fails.
  static func search(
    _ index: RedisIndex, _ query: String, limit: Int, offset: Int = 0, options: SearchOptions?
  ) throws(CommandLineError) -> [SearchResult] {
    do {
      return try index.search(query, limit: limit, offset: offset, options: options)
    } catch let error as SearchOptionsError {
      throw .unbuiltOptions(error, index: .redis(namespace: index.namespace.name))
    } catch let error as RedisIndexError {
      throw .redis(error)
    } catch {
      preconditionFailure("RedisIndex.search throws only SearchOptionsError and RedisIndexError, not \(error)")
    }
  }
}

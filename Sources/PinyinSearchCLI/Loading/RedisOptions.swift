import PinyinSearch
import PinyinSearchRedis
import RedisCluster

/// `--redis HOST:PORT[,…] [--namespace NS]` and how to reach the cluster: the index in a Redis
/// Cluster, instead of records loaded into this process (`index` writes it, `search`, `batch`
/// and `interactive` answer from it).
///
/// The password comes from `--redis-password-file FILE` or the environment variable
/// `PINYIN_SEARCH_REDIS_PASSWORD`, never from an argument (every user of the machine can list
/// a process's arguments); it is read when the client is made, and no message repeats it.
struct RedisOptions: Equatable {
  /// The seed nodes, as given.
  var addresses: String
  /// The namespace (`pinyin-search` unless given).
  var namespace: String
  /// The ACL user (`--redis-user`), or nil for the default user.
  var user: String?
  /// The file holding the password (`--redis-password-file`), or nil.
  var passwordFile: String?
  /// How to speak TLS (`--redis-tls` and the options that imply it), or nil for plain TCP.
  var tls: RedisTLSConfiguration?
  /// The most one call to the cluster may take (`--redis-timeout`).
  var timeout: Duration
  /// The command the options were given to, named in usage errors.
  var command: Command

  /// The environment variable that holds the password when no file is named.
  static let passwordVariable = "PINYIN_SEARCH_REDIS_PASSWORD"

  /// The options of the cluster.
  static let options: [OptionDefinition] = [
    .redis, .namespace, .redisUser, .redisPasswordFile, .redisTLS, .redisCA, .redisCertificate, .redisKey,
    .redisServerName, .redisTimeout,
  ]

  /// The options that need `--redis`.
  private static let dependentOptions: [OptionDefinition] = options.filter { $0 != .redis }

  /// The help of `--redis` and `--namespace` in `search`, `batch` and `interactive`.
  static let optionHelp = """
      --redis HOST:PORT[,HOST:PORT...]
                       Answer from the index in this Redis Cluster (any of its
                       nodes; written by 'index --redis'), instead of --data or
                       --snapshot. The search options are the index's, or
                       those of them the flags give. An unreachable cluster
                       is an error within --redis-timeout (status 1).
      --namespace NS   The index's namespace in the cluster (default
                       pinyin-search).
    \(connectionHelp)
    """

  /// The help of the options that say how to reach the cluster, shared by every command.
  static let connectionHelp = """
      --redis-user NAME
                       Authenticate as this ACL user (AUTH NAME PASSWORD); without
                       it, as the default user when there is a password.
      --redis-password-file FILE
                       The password: the first line of FILE. Otherwise from the
                       environment variable PINYIN_SEARCH_REDIS_PASSWORD; never
                       from an argument.
      --redis-tls      Speak TLS to the nodes, verifying each node's certificate
                       (signed by a trusted authority, naming the node's address
                       or --redis-server-name).
      --redis-ca FILE  Trust these certificate authorities (PEM) instead of the
                       system's; implies --redis-tls.
      --redis-cert FILE, --redis-key FILE
                       A client certificate and its key (PEM), for nodes that
                       verify clients; together; imply --redis-tls.
      --redis-server-name NAME
                       The name every node's certificate must carry, instead of
                       the node's address; implies --redis-tls.
      --redis-timeout SECONDS
                       The most one exchange with the cluster may take, retries
                       included (default 5; 0.1 to 3600).
    """

  /// The options that `--redis` replaces in a command that answers from the cluster.
  static let replacedOptions: [OptionDefinition] = [.data, .snapshot, .update, .engine]

  /// The namespace when `--namespace` is not given.
  static let defaultNamespace = "pinyin-search"

  /// The cluster options of `arguments`, or nil without `--redis`.
  ///
  /// - Throws: `.optionConflictsWithRedis` for an option of the cluster without `--redis`, and,
  ///   when `refusing` names options, for any of them beside `--redis`; `.invalidValue` for a
  ///   timeout that is not a number of seconds in range, or a certificate without its key.
  init?(parsing arguments: Arguments, refusing conflicting: [OptionDefinition] = []) throws(CommandLineError) {
    guard let addresses = arguments.value(of: .redis) else {
      if let option = Self.dependentOptions.first(where: { arguments.isSet($0) || arguments.value(of: $0) != nil }) {
        throw .optionConflictsWithRedis(option: option.name, needsRedis: true, command: arguments.command)
      }
      return nil
    }
    if let option = conflicting.first(where: { arguments.isSet($0) || arguments.value(of: $0) != nil }) {
      throw .optionConflictsWithRedis(option: option.name, needsRedis: false, command: arguments.command)
    }
    self.addresses = addresses
    command = arguments.command
    namespace = arguments.value(of: .namespace) ?? Self.defaultNamespace
    user = arguments.value(of: .redisUser)
    passwordFile = arguments.value(of: .redisPasswordFile)
    timeout = try Self.seconds(arguments, .redisTimeout, default: .seconds(5))
    let certificate = arguments.value(of: .redisCertificate)
    let key = arguments.value(of: .redisKey)
    if (certificate == nil) != (key == nil) {
      let given: OptionDefinition = certificate == nil ? .redisKey : .redisCertificate
      let missing: OptionDefinition = certificate == nil ? .redisCertificate : .redisKey
      throw .invalidValue(
        arguments.value(of: given) ?? "", option: given.name, expected: "'\(missing.name) FILE' with it",
        command: arguments.command)
    }
    let ca = arguments.value(of: .redisCA)
    let serverName = arguments.value(of: .redisServerName)
    if arguments.isSet(.redisTLS) || ca != nil || certificate != nil || serverName != nil {
      tls = RedisTLSConfiguration(caFile: ca, certificateFile: certificate, keyFile: key, serverName: serverName)
    }
  }

  /// The value of `option` as seconds (`5`, `0.5`, at most 3 decimals) from `minimum` to 3600,
  /// or `defaultValue`.
  static func seconds(
    _ arguments: Arguments, _ option: OptionDefinition, default defaultValue: Duration,
    minimum: Duration = .milliseconds(100)
  ) throws(CommandLineError) -> Duration {
    guard let text = arguments.value(of: option) else { return defaultValue }
    let range = minimum == .zero ? "0" : "0.1"
    let invalid = CommandLineError.invalidValue(
      text, option: option.name, expected: "seconds from \(range) to 3600", command: arguments.command)
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDecimal =
      !parts[0].isEmpty
      && parts.allSatisfy { $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
      && (parts.count == 1 || !parts[1].isEmpty)
    guard isDecimal, parts[0].count <= 4, let whole = Int(parts[0]) else { throw invalid }
    var milliseconds = 0
    for (position, digit) in (parts.count == 2 ? Array(parts[1].utf8.prefix(3)) : []).enumerated() {
      milliseconds += Int(digit - UInt8(ascii: "0")) * [100, 10, 1][position]
    }
    let duration = Duration.seconds(whole) + Duration.milliseconds(milliseconds)
    guard duration >= minimum && duration <= .seconds(3600) else { throw invalid }
    return duration
  }

  /// The credentials: the user, and the password from the file or the environment; nil without
  /// a password.
  ///
  /// - Throws: `.cannotOpen` or `.readFailed` for the password file; `.invalidValue` when its
  ///   first line is empty, or for a user without a password.
  func credentials() throws(CommandLineError) -> RedisCredentials? {
    let password: String
    if let passwordFile {
      password = try Self.firstLine(of: passwordFile, command: command)
    } else if let value = System.environment(Self.passwordVariable), !value.isEmpty {
      password = value
    } else if let user {
      throw .invalidValue(
        user, option: OptionDefinition.redisUser.name,
        expected: "a password too, from --redis-password-file FILE or \(Self.passwordVariable)", command: command)
    } else {
      return nil
    }
    return RedisCredentials(user: user, password: password)
  }

  /// The first line of the file at `path`, without its line end: at most 4 KiB are read.
  ///
  /// - Throws: `.cannotOpen` or `.readFailed`; `.invalidValue` (naming the file, never its
  ///   contents) when the line is empty.
  private static func firstLine(of path: String, command: Command) throws(CommandLineError) -> String {
    let descriptor: Int32
    do {
      descriptor = try System.openForReading(path)
    } catch {
      throw .cannotOpen(path: path, error)
    }
    defer { System.close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    var count = 0
    while count < bytes.count {
      let start = count
      let outcome = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) -> Int in
          try System.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
        }
      }
      let read: Int
      switch outcome {
      case .success(let number): read = number
      case .failure(let error): throw .readFailed(path: path, error)
      }
      if read == 0 { break }
      count += read
    }
    var line = bytes[..<count].prefix { $0 != UInt8(ascii: "\n") }
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    guard !line.isEmpty, let text = String(validUTF8: line) else {
      throw .invalidValue(
        path, option: OptionDefinition.redisPasswordFile.name, expected: "a file whose first line is the password",
        command: command)
    }
    return text
  }

  /// A client of the cluster, with bounded timeouts (a node that does not answer is an error
  /// within the timeout, never a hang), and the credentials and TLS given.
  private func client() throws(CommandLineError) -> RedisClusterClient {
    let configuration = RedisClusterConfiguration(timeout: timeout, credentials: try credentials(), tls: tls)
    do {
      return try RedisClusterClient(seeds: addresses, configuration: configuration)
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

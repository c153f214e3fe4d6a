import RedisCluster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Redis Clusters the tests run against and how to reach them, from the environment that
/// `.ci/run` sets (README, "Redis Cluster"):
///
/// | variable | holds |
/// |---|---|
/// | `PINYIN_SEARCH_REDIS_CLUSTER` | the nodes, `127.0.0.1:7000,127.0.0.1:7001,…` |
/// | `PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER` | the nodes of a cluster whose primaries a test may shut down |
/// | `PINYIN_SEARCH_REDIS_CLUSTER_CA` | a CA file: the cluster speaks TLS only (`start-secure`) |
/// | `PINYIN_SEARCH_REDIS_CLUSTER_CERT`, `…_KEY` | the client certificate and key it asks for |
/// | `PINYIN_SEARCH_REDIS_CLUSTER_USER`, `…_PASSWORD_FILE` | the ACL user (with every right) and its password's file |
public enum RedisTestEnvironment {
  /// The nodes of the cluster every Redis test may use, or nil.
  public static let addresses = value("PINYIN_SEARCH_REDIS_CLUSTER")
  /// The nodes of the cluster the failover tests shut primaries of, or nil.
  public static let failoverAddresses = value("PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER")
  /// The CA file of a TLS cluster, or nil for plain TCP.
  public static let caFile = value("PINYIN_SEARCH_REDIS_CLUSTER_CA")
  /// The client certificate for a TLS cluster, or nil.
  public static let certificateFile = value("PINYIN_SEARCH_REDIS_CLUSTER_CERT")
  /// The client key for a TLS cluster, or nil.
  public static let keyFile = value("PINYIN_SEARCH_REDIS_CLUSTER_KEY")
  /// The ACL user, or nil for the default user.
  public static let user = value("PINYIN_SEARCH_REDIS_CLUSTER_USER")
  /// The file holding the password, or nil when the cluster needs none.
  public static let passwordFile = value("PINYIN_SEARCH_REDIS_CLUSTER_PASSWORD_FILE")

  /// Whether the cluster speaks TLS only.
  public static var isSecure: Bool { caFile != nil }

  /// The password of `passwordFile`, without its line end.
  public static let password: String? = passwordFile.flatMap { path in
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 1024)
    guard fgets(&line, Int32(line.count), file) != nil else { return nil }
    return String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .trimmingLineEnd()
  }

  /// The credentials of the cluster, or nil.
  public static var credentials: RedisCredentials? {
    password.map { RedisCredentials(user: user, password: $0) }
  }

  /// The TLS configuration of the cluster, or nil.
  public static var tls: RedisTLSConfiguration? {
    caFile.map { RedisTLSConfiguration(caFile: $0, certificateFile: certificateFile, keyFile: keyFile) }
  }

  /// `configuration` with the cluster's credentials and TLS.
  public static func secured(_ configuration: RedisClusterConfiguration = RedisClusterConfiguration())
    -> RedisClusterConfiguration
  {
    RedisClusterConfiguration(
      connectTimeout: configuration.connectTimeout, ioTimeout: configuration.ioTimeout, timeout: configuration.timeout,
      maxReplyBytes: configuration.maxReplyBytes, credentials: credentials, tls: tls,
      maxRedirections: configuration.maxRedirections, maxRetries: configuration.maxRetries,
      retryBackoff: configuration.retryBackoff, maxRetryBackoff: configuration.maxRetryBackoff)
  }

  /// The `pinyin-search` options that reach the cluster beside `--redis`: TLS, user and
  /// password file.
  public static var commandLineOptions: [String] {
    var options = tlsOptions
    if let user { options += ["--redis-user", user] }
    if let passwordFile { options += ["--redis-password-file", passwordFile] }
    return options
  }

  /// The `pinyin-search` options of the cluster's TLS alone.
  public static var tlsOptions: [String] {
    guard let caFile else { return [] }
    var options = ["--redis-tls", "--redis-ca", caFile]
    if let certificateFile, let keyFile { options += ["--redis-cert", certificateFile, "--redis-key", keyFile] }
    return options
  }

  /// A client of the test cluster with `configuration`, its credentials and TLS added.
  public static func client(
    _ configuration: RedisClusterConfiguration = RedisClusterConfiguration()
  ) throws -> RedisClusterClient {
    try RedisClusterClient(seeds: addresses ?? "", configuration: secured(configuration))
  }

  /// Every node of the test cluster, primaries and replicas, as `CLUSTER NODES` lists them.
  public static func everyNode(_ client: RedisClusterClient) throws -> [RedisAddress] {
    let primary = try client.primaryAddresses()[0]
    guard case .bulkString(let bytes?) = try client.send(RedisCommand(["CLUSTER", "NODES"], route: .node(primary)))
    else { throw HarnessError("CLUSTER NODES on \(primary): not a string") }
    return try String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count > 2, !fields[2].contains("fail"), !fields[2].contains("noaddr") else { return nil }
      return try RedisAddress(parsing: String(fields[1].prefix { $0 != "@" }))
    }
  }

  /// Creates (or resets) the ACL user `name` with `rules` (`on`, `>password`, `~keys`,
  /// `+command`…) on every node: ACL users are per node.
  public static func setUser(_ name: String, rules: [String]) throws {
    let client = try client()
    for node in try everyNode(client) {
      _ = try client.send(RedisCommand(["ACL", "SETUSER", name, "reset"] + rules, route: .node(node)))
    }
  }

  /// Deletes the ACL user `name` from every node.
  public static func deleteUser(_ name: String) throws {
    let client = try client()
    for node in try everyNode(client) {
      _ = try client.send(RedisCommand(["ACL", "DELUSER", name], route: .node(node)))
    }
  }

  private static func value(_ name: String) -> String? {
    guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
    return value
  }
}

extension String {
  /// The text without a `\n` or `\r\n` at its end.
  fileprivate func trimmingLineEnd() -> String {
    var text = Substring(self)
    if text.hasSuffix("\n") { text = text.dropLast() }
    if text.hasSuffix("\r") { text = text.dropLast() }
    return String(text)
  }
}

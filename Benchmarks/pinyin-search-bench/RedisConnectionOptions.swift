import Foundation
import RedisCluster

/// `--redis-ca FILE`, `--redis-cert FILE`, `--redis-key FILE`, `--redis-user NAME` and
/// `--redis-password-file FILE` of `--redis`: how the benchmark reaches a cluster that speaks
/// TLS or asks for a password, as `pinyin-search` does; passed on to the worker processes.
struct RedisConnectionOptions {
  /// The options' names, each followed by its value.
  static let names: Set<String> = [
    "--redis-ca", "--redis-cert", "--redis-key", "--redis-user", "--redis-password-file",
  ]

  /// The options as given, name and value, for the worker processes.
  var arguments: [String] = []

  /// The value of option `name`, or nil.
  private func value(_ name: String) -> String? {
    arguments.firstIndex(of: name).map { arguments[$0 + 1] }
  }

  /// The client configuration: TLS when a CA file is given, credentials when a password file is.
  ///
  /// - Throws: When the password file cannot be read.
  func configuration() throws -> RedisClusterConfiguration {
    let tls = value("--redis-ca").map {
      RedisTLSConfiguration(caFile: $0, certificateFile: value("--redis-cert"), keyFile: value("--redis-key"))
    }
    let credentials = try value("--redis-password-file").map { path in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return RedisCredentials(user: value("--redis-user"), password: String(text.prefix { $0 != "\n" && $0 != "\r" }))
    }
    return RedisClusterConfiguration(credentials: credentials, tls: tls)
  }
}

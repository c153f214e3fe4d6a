/// An option a command accepts: a flag such as `--json`, or an option with a value such as
/// `--limit N`, given as `--limit 5` or `--limit=5`.
struct OptionDefinition: Equatable, Sendable {
  /// The option as typed, e.g. `--limit`.
  var name: String
  /// The value's name in the usage, e.g. `N`; nil for a flag.
  var valueName: String?

  /// `--data FILE`: read the records from a data file (`-`: standard input) instead of the
  /// built-in data.
  static let data = OptionDefinition(name: "--data", valueName: "FILE")
  /// `--format tsv|csv|jsonl|text`: the data file's format, instead of the extension's.
  static let format = OptionDefinition(name: "--format", valueName: "F")
  /// `--id-column C`: the CSV column (name or number) or JSON field holding the id.
  static let idColumn = OptionDefinition(name: "--id-column", valueName: "C")
  /// `--text-column C`: the CSV column (name or number) or JSON field holding the text.
  static let textColumn = OptionDefinition(name: "--text-column", valueName: "C")
  /// `--rank-column C`: the CSV column (name or number) or JSON field holding the rank.
  static let rankColumn = OptionDefinition(name: "--rank-column", valueName: "C")
  /// `--no-header`: the CSV file has no header row; columns are chosen by number.
  static let noHeader = OptionDefinition(name: "--no-header", valueName: nil)
  /// `--skip-bad`: skip and count bad records of the data file instead of stopping.
  static let skipBad = OptionDefinition(name: "--skip-bad", valueName: nil)
  /// `--max-line-bytes N`: the longest line of a data file (and of the batch command's standard
  /// input), 16 MiB by default.
  static let maxLineBytes = OptionDefinition(name: "--max-line-bytes", valueName: "N")
  /// `--limit N`: at most N results per query.
  static let limit = OptionDefinition(name: "--limit", valueName: "N")
  /// `--json-requests`: read `batch`'s lines as JSON requests (`BatchRequest`).
  static let jsonRequests = OptionDefinition(name: "--json-requests", valueName: nil)
  /// `--json`: print JSON instead of lines.
  static let json = OptionDefinition(name: "--json", valueName: nil)
  /// `--engine scan|hash|hybrid`: which engine answers.
  static let engine = OptionDefinition(name: "--engine", valueName: "scan|hash|hybrid")
  /// `--snapshot FILE`: answer from a saved index.
  static let snapshot = OptionDefinition(name: "--snapshot", valueName: "FILE")
  /// `--update`: save the index, brought up to date with `--data`, back to `--snapshot`.
  static let update = OptionDefinition(name: "--update", valueName: nil)
  /// `--out FILE`: where `index` writes the snapshot.
  static let out = OptionDefinition(name: "--out", valueName: "FILE")
  /// `--level structure|checksum|complete`: how thoroughly `verify` checks a snapshot.
  static let level = OptionDefinition(name: "--level", valueName: "structure|checksum|complete")
  /// `--time`: also report load time and search latency on standard error.
  static let time = OptionDefinition(name: "--time", valueName: nil)
  /// `--mixed`: build the engine with `SearchOptions.mixed` (see `SearchOptionFlags`).
  static let mixed = OptionDefinition(name: "--mixed", valueName: nil)
  /// `--fuzzy RULES`: build the engine with `SearchOptions.fuzzy`, the rules named (`z-zh,n-l`)
  /// or `all` (see `SearchOptionFlags`).
  static let fuzzy = OptionDefinition(name: "--fuzzy", valueName: "RULES")
  /// `--traditional`: build the engine with `SearchOptions.traditional` (see `SearchOptionFlags`).
  static let traditional = OptionDefinition(name: "--traditional", valueName: nil)
  /// `--keypad`: build the engine with `SearchOptions.keypad` (see `SearchOptionFlags`).
  static let keypad = OptionDefinition(name: "--keypad", valueName: nil)
  /// `--keyboard NAME`: build the engine with `SearchOptions.keyboard`, the scheme named
  /// (`xiaohe`; see `SearchOptionFlags`).
  static let keyboard = OptionDefinition(name: "--keyboard", valueName: "NAME")
  /// `--redis HOST:PORT[,HOST:PORT…]`: the Redis Cluster that holds the index (its seed nodes).
  static let redis = OptionDefinition(name: "--redis", valueName: "HOST:PORT[,…]")
  /// `--no-options`: search a snapshot or an index in Redis with none of its options (see
  /// `SearchOptionFlags`).
  static let noOptions = OptionDefinition(name: "--no-options", valueName: nil)
  /// `--namespace NS`: the index's namespace in the Redis Cluster.
  static let namespace = OptionDefinition(name: "--namespace", valueName: "NS")
  /// `--redis-user NAME`: the ACL user to authenticate as (the password from a file or the
  /// environment, never an argument).
  static let redisUser = OptionDefinition(name: "--redis-user", valueName: "NAME")
  /// `--redis-password-file FILE`: the file whose first line is the password.
  static let redisPasswordFile = OptionDefinition(name: "--redis-password-file", valueName: "FILE")
  /// `--redis-tls`: speak TLS to the nodes.
  static let redisTLS = OptionDefinition(name: "--redis-tls", valueName: nil)
  /// `--redis-ca FILE`: the certificate authorities to trust (PEM) instead of the system's.
  static let redisCA = OptionDefinition(name: "--redis-ca", valueName: "FILE")
  /// `--redis-cert FILE`: the client certificate (PEM), for nodes that verify clients.
  static let redisCertificate = OptionDefinition(name: "--redis-cert", valueName: "FILE")
  /// `--redis-key FILE`: the client certificate's key (PEM).
  static let redisKey = OptionDefinition(name: "--redis-key", valueName: "FILE")
  /// `--redis-server-name NAME`: the name every node's certificate must carry.
  static let redisServerName = OptionDefinition(name: "--redis-server-name", valueName: "NAME")
  /// `--redis-lease-wait SECONDS`: how long `index` waits for another writer of the namespace.
  static let redisLeaseWait = OptionDefinition(name: "--redis-lease-wait", valueName: "SECONDS")
  /// `--redis-replicas N`: how many replicas of each primary must acknowledge `index`'s writes.
  static let redisReplicas = OptionDefinition(name: "--redis-replicas", valueName: "N")
  /// `--redis-timeout SECONDS`: the most one call to the cluster may take.
  static let redisTimeout = OptionDefinition(name: "--redis-timeout", valueName: "SECONDS")
}

import PinyinSearchTestSupport

@testable import RedisCluster

/// The addresses of the test clusters, from the environment (`RedisTestEnvironment`). Start them with
///
///     Scripts/redis-cluster.sh start /tmp/rc && export PINYIN_SEARCH_REDIS_CLUSTER=$(cat /tmp/rc/addresses)
///     Scripts/redis-cluster.sh start /tmp/rcf && export PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER=$(cat /tmp/rcf/addresses)
///
/// (the second only for the failover test, which shuts one of its primaries down).
enum TestClusters {
  static let addresses = RedisTestEnvironment.addresses
  static let failoverAddresses = RedisTestEnvironment.failoverAddresses
}

/// One line of `CLUSTER NODES`.
struct ClusterNode: Equatable {
  var id: String
  var address: RedisAddress
  var isPrimary: Bool
  var isFailing: Bool
  var isConnected: Bool
  /// The primary's id, for a replica.
  var primaryID: String?
}

struct ClusterTestError: Error, CustomStringConvertible {
  var description: String
}

extension RedisClusterClient {
  /// Sends a command to one node and returns its reply; an error reply or failure throws.
  @discardableResult
  func run(_ arguments: [String], on node: RedisAddress) throws -> RESPValue {
    try send(RedisCommand(arguments, route: .node(node)))
  }

  /// The bulk-string reply of a command on one node, as text.
  func text(_ arguments: [String], on node: RedisAddress) throws -> String {
    guard case .bulkString(let bytes?) = try run(arguments, on: node) else {
      throw ClusterTestError(description: "\(arguments) on \(node): not a bulk string")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The nodes of the cluster as `node` sees them, but those it knows no address of: a node
  /// that an earlier failover test shut down can stay listed as `:0@0` with the flag `noaddr`
  /// (seen in CI), and is neither a victim nor a replica to wait for.
  func clusterNodes(asking node: RedisAddress) throws -> [ClusterNode] {
    try text(["CLUSTER", "NODES"], on: node).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ").map(String.init)
      guard fields.count >= 8, let endpoint = fields[1].split(separator: "@").first else {
        throw ClusterTestError(description: "unexpected CLUSTER NODES line: \(line)")
      }
      let flags = fields[2].split(separator: ",")
      if flags.contains("noaddr") || endpoint.hasPrefix(":") { return nil }
      return ClusterNode(
        id: fields[0],
        address: try RedisAddress(parsing: String(endpoint)),
        isPrimary: flags.contains("master"),
        isFailing: flags.contains("fail") || flags.contains("fail?"),
        isConnected: fields[7] == "connected",
        primaryID: fields[3] == "-" ? nil : fields[3]
      )
    }
  }

  /// The live primaries, as the owner of slot 0 sees them.
  func primaries() throws -> [ClusterNode] {
    try clusterNodes(asking: owner(of: HashSlot(rawValue: 0)!)).filter { $0.isPrimary && !$0.isFailing }
  }

  /// Moves `slot` and its `keys` from the primary `source` to the primary `target`, the way
  /// `redis-cli --cluster reshard` does: `IMPORTING` on the target, `MIGRATING` on the source,
  /// `MIGRATE` of every key of the slot, then `SETSLOT … NODE` on every primary.
  func moveSlot(_ slot: HashSlot, keys: [String], from source: ClusterNode, to target: ClusterNode) throws {
    try startMigration(of: slot, keys: keys, from: source, to: target)
    try migrateEveryKey(of: slot, from: source.address, to: target.address)
    try assign(slot, to: target)
  }

  /// The first half of a slot migration: after it, `source` answers `ASK` for the keys moved.
  func startMigration(of slot: HashSlot, keys: [String], from source: ClusterNode, to target: ClusterNode) throws {
    try run(["CLUSTER", "SETSLOT", "\(slot)", "IMPORTING", source.id], on: target.address)
    try run(["CLUSTER", "SETSLOT", "\(slot)", "MIGRATING", target.id], on: source.address)
    try migrate(keys.map { Array($0.utf8) }, from: source.address, to: target.address)
  }

  /// Undoes ``startMigration(of:keys:from:to:)``: the source stops migrating (`SETSLOT …
  /// STABLE`) so that it takes the keys back, the target sends them all (`ASKING` first: it
  /// serves an importing slot only to such commands), stops importing (`NODE` clears
  /// `IMPORTING` only on the node it names), and every primary gives the slot to the source.
  func abortMigration(of slot: HashSlot, from source: ClusterNode, to target: ClusterNode) throws {
    try run(["CLUSTER", "SETSLOT", "\(slot)", "STABLE"], on: source.address)
    try migrateEveryKey(of: slot, from: target.address, to: source.address, asking: true)
    try run(["CLUSTER", "SETSLOT", "\(slot)", "STABLE"], on: target.address)
    try assign(slot, to: source)
  }

  /// Moves every key that `source` holds in `slot` to `target`, a page of `CLUSTER
  /// GETKEYSINSLOT` at a time, until it holds none (at most 100 pages).
  ///
  /// Other tests write to the same cluster meanwhile (the index's keys spread over every slot):
  /// a key of theirs in the slot must move too, or `SETSLOT … NODE` refuses ("I still hold keys
  /// for this hash slot"). No new key appears on a migrating source: it sends the writers of a
  /// key it does not have to the target (`ASK`).
  func migrateEveryKey(
    of slot: HashSlot, from source: RedisAddress, to target: RedisAddress, asking: Bool = false
  ) throws {
    for _ in 0..<100 {
      guard case .array(let elements?) = try run(["CLUSTER", "GETKEYSINSLOT", "\(slot)", "1000"], on: source) else {
        throw ClusterTestError(description: "CLUSTER GETKEYSINSLOT on \(source): not an array")
      }
      let keys = elements.compactMap { element -> [UInt8]? in
        if case .bulkString(let key?) = element { key } else { nil }
      }
      if keys.isEmpty { return }
      try migrate(keys, from: source, to: target, asking: asking)
    }
    throw ClusterTestError(description: "slot \(slot) still has keys on \(source) after 100 pages")
  }

  /// Moves keys with `MIGRATE`, after `ASKING` on the same connection when `asking` is true.
  func migrate(_ keys: [[UInt8]], from source: RedisAddress, to target: RedisAddress, asking: Bool = false) throws {
    guard !keys.isEmpty else { return }
    // On a cluster with ACL users, the source logs in to the target as the test's user.
    let login = RedisTestEnvironment.password.map { ["AUTH2", RedisTestEnvironment.user ?? "default", $0] } ?? []
    let migrate =
      (["MIGRATE", target.host, "\(target.port)", "", "0", "5000"] + login + ["KEYS"]).map { Array($0.utf8) } + keys
    // Commands for one node go through one connection, in order: ASKING applies to MIGRATE.
    let commands = (asking ? [[Array("ASKING".utf8)]] : []) + [migrate]
    let reply = try send(commands.map { RedisCommand($0, route: .node(source)) }).last!.get()
    guard reply == .simpleString("OK") || reply == .simpleString("NOKEY") else {
      throw ClusterTestError(description: "MIGRATE from \(source) to \(target): \(reply)")
    }
  }

  /// Gives `slot` to `owner` on every primary, owner first: ends any migration of the slot.
  func assign(_ slot: HashSlot, to owner: ClusterNode) throws {
    let others = try primaries().filter { $0.id != owner.id }
    for node in [owner] + others {
      try run(["CLUSTER", "SETSLOT", "\(slot)", "NODE", owner.id], on: node.address)
    }
  }
}

/// Text as the bulk string a command sends or a reply holds.
func bulk(_ text: String) -> RESPValue {
  .bulkString(Array(text.utf8))
}

/// A client for a Redis Cluster: routes each command to the primary that serves its key's hash
/// slot, pipelines batches, and follows the cluster through resharding and failover.
///
/// The client reads the slot map with `CLUSTER SLOTS` from the first reachable seed when it is
/// first used, and again after a redirection, a connection failure or a `CLUSTERDOWN`. It talks
/// to primaries only (never `READONLY` replicas). Connections are opened when first needed,
/// kept in a small pool per node, and opened again lazily after a failure.
///
///     let client = try RedisClusterClient(seeds: "127.0.0.1:7000,127.0.0.1:7001")
///     let replies = try client.send([
///       RedisCommand(["SET", "user:1", "Li Na"], keyAt: 1),
///       RedisCommand(["GET", "user:1"], keyAt: 1),
///     ])
///     // [.success(.simpleString("OK")), .success(.bulkString(Array("Li Na".utf8)))]
///
/// The client is safe to use from several threads at once: each call takes its own
/// connections out of the pool, and the slot map and the pool are behind a lock. Calls block
/// the calling thread; every wait is bounded by the ``RedisClusterConfiguration``, and a whole
/// call by its ``RedisClusterConfiguration/timeout``.
public final class RedisClusterClient: Sendable {
  /// The most idle connections kept per node; more are closed when they are put back.
  static let maximumIdleConnectionsPerNode = 4

  /// What the client shares between threads.
  struct State {
    var slotMap: SlotMap?
    var idleConnections: [RedisAddress: [NodeConnection]] = [:]
  }

  /// The nodes the client asks for the slot map when it knows no other.
  public let seeds: [RedisAddress]
  /// The timeouts and retry limits.
  public let configuration: RedisClusterConfiguration
  /// The slot map and the idle connections, behind a POSIX mutex (see `Locked`).
  let state = Locked(State())
  /// The TLS context, made on the first connection when the configuration asks for TLS.
  private let tlsContext = Locked<TLSContext?>(nil)

  /// Creates a client for the cluster that `seeds` belong to; connects on first use.
  ///
  /// One reachable seed is enough: the client learns the other nodes from it.
  ///
  /// - Parameters:
  ///   - seeds: Nodes of the cluster, primaries or replicas; at least one.
  ///   - configuration: Timeouts and retry limits.
  public init(seeds: [RedisAddress], configuration: RedisClusterConfiguration = RedisClusterConfiguration()) {
    precondition(!seeds.isEmpty, "a Redis Cluster client needs at least one seed address")
    self.seeds = seeds
    self.configuration = configuration
  }

  /// Creates a client from a comma-separated list of seed addresses; connects on first use.
  ///
  /// - Parameters:
  ///   - seeds: Addresses such as `127.0.0.1:7000,127.0.0.1:7001`.
  ///   - configuration: Timeouts and retry limits.
  /// - Throws: ``RedisError/invalidAddress(_:)`` when an address is not `host:port`.
  public convenience init(
    seeds: String,
    configuration: RedisClusterConfiguration = RedisClusterConfiguration()
  ) throws(RedisError) {
    self.init(seeds: try RedisAddress.list(parsing: seeds), configuration: configuration)
  }

  /// Sends one command and returns its reply.
  ///
  /// - Parameter command: The command and its route.
  /// - Returns: The reply; never ``RESPValue/error(_:)``.
  /// - Throws: The command's failure, as ``send(_:)-(_:[RedisCommand])`` describes: for example
  ///   ``RedisError/server(code:message:)`` for an error reply such as `WRONGTYPE`.
  public func send(_ command: RedisCommand) throws(RedisError) -> RESPValue {
    try send([command])[0].get()
  }

  /// Reads the slot map again from the first node that answers `CLUSTER SLOTS`.
  ///
  /// The client does this by itself when the cluster changes; call it to check that the
  /// cluster is reachable. The nodes are asked as `StaggeredRace` does: the first at once,
  /// then one more every 200 ms or as soon as all those asked have failed, all within the
  /// configuration's ``RedisClusterConfiguration/timeout``.
  ///
  /// - Throws: ``RedisError/noReachableSeed(_:)`` with each node's failure when no known node
  ///   and no seed answered in time;
  ///   ``RedisError/authenticationFailed(address:reason:)``,
  ///   ``RedisError/tlsConfiguration(_:)`` or ``RedisError/tlsUnavailable`` alone, as soon as a
  ///   node gives it.
  public func refreshSlotMap() throws(RedisError) {
    try refreshSlotMap(deadline: .now + configuration.timeout)
  }

  /// Reads the slot map again, from the first node that answers by `deadline`.
  func refreshSlotMap(deadline: ContinuousClock.Instant) throws(RedisError) {
    let known = state.withLock { $0.slotMap?.knownNodes ?? [] }
    var candidates = known
    for seed in seeds where !candidates.contains(seed) {
      candidates.append(seed)
    }
    let ioTimeout = configuration.ioTimeout
    let outcome = StaggeredRace.first(
      of: candidates, stagger: .milliseconds(200), deadline: deadline, stoppingAt: \.isTheSameOnEveryNode
    ) {
      [self] node throws(RedisError) -> SlotMap in
      let connection = try checkOut(node, deadline: deadline)
      let reply = try connection.exchange(
        [[Array("CLUSTER".utf8), Array("SLOTS".utf8)]], deadline: min(.now + ioTimeout, deadline))[0]
      checkIn(connection)
      if case .error(let line) = reply {
        throw RedisError.serverError(line)
      }
      return try SlotMap(clusterSlots: reply, from: node)
    }
    switch outcome {
    case .success(let map): state.withLock { $0.slotMap = map }
    case .failure(let errors):
      // Credentials or a TLS configuration that every node refuses: that, not a list of nodes.
      if let error = errors.first(where: \.isTheSameOnEveryNode) { throw error }
      throw .noReachableSeed(errors)
    }
  }

  /// The address of the primary that serves `slot`, reading the slot map first if needed.
  ///
  /// - Parameter slot: A hash slot.
  /// - Returns: The primary's address, as the client last learnt it.
  /// - Throws: ``RedisError/noReachableSeed(_:)`` when the slot map cannot be read;
  ///   ``RedisError/slotNotServed(_:)`` when no node serves the slot.
  public func owner(of slot: HashSlot) throws(RedisError) -> RedisAddress {
    guard let owner = try currentSlotMap(deadline: .now + configuration.timeout).owner(of: slot) else {
      throw .slotNotServed(slot)
    }
    return owner
  }

  /// The slot map, read first (by `deadline`) if the client has none.
  func currentSlotMap(deadline: ContinuousClock.Instant) throws(RedisError) -> SlotMap {
    if let map = state.withLock({ $0.slotMap }) { return map }
    try refreshSlotMap(deadline: deadline)
    return state.withLock { $0.slotMap } ?? SlotMap()
  }

  /// Takes an idle connection to `node` out of the pool, or opens one by the connect timeout
  /// or `deadline`, whichever comes first.
  func checkOut(_ node: RedisAddress, deadline: ContinuousClock.Instant) throws(RedisError) -> NodeConnection {
    let idle = state.withLock { state -> NodeConnection? in
      state.idleConnections[node]?.popLast()
    }
    if let idle { return idle }
    return try NodeConnection(
      to: node, deadline: min(.now + configuration.connectTimeout, deadline),
      maximumReplyBytes: configuration.maxReplyBytes, tls: try currentTLSContext(),
      credentials: configuration.credentials)
  }

  /// The TLS context, made (its files read) on first use; nil without TLS.
  ///
  /// - Throws: ``RedisError/tlsConfiguration(_:)`` or ``RedisError/tlsUnavailable``; a later
  ///   call tries again.
  private func currentTLSContext() throws(RedisError) -> TLSContext? {
    guard let tls = configuration.tls else { return nil }
    if let context = tlsContext.withLock({ $0 }) { return context }
    let context = try TLSContext(tls)
    tlsContext.withLock { $0 = $0 ?? context }
    return context
  }

  /// Puts a connection back in the pool if it can serve again; otherwise it closes.
  func checkIn(_ connection: NodeConnection) {
    guard connection.isReusable else { return }
    state.withLock { state in
      if state.idleConnections[connection.address, default: []].count < Self.maximumIdleConnectionsPerNode {
        state.idleConnections[connection.address, default: []].append(connection)
      }
    }
  }
}

extension RedisError {
  /// The error that an error reply stands for: its first word is the code.
  static func serverError(_ line: String) -> RedisError {
    guard let space = line.firstIndex(of: " ") else { return .server(code: line, message: "") }
    return .server(code: String(line[..<space]), message: String(line[line.index(after: space)...]))
  }
}

extension RedisClusterClient {
  /// Waits until `replicas` replicas of every primary have every write that primary took so
  /// far (`WAIT`), so that a failover now would not lose them.
  ///
  /// `WAIT` counts the replicas that reached the replication offset of its own connection's
  /// last write. So that it covers the writes that other connections made before, each primary
  /// is sent, on one connection and in this order, a write of its own — `SET` of a key that
  /// `marker` makes for a slot it serves, expiring after a minute — and then `WAIT`: the
  /// primary's offset only grows, and the marker's is past every write it took before.
  ///
  /// - Parameters:
  ///   - replicas: How many replicas of each primary must acknowledge, at least 1.
  ///   - timeout: How long each primary waits for them; at most three quarters of
  ///     ``RedisClusterConfiguration/ioTimeout`` are used, so that the wait fits in one round.
  ///   - marker: The marker key for a number (the same number gives the same key); the key
  ///     must carry the number as its hash tag, such as `ns:ack:{7}`.
  /// - Throws: ``RedisError/replicasMissing(address:acknowledged:wanted:)`` for the first
  ///   primary with too few acknowledgements; what `send(_:)` throws.
  public func waitForReplicas(
    _ replicas: Int, timeout: Duration, marker: (Int) -> [UInt8]
  ) throws(RedisError) {
    precondition(replicas >= 1, "wait for at least one replica")
    let map = try currentSlotMap(deadline: .now + configuration.timeout)
    let wait = min(timeout, configuration.ioTimeout * 3 / 4)
    let milliseconds = max(
      1, Int(wait.components.seconds * 1_000 + wait.components.attoseconds / 1_000_000_000_000_000))
    var commands: [RedisCommand] = []
    var primaries: [RedisAddress] = []
    for primary in map.primaries {
      guard let key = Self.markerKey(for: primary, in: map, marker: marker) else { continue }
      primaries.append(primary)
      commands.append(
        RedisCommand([Array("SET".utf8), key, Array("1".utf8), Array("PX".utf8), Array("60000".utf8)], keyAt: 1))
      commands.append(
        RedisCommand(
          [Array("WAIT".utf8), Array(String(replicas).utf8), Array(String(milliseconds).utf8)],
          route: .slot(HashSlot(key: key))))
    }
    let replies = try send(commands)
    for (number, primary) in primaries.enumerated() {
      _ = try replies[2 * number].get()
      guard case .integer(let acknowledged) = try replies[2 * number + 1].get() else {
        throw .protocolError(address: primary, detail: "a WAIT reply that is not an integer", offset: nil)
      }
      guard acknowledged >= replicas else {
        throw .replicasMissing(address: primary, acknowledged: Int(acknowledged), wanted: replicas)
      }
    }
  }

  /// The marker key of the smallest number whose slot `primary` serves, or nil when none of the
  /// first 100,000 numbers' is (a primary that serves a few slots only may be missed).
  private static func markerKey(for primary: RedisAddress, in map: SlotMap, marker: (Int) -> [UInt8]) -> [UInt8]? {
    for number in 0..<100_000 {
      let key = marker(number)
      if map.owner(of: HashSlot(key: key)) == primary { return key }
    }
    return nil
  }
}

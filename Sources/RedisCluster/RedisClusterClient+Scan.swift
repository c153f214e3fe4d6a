extension RedisClusterClient {
  /// The primaries that serve at least one slot, as the client's slot map has them (read first
  /// if the client has none).
  ///
  /// - Throws: ``RedisError/noReachableSeed(_:)`` when the slot map cannot be read.
  public func primaryAddresses() throws(RedisError) -> [RedisAddress] {
    try currentSlotMap(deadline: .now + configuration.timeout).primaries
  }

  /// A slot of each primary, as the client's slot map has them (read first if the client has
  /// none): a command routed to each of these slots (``RedisCommand/Route/slot(_:)``) reaches
  /// every primary and, unlike one routed to the node, follows its slot to the replica that
  /// takes over when the primary fails.
  ///
  /// - Throws: ``RedisError/noReachableSeed(_:)`` when the slot map cannot be read.
  public func slotOfEachPrimary() throws(RedisError) -> [HashSlot] {
    try currentSlotMap(deadline: .now + configuration.timeout).firstSlotOfEachPrimary
  }

  /// Every key of the cluster that matches the glob `pattern`, read with `SCAN` from every
  /// primary, a page of about `pageSize` keys per call.
  ///
  /// `SCAN` returns a key that exists throughout the scan at least once and may return one
  /// more than once: the keys are returned once each, in no particular order. A slot that moves
  /// to another primary during the scan may be missed or read twice; scan again after a
  /// resharding.
  ///
  /// - Parameters:
  ///   - pattern: A `MATCH` pattern, such as `contacts:r:*`.
  ///   - pageSize: The `COUNT` hint of each call.
  /// - Returns: The keys.
  /// - Throws: The first failure of a call.
  /// - Complexity: O(n / pageSize) round trips for the n keys of the cluster.
  public func scanKeys(matching pattern: [UInt8], pageSize: Int = 1_000) throws(RedisError) -> [[UInt8]] {
    var keys = Set<[UInt8]>()
    for primary in try primaryAddresses() {
      var cursor: [UInt8] = [UInt8(ascii: "0")]
      repeat {
        let command = RedisCommand(
          [
            Array("SCAN".utf8), cursor, Array("MATCH".utf8), pattern, Array("COUNT".utf8), Array(String(pageSize).utf8),
          ],
          route: .node(primary))
        let reply = try send(command)
        guard case .array(let parts?) = reply, parts.count == 2, case .bulkString(let next?) = parts[0],
          case .array(let found?) = parts[1]
        else {
          throw .protocolError(address: primary, detail: "a SCAN reply that is not [cursor, keys]", offset: nil)
        }
        for key in found {
          guard case .bulkString(let key?) = key else {
            throw .protocolError(address: primary, detail: "a SCAN reply with a key that is not a string", offset: nil)
          }
          keys.insert(key)
        }
        cursor = next
      } while cursor != [UInt8(ascii: "0")]
    }
    return Array(keys)
  }
}

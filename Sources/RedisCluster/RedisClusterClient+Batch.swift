extension RedisClusterClient {
  /// Where one command of a batch stands.
  private struct Pending {
    /// The command's index in the batch.
    var index: Int
    /// The node an `ASK` redirection named, for the next attempt only.
    var askTarget: RedisAddress?
    /// How many redirections the command followed.
    var redirections = 0
    /// Why the last attempt failed, when it may be retried.
    var lastError: RedisError?
  }

  /// What one round of a batch left to do.
  private struct Round {
    /// Redirected commands, to send at once.
    var redirected: [Pending] = []
    /// Commands to send again after a backoff.
    var failed: [Pending] = []
    /// The owners that `MOVED` redirections named.
    var moves: [(slot: HashSlot, node: RedisAddress)] = []
  }

  /// Sends a batch of commands, pipelined per node, and returns each command's outcome in the
  /// order of `commands`.
  ///
  /// The commands are grouped by the primary that serves their slot; each group goes to its
  /// node in one write, and its replies are read in order. Only the commands that need it are
  /// sent again:
  ///
  /// - `MOVED slot node`: the client records the new owner, reads the slot map again, and sends
  ///   the command there.
  /// - `ASK slot node`: the client sends `ASKING` and the command to that node, once, without
  ///   changing its map (the slot is being migrated).
  /// - `TRYAGAIN`, `CLUSTERDOWN`, a slot that no node serves, a failed connection or a timeout:
  ///   the client waits (``RedisClusterConfiguration/retryBackoff``, doubling), reads the slot
  ///   map again from any reachable node, and sends the command again, up to
  ///   ``RedisClusterConfiguration/maxRetries`` times.
  ///
  /// A command that timed out or lost its connection may have run; after a retry it may have
  /// run twice (see ``RedisClusterConfiguration/maxRetries``). Commands routed to one node
  /// (``RedisCommand/Route/node(_:)``) are never redirected or sent again, nor are those of a
  /// node that broke the protocol. Every round gives each node
  /// ``RedisClusterConfiguration/ioTimeout`` to answer, and the whole call ends within
  /// ``RedisClusterConfiguration/timeout``.
  ///
  /// - Parameter commands: The commands; any number, in any mix of slots.
  /// - Returns: One result per command, in order: the reply, or the command's own failure:
  ///   ``RedisError/server(code:message:)`` for an error reply (`WRONGTYPE`, `ERR`, …),
  ///   ``RedisError/tooManyRedirections(count:slot:address:)``, or
  ///   ``RedisError/clusterUnavailable(attempts:lastError:)`` with the last reason once the
  ///   retries are spent, ``RedisError/timeLimitExceeded(limit:lastError:)`` once the time limit
  ///   has passed, ``RedisError/protocolError(address:detail:offset:)`` from a node that broke
  ///   the protocol. A reply is never ``RESPValue/error(_:)``.
  /// - Throws: ``RedisError/noReachableSeed(_:)`` only when the client has no slot map yet and
  ///   no seed gave one; no command was sent then.
  /// - Complexity: One round trip per node involved, plus one per redirection or retry round.
  public func send(_ commands: [RedisCommand]) throws(RedisError) -> [Result<RESPValue, RedisError>] {
    let deadline = ContinuousClock.now + configuration.timeout
    var results = [Result<RESPValue, RedisError>?](repeating: nil, count: commands.count)
    var pending = commands.indices.map { Pending(index: $0) }
    guard !pending.isEmpty else { return [] }
    var map = try currentSlotMap(deadline: deadline)
    var attempt = 1
    var hasRefreshedAfterMove = false
    while !pending.isEmpty {
      if ContinuousClock.now >= deadline {
        for command in pending {
          let lastError = command.lastError ?? .timedOut(address: seeds[0], operation: .read)
          results[command.index] = .failure(.timeLimitExceeded(limit: configuration.timeout, lastError: lastError))
        }
        break
      }
      var round = sendRound(
        pending, of: commands, map: map, deadline: min(.now + configuration.ioTimeout, deadline), results: &results)
      if !round.moves.isEmpty {
        state.withLock { state in
          for move in round.moves {
            state.slotMap?.assign(move.slot, to: move.node)
          }
        }
      }
      if !round.failed.isEmpty {
        if attempt > configuration.maxRetries {
          for command in round.failed {
            results[command.index] = .failure(.clusterUnavailable(attempts: attempt, lastError: command.lastError!))
          }
          round.failed = []
        } else if ContinuousClock.now < deadline {
          Socket.sleep(for: min(configuration.backoff(beforeRetry: attempt), deadline - .now))
          attempt += 1
          try? refreshSlotMap(deadline: deadline)
        }
      } else if !round.moves.isEmpty && !hasRefreshedAfterMove {
        // A slot moved: others probably did too (resharding, failover). Once per batch.
        hasRefreshedAfterMove = true
        try? refreshSlotMap(deadline: deadline)
      }
      map = state.withLock { $0.slotMap } ?? map
      pending = round.redirected + round.failed
    }
    return results.map { $0! }
  }

  /// The pending commands bound for one node.
  private struct NodeGroup {
    /// The node.
    var node: RedisAddress
    /// Its commands, in the order they are sent.
    var members: [Pending]
  }

  /// Sends each pending command once, pipelined per node: writes to every node first, then reads
  /// every node's replies, so that the nodes work at the same time.
  private func sendRound(
    _ pending: [Pending],
    of commands: [RedisCommand],
    map: SlotMap,
    deadline: ContinuousClock.Instant,
    results: inout [Result<RESPValue, RedisError>?]
  ) -> Round {
    var round = Round()
    let groups = groupedByNode(pending, of: commands, map: map, round: &round)
    let connections = writeGroups(groups, of: commands, deadline: deadline, results: &results, round: &round)
    for (group, connection) in zip(groups, connections) {
      guard let connection else { continue }
      readReplies(to: group, from: connection, of: commands, deadline: deadline, results: &results, round: &round)
    }
    return round
  }

  /// The pending commands grouped by the node each goes to, in the order of `pending`: the node
  /// it is routed to, else the node an `ASK` named, else its slot's owner in `map`. A command
  /// whose slot no node serves is left to `round` to retry.
  private func groupedByNode(
    _ pending: [Pending], of commands: [RedisCommand], map: SlotMap, round: inout Round
  ) -> [NodeGroup] {
    var groups: [NodeGroup] = []
    var groupOfNode: [RedisAddress: Int] = [:]
    for var command in pending {
      let target: RedisAddress
      if case .node(let node) = commands[command.index].route {
        target = node
      } else if let askTarget = command.askTarget {
        target = askTarget
      } else if let slot = commands[command.index].slot, let owner = map.owner(of: slot) {
        target = owner
      } else {
        command.lastError = .slotNotServed(commands[command.index].slot!)
        round.failed.append(command)
        continue
      }
      if let group = groupOfNode[target] {
        groups[group].members.append(command)
      } else {
        groupOfNode[target] = groups.count
        groups.append(NodeGroup(node: target, members: [command]))
      }
    }
    return groups
  }

  /// Writes each group's commands to its node in one write (each after `ASKING` when an `ASK`
  /// sent it there); returns each group's connection, or nil where the node could not be
  /// reached or written to, its commands then failed.
  private func writeGroups(
    _ groups: [NodeGroup], of commands: [RedisCommand], deadline: ContinuousClock.Instant,
    results: inout [Result<RESPValue, RedisError>?], round: inout Round
  ) -> [NodeConnection?] {
    var connections: [NodeConnection?] = []
    for group in groups {
      var bytes: [UInt8] = []
      for member in group.members {
        if member.askTarget != nil { RESPValue.appendCommand([Array("ASKING".utf8)], to: &bytes) }
        RESPValue.appendCommand(commands[member.index].arguments, to: &bytes)
      }
      do throws(RedisError) {
        let connection = try checkOut(group.node, deadline: deadline)
        try connection.write(bytes, deadline: deadline)
        connections.append(connection)
      } catch {
        connections.append(nil)
        for member in group.members {
          fail(member, with: error, of: commands, results: &results, round: &round)
        }
      }
    }
    return connections
  }

  /// Reads the replies to `group`'s commands from `connection`, in order, and checks the
  /// connection in again; when reading fails, the commands not yet answered fail.
  private func readReplies(
    to group: NodeGroup, from connection: NodeConnection, of commands: [RedisCommand],
    deadline: ContinuousClock.Instant, results: inout [Result<RESPValue, RedisError>?], round: inout Round
  ) {
    var position = 0
    do throws(RedisError) {
      while position < group.members.count {
        let member = group.members[position]
        if member.askTarget != nil { _ = try connection.readReply(deadline: deadline) }  // the +OK of ASKING
        let reply = try connection.readReply(deadline: deadline)
        position += 1
        handle(reply, to: member, from: group.node, of: commands, results: &results, round: &round)
      }
    } catch {
      for member in group.members[position...] {
        fail(member, with: error, of: commands, results: &results, round: &round)
      }
    }
    checkIn(connection)
  }

  /// Records a reply: the result, or a redirection or retry for the next round.
  private func handle(
    _ reply: RESPValue,
    to command: Pending,
    from node: RedisAddress,
    of commands: [RedisCommand],
    results: inout [Result<RESPValue, RedisError>?],
    round: inout Round
  ) {
    guard case .error(let line) = reply else {
      results[command.index] = .success(reply)
      return
    }
    let error = RedisError.serverError(line)
    guard case .server(let code, let message) = error, commands[command.index].route.isRedirectable else {
      results[command.index] = .failure(error)
      return
    }
    var command = command
    command.askTarget = nil
    switch code {
    case "MOVED", "ASK":
      guard let (slot, target) = Self.redirection(message, from: node) else {
        let detail = "malformed redirection '\(line)'"
        results[command.index] = .failure(.protocolError(address: node, detail: detail, offset: nil))
        return
      }
      guard command.redirections < configuration.maxRedirections else {
        results[command.index] = .failure(
          .tooManyRedirections(count: command.redirections, slot: slot, address: target)
        )
        return
      }
      command.redirections += 1
      command.lastError = error
      if code == "ASK" {
        command.askTarget = target
      } else {
        round.moves.append((slot, target))
      }
      round.redirected.append(command)
    case "TRYAGAIN", "CLUSTERDOWN":
      command.lastError = error
      round.failed.append(command)
    default:
      results[command.index] = .failure(error)
    }
  }

  /// Records a failure to reach a node: a retry, or the result of a command routed to a node.
  private func fail(
    _ command: Pending,
    with error: RedisError,
    of commands: [RedisCommand],
    results: inout [Result<RESPValue, RedisError>?],
    round: inout Round
  ) {
    // A node that broke the protocol (a reply of another shape, or over the size limit) or
    // refused the credentials or the TLS handshake would do it again: no retry.
    guard commands[command.index].route.isRedirectable, !error.isPermanent else {
      results[command.index] = .failure(error)
      return
    }
    var command = command
    command.askTarget = nil
    command.lastError = error
    round.failed.append(command)
  }

  /// The slot and node of a `MOVED` or `ASK` redirection's message, `3999 127.0.0.1:6381`; an
  /// empty host (`:6381`) is the host of the node that replied.
  static func redirection(_ message: String, from node: RedisAddress) -> (HashSlot, RedisAddress)? {
    let parts = message.split(separator: " ")
    guard parts.count == 2, let number = UInt16(parts[0]), let slot = HashSlot(rawValue: number) else { return nil }
    let text = parts[1].hasPrefix(":") ? node.host + parts[1] : String(parts[1])
    guard let target = try? RedisAddress(parsing: text) else { return nil }
    return (slot, target)
  }
}

extension RedisCommand.Route {
  /// Whether the client follows redirections and retries for this route: all but `node`.
  var isRedirectable: Bool {
    if case .node = self { return false }
    return true
  }
}

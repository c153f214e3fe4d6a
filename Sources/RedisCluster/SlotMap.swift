/// Which primary serves each hash slot, as `CLUSTER SLOTS` told it, plus the redirections seen
/// since.
///
/// Each slot holds the index of its primary in `nodes`, or `noNode`: 32 KiB for the whole
/// map, copied on write. The replicas are kept only as nodes to ask for a new map; commands go to
/// primaries only.
struct SlotMap: Sendable {
  private static let noNode = UInt16.max

  private var owners = [UInt16](repeating: noNode, count: HashSlot.count)
  /// The nodes that `owners` points into: the primaries, and nodes that `MOVED` named (some of
  /// which may no longer serve a slot).
  private var nodes: [RedisAddress] = []
  /// The replicas `CLUSTER SLOTS` listed.
  private(set) var replicas: [RedisAddress] = []

  /// An empty map: no slot is served.
  init() {}

  /// The primary serving `slot`, or `nil` when none does.
  func owner(of slot: HashSlot) -> RedisAddress? {
    let index = owners[Int(slot.rawValue)]
    return index == Self.noNode ? nil : nodes[Int(index)]
  }

  /// The primaries that serve at least one slot, in the order the map learnt them.
  ///
  /// - Complexity: O(16,384).
  var primaries: [RedisAddress] {
    zip(nodes, firstSlotOfEachNode).compactMap { node, slot in slot == nil ? nil : node }
  }

  /// The first slot of each primary, in the order of `primaries`.
  ///
  /// - Complexity: O(16,384).
  var firstSlotOfEachPrimary: [HashSlot] {
    firstSlotOfEachNode.compactMap { $0 }
  }

  /// For each of `nodes`, the first slot it serves, or nil when it serves none.
  private var firstSlotOfEachNode: [HashSlot?] {
    var first = [HashSlot?](repeating: nil, count: nodes.count)
    for (slot, index) in owners.enumerated() where index != Self.noNode && first[Int(index)] == nil {
      first[Int(index)] = HashSlot(rawValue: UInt16(slot))
    }
    return first
  }

  /// Records that `address` serves `slot`, as a `MOVED` redirection says.
  mutating func assign(_ slot: HashSlot, to address: RedisAddress) {
    let index: Int
    if let known = nodes.firstIndex(of: address) {
      index = known
    } else {
      // At most one node per slot can be in use; drop the nodes that serve no slot any more.
      if nodes.count >= HashSlot.count { compactNodes() }
      index = nodes.count
      nodes.append(address)
    }
    owners[Int(slot.rawValue)] = UInt16(index)
  }

  /// The nodes worth asking for a new map: the primaries, then the replicas.
  var knownNodes: [RedisAddress] {
    let primaries = self.primaries
    return primaries + replicas.filter { !primaries.contains($0) }
  }

  /// Reads the reply of `CLUSTER SLOTS` from `node`.
  ///
  /// Each element is `[start, end, [host, port, id, …], replica…]`; an empty host or `?` means
  /// the host of the node that replied.
  ///
  /// - Throws: ``RedisError/protocolError(address:detail:offset:)`` when the reply is not of
  ///   that shape or a range is outside `0...16383`.
  init(clusterSlots reply: RESPValue, from node: RedisAddress) throws(RedisError) {
    func malformed(_ detail: String) -> RedisError {
      .protocolError(address: node, detail: "CLUSTER SLOTS reply: \(detail)", offset: nil)
    }
    guard case .array(let ranges?) = reply else { throw malformed("not an array") }
    for (position, range) in ranges.enumerated() {
      guard case .array(let fields?) = range, fields.count >= 3,
        case .integer(let start) = fields[0], case .integer(let end) = fields[1],
        0 <= start, start <= end, end < HashSlot.count
      else {
        throw malformed("element \(position) is not [start, end, [host, port, …], …] with 0 <= start <= end < 16384")
      }
      var nodes: [RedisAddress] = []
      for field in fields[2...] {
        guard case .array(let parts?) = field, parts.count >= 2,
          case .bulkString(let hostBytes?) = parts[0], case .integer(let port) = parts[1],
          (1...65_535).contains(port)
        else { throw malformed("element \(position) has a node that is not [host, port, …]") }
        let host = String(decoding: hostBytes, as: UTF8.self)
        let usable = host.isEmpty || host == "?" ? node.host : host
        nodes.append(RedisAddress(host: usable, port: UInt16(port)))
      }
      for slot in start...end {
        assign(HashSlot(rawValue: UInt16(slot))!, to: nodes[0])
      }
      for replica in nodes.dropFirst() where !replicas.contains(replica) {
        replicas.append(replica)
      }
    }
  }

  /// Renumbers `owners` so that `nodes` holds only nodes that serve a slot.
  private mutating func compactNodes() {
    var renumbered: [RedisAddress] = []
    var newIndex = [Int: UInt16]()
    for slot in owners.indices where owners[slot] != Self.noNode {
      let old = Int(owners[slot])
      if let index = newIndex[old] {
        owners[slot] = index
      } else {
        let index = UInt16(renumbered.count)
        renumbered.append(nodes[old])
        newIndex[old] = index
        owners[slot] = index
      }
    }
    nodes = renumbered
  }
}

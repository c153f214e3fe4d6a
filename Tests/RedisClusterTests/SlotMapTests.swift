import Testing

@testable import RedisCluster

@Suite struct SlotMapTests {
  static let node = RedisAddress(host: "10.0.0.9", port: 7000)

  private static func entry(_ start: Int64, _ end: Int64, _ nodes: [(String, Int64)]) -> RESPValue {
    .array(
      [.integer(start), .integer(end)]
        + nodes.map { .array([.bulkString(Array($0.0.utf8)), .integer($0.1), .bulkString(Array("id".utf8))]) }
    )
  }

  @Test func readsPrimariesAndReplicasFromClusterSlots() throws {
    let reply = RESPValue.array([
      Self.entry(0, 5460, [("127.0.0.1", 7000), ("127.0.0.1", 7003)]),
      Self.entry(5461, 16_383, [("", 7001), ("?", 7004)]),
    ])
    let map = try SlotMap(clusterSlots: reply, from: Self.node)
    #expect(map.owner(of: HashSlot(rawValue: 0)!) == RedisAddress(host: "127.0.0.1", port: 7000))
    #expect(map.owner(of: HashSlot(rawValue: 5460)!) == RedisAddress(host: "127.0.0.1", port: 7000))
    #expect(
      map.owner(of: HashSlot(rawValue: 5461)!) == RedisAddress(host: "10.0.0.9", port: 7001),
      "an empty host is the host of the node that replied"
    )
    #expect(
      map.knownNodes == [
        RedisAddress(host: "127.0.0.1", port: 7000), RedisAddress(host: "10.0.0.9", port: 7001),
        RedisAddress(host: "127.0.0.1", port: 7003), RedisAddress(host: "10.0.0.9", port: 7004),
      ]
    )
  }

  /// One slot per primary, the first it serves, in the order of `primaries`: a primary whose
  /// ranges come later or are split still gets its first slot; a node that a MOVED moved every
  /// slot away from gets none.
  @Test func firstSlotOfEachPrimaryFollowsTheRanges() throws {
    var map = try SlotMap(
      clusterSlots: .array([
        Self.entry(100, 199, [("b", 2)]), Self.entry(0, 99, [("a", 1)]), Self.entry(200, 299, [("b", 2)]),
        Self.entry(300, 300, [("c", 3)]),
      ]), from: Self.node)
    #expect(
      map.primaries == [
        RedisAddress(host: "b", port: 2), RedisAddress(host: "a", port: 1), RedisAddress(host: "c", port: 3),
      ])
    #expect(map.firstSlotOfEachPrimary.map(\.rawValue) == [100, 0, 300])
    map.assign(HashSlot(rawValue: 300)!, to: RedisAddress(host: "a", port: 1))
    #expect(map.primaries == [RedisAddress(host: "b", port: 2), RedisAddress(host: "a", port: 1)])
    #expect(map.firstSlotOfEachPrimary.map(\.rawValue) == [100, 0])
  }

  @Test func slotsOutsideTheRangesAreNotServed() throws {
    let map = try SlotMap(clusterSlots: .array([Self.entry(10, 20, [("a", 1)])]), from: Self.node)
    #expect(map.owner(of: HashSlot(rawValue: 9)!) == nil)
    #expect(map.owner(of: HashSlot(rawValue: 21)!) == nil)
    #expect(map.owner(of: HashSlot(rawValue: 15)!) == RedisAddress(host: "a", port: 1))
  }

  @Test func assignRecordsAMovedSlot() {
    var map = SlotMap()
    let target = RedisAddress(host: "127.0.0.1", port: 7002)
    map.assign(HashSlot(rawValue: 42)!, to: target)
    #expect(map.owner(of: HashSlot(rawValue: 42)!) == target)
    #expect(map.owner(of: HashSlot(rawValue: 43)!) == nil)
    #expect(map.primaries == [target])
  }

  @Test func primariesAreTheNodesThatStillServeASlot() throws {
    var map = try SlotMap(clusterSlots: .array([Self.entry(0, 1, [("a", 1)])]), from: Self.node)
    let other = RedisAddress(host: "b", port: 2)
    map.assign(HashSlot(rawValue: 0)!, to: other)
    #expect(map.primaries == [RedisAddress(host: "a", port: 1), other])
    map.assign(HashSlot(rawValue: 1)!, to: other)
    #expect(map.primaries == [other], "a node that MOVED took every slot from is no longer a primary")
  }

  static let malformed: [(reply: RESPValue, detail: String)] = [
    (.simpleString("OK"), "CLUSTER SLOTS reply: not an array"),
    (
      .array([.array([.integer(5), .integer(4), .array([.bulkString([97]), .integer(1)])])]),
      "CLUSTER SLOTS reply: element 0 is not [start, end, [host, port, …], …] with 0 <= start <= end < 16384"
    ),
    (
      .array([.array([.integer(0), .integer(16_384), .array([.bulkString([97]), .integer(1)])])]),
      "CLUSTER SLOTS reply: element 0 is not [start, end, [host, port, …], …] with 0 <= start <= end < 16384"
    ),
    (
      .array([.array([.integer(0), .integer(1), .array([.bulkString([97]), .integer(0)])])]),
      "CLUSTER SLOTS reply: element 0 has a node that is not [host, port, …]"
    ),
  ]

  @Test(arguments: malformed)
  func malformedRepliesAreProtocolErrors(_ reply: RESPValue, _ detail: String) {
    #expect(throws: RedisError.protocolError(address: Self.node, detail: detail, offset: nil)) {
      try SlotMap(clusterSlots: reply, from: Self.node)
    }
  }
}

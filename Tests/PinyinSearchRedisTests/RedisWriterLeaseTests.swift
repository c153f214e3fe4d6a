import Dispatch
import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import RedisCluster
import Testing

@testable import PinyinSearchRedis

/// One writer per namespace (review of 2026-12-04, D5) and writes acknowledged by replicas, on
/// a real cluster: a second writer fails naming the first or waits for it; a killed writer's
/// lease expires and the next synchronization finishes its half-done write; a writer whose
/// lease is taken stops; `WAIT` asks each primary's replicas.
@Suite(.enabled(if: RedisTestCluster.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisWriterLeaseTests {
  let namespace: RedisNamespace
  let client: RedisClusterClient
  let index: RedisIndex

  init() throws {
    namespace = try RedisTestCluster.freshNamespace()
    client = try RedisTestCluster.client()
    index = try RedisIndex(creating: namespace, client: client)
  }

  /// Sets the lease key as another writer would, for `milliseconds`.
  func takeLease(holder: String, milliseconds: Int) throws {
    _ = try RedisIndex.execute(
      [
        [
          Array("SET".utf8), namespace.leaseKey, Array("0123abcd \(holder)".utf8), Array("PX".utf8),
          Array("\(milliseconds)".utf8),
        ]
      ],
      client: client)
  }

  /// The lease key's value, or nil.
  func lease() throws -> [UInt8]? {
    try RedisIndex.bulk(RedisIndex.execute([[Array("GET".utf8), namespace.leaseKey]], client: client)[0], key: [])
  }

  @Test func aSecondWriterFailsAtOnceNamingTheFirst() throws {
    try takeLease(holder: "pinyin-search index on host-a (pid 42)", milliseconds: 10_000)
    let clock = ContinuousClock()
    let start = clock.now
    do {
      try index.synchronize(with: [Record(id: "1", text: "刘亦菲")])
      Issue.record("a second writer wrote")
    } catch {
      guard case .namespaceBusy(namespace.name, "pinyin-search index on host-a (pid 42)", let remaining) = error else {
        Issue.record("expected namespaceBusy, got \(error)")
        return
      }
      #expect(remaining > .seconds(8) && remaining <= .seconds(10))
      #expect(
        "\(error)".hasPrefix(
          "namespace '\(namespace.name)' is being written by pinyin-search index on host-a (pid 42); "))
    }
    #expect(clock.now - start < .seconds(1))
    #expect(try index.search("lyf").isEmpty, "nothing written")
  }

  /// A writer killed midway: its lease stays until it expires, its record half written; the
  /// next synchronization waits for the lease, then finishes the write.
  @Test func aKilledWritersLeaseExpiresAndTheNextRunRepairs() throws {
    let old = Record(id: "1", text: "刘亦菲")
    let new = Record(id: "1", text: "张三")
    try index.synchronize(with: [old, Record(id: "2", text: "李四")])
    try index.addByHand(index.layout.entries(of: new))
    let note = StoredRecord(current: .init(text: new.text, rank: 0), pending: [.init(text: old.text, rank: 0)])
    try index.setRecordByHand(id: "1", note.bytes)
    try takeLease(holder: "a killed writer", milliseconds: 1_000)
    let clock = ContinuousClock()
    let start = clock.now
    let summary = try index.synchronize(with: [new], writing: RedisWriteOptions(leaseWait: .seconds(5)))
    #expect(clock.now - start >= .milliseconds(800), "waited for the lease to expire")
    #expect(summary.replaced == 1 && summary.removed == 1)
    #expect(try index.search("lyf").isEmpty)
    #expect(try index.search("zs").map(\.text) == ["张三"])
    #expect(try index.search("ls").isEmpty)
    #expect(try lease() == nil, "released at the end")
  }

  /// A lease of 0.4 s outlives a write of seconds by its renewals, and keeps a second writer out
  /// all along.
  @Test func theLeaseIsRenewedWhileWritingAndReleasedAtTheEnd() throws {
    let records = SampleContacts.records(count: 10_000, seed: 36)
    let failures = Locked<[RedisIndexError]>([])
    let writer = Thread { [index] in
      do throws(RedisIndexError) {
        try index.synchronize(
          with: records, writing: RedisWriteOptions(holder: "writer A", leaseTimeToLive: .milliseconds(400)))
      } catch {
        failures.withLock { $0.append(error) }
      }
    }
    writer.start()
    var held = try lease()
    while held == nil {
      try sleep(.milliseconds(2))
      held = try lease()
    }
    let clock = ContinuousClock()
    let start = clock.now
    try sleep(.milliseconds(500))
    do {
      try index.synchronize(with: records, writing: RedisWriteOptions(holder: "writer B"))
      Issue.record("writer B wrote beside writer A")
    } catch {
      guard case .namespaceBusy(_, "writer A", _) = error else {
        Issue.record("expected namespaceBusy naming writer A, got \(error)")
        return
      }
    }
    while try lease() == held { try sleep(.milliseconds(2)) }
    let heldFor = clock.now - start
    writer.join()
    #expect(heldFor > .milliseconds(1_200), "held for \(heldFor): three times its time to live, renewed")
    #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
    #expect(try index.recordIDs().count == 10_000)
    #expect(try lease() == nil, "released at the end")
  }

  @Test func aWriterWhoseLeaseIsTakenStops() throws {
    let records = SampleContacts.records(count: 20_000, seed: 37)
    let outcome = Locked<Result<SynchronizationSummary, RedisIndexError>?>(nil)
    let writer = Thread { [index] in
      let result = Result { () throws(RedisIndexError) in
        try index.synchronize(with: records, writing: RedisWriteOptions(leaseTimeToLive: .milliseconds(300)))
      }
      outcome.withLock { $0 = result }
    }
    writer.start()
    while try lease() == nil { try sleep(.milliseconds(5)) }
    try takeLease(holder: "an operator", milliseconds: 10_000)
    writer.join()
    #expect(
      outcome.withLock { $0 }.map { if case .failure(.leaseLost(namespace.name)) = $0 { true } else { false } } == true)
    #expect(
      try lease().map { String(decoding: $0, as: UTF8.self) } == "0123abcd an operator", "not released by the loser")
  }

  @Test func writesWaitForAReplicaOfEveryPrimary() throws {
    #expect(
      try index.synchronize(with: [Record(id: "1", text: "刘亦菲")], writing: RedisWriteOptions(replicas: 1)).added == 1)
    do {
      try index.synchronize(
        with: [Record(id: "1", text: "张三")], writing: RedisWriteOptions(replicas: 2, replicaTimeout: .milliseconds(300))
      )
      Issue.record("two replicas acknowledged on a cluster of one replica per primary")
    } catch {
      guard case .redis(.replicasMissing(_, let acknowledged, 2)) = error else {
        Issue.record("expected replicasMissing, got \(error)")
        return
      }
      #expect(acknowledged <= 1)
    }
    #expect(
      try index.storedRecordByHand(id: "1")?.current.text == "刘亦菲",
      "the record's value waits for its new members' acknowledgement")
    #expect(try lease() == nil, "released after the failure")
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: RedisError.self) {
      try client.waitForReplicas(2, timeout: .milliseconds(300), marker: namespace.acknowledgementKey)
    }
    #expect(clock.now - start < .seconds(2), "each primary waits 0.3 s, all at once")
  }

  private func sleep(_ duration: Duration) throws {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(milliseconds))
  }
}

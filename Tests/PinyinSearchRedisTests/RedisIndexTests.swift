import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import RedisCluster
import Testing

@testable import PinyinSearchRedis

/// A `RedisIndex` on a real Redis Cluster (never a mock): the scan's answers under every option,
/// updates during searches, retried half-done writes, and the errors of a missing namespace, a
/// foreign key and an unreachable node.
///
/// Runs when `PINYIN_SEARCH_REDIS_CLUSTER` names the cluster's nodes (`.ci/run` starts one):
///
///     Scripts/redis-cluster.sh start /tmp/rc
///     PINYIN_SEARCH_REDIS_CLUSTER=$(cat /tmp/rc/addresses) swift test --filter RedisIndexTests
@Suite(.enabled(if: RedisTestCluster.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisIndexTests {
  /// A client of the test cluster.
  static func client() throws -> RedisClusterClient {
    try RedisTestCluster.client()
  }

  /// The sixteen combinations of options and random fuzzy rules, 40 records each (100 in CI:
  /// with every option on, each writes hundreds of members), random small key lengths: every
  /// answer the scan's; then every record removed, leaving no set behind.
  @Test(arguments: 0..<18)
  func searchesGiveTheScansResults(round: Int) throws {
    var random = SplitMix64(seed: 2_600 + UInt64(round))
    let options =
      round < 16
      ? SearchOptions(
        mixed: round & 1 != 0, fuzzy: round & 2 != 0 ? .all : [], traditional: round & 4 != 0, keypad: round & 8 != 0)
      : RandomText.options(using: &random)
    let records = RandomText.records(count: TestScale.rounds(quick: 40, full: 100), using: &random)
    let scan = LinearScanEngine(records, options: options)
    let configuration = IndexConfiguration(
      maxKeyLength: Int.random(in: 4...16, using: &random), maxMixedKeyLength: Int.random(in: 1...5, using: &random),
      maxFuzzyKeyLength: Int.random(in: 1...9, using: &random))
    let namespace = try RedisTestCluster.freshNamespace()
    let client = try Self.client()
    let index = try RedisIndex(creating: namespace, client: client, options: options, configuration: configuration)
    let summary = try index.put(records)
    #expect(summary.added == Set(records.map(\.id)).count)
    for number in 0..<TestScale.rounds(10) {
      let text = records.randomElement(using: &random)!.text
      let query = RandomText.query(for: text, options: options, using: &random)
      let (limit, offset) = number.isMultiple(of: 5) ? (30, 3) : (10, 0)
      let got = try index.search(query, limit: limit, offset: offset)
      #expect(got == scan.search(query, limit: limit, offset: offset), "\(options), query \(query.debugDescription)")
    }
    #expect(try index.remove(ids: records.map(\.id)) == Set(records.map(\.id)).count)
    #expect(try client.scanKeys(matching: Array("\(namespace.name):[dpr]:*".utf8), pageSize: 1_000).isEmpty)
  }

  /// Several batches in one call, written two at a time, with ids that repeat across batches:
  /// the last record of each id is the one stored, and every answer is the scan's of those.
  /// More records than a batch holds (1,000), with short texts (six units at most), so that
  /// they write few members.
  @Test func aLargePutKeepsTheLastRecordOfEachID() throws {
    var random = SplitMix64(seed: 47)
    let firsts = RandomText.records(count: 1_100, using: &random).enumerated().map {
      Record(id: "\($0.offset)", text: String($0.element.text.prefix(6)))
    }
    let seconds = stride(from: 0, to: firsts.count, by: 7).map {
      Record(id: firsts[$0].id, text: String(RandomText.text(using: &random).prefix(6)), rank: 3)
    }
    let namespace = try RedisTestCluster.freshNamespace()
    let index = try RedisIndex(creating: namespace, client: try Self.client())
    let summary = try index.put(firsts + seconds)
    #expect(summary == SynchronizationSummary(added: firsts.count))
    var latest = firsts
    for record in seconds { latest[Int(record.id)!] = record }
    let scan = LinearScanEngine(latest)
    for _ in 0..<TestScale.rounds(20) {
      let query = RandomText.query(for: latest.randomElement(using: &random)!.text, using: &random)
      #expect(try index.search(query, limit: 20) == scan.search(query, limit: 20), "\(query.debugDescription)")
    }
    #expect(try index.put(latest).unchanged == latest.count)
    #expect(try index.remove(ids: latest.map(\.id)) == latest.count)
  }

  /// Records replaced and removed while another thread searches: every answer lists each record
  /// once, as one of its versions matches; once the writes end, the scan's answers.
  @Test func updatesDuringSearchesNeverGiveAWrongAnswer() throws {
    var random = SplitMix64(seed: 31)
    let records = RandomText.records(count: 200, using: &random)
    let namespace = try RedisTestCluster.freshNamespace()
    let index = try RedisIndex(creating: namespace, client: try Self.client())
    try index.put(records)
    let queries = (0..<40).map { _ in RandomText.query(for: records.randomElement(using: &random)!.text, using: &random)
    }
    var versions = Dictionary(uniqueKeysWithValues: records.map { ($0.id, [$0.text]) })
    var changed = records
    for step in 0..<120 {
      let number = Int.random(in: 0..<changed.count, using: &random)
      changed[number].text =
        step.isMultiple(of: 3) ? records.randomElement(using: &random)!.text : RandomText.text(using: &random)
      versions[changed[number].id, default: []].append(changed[number].text)
    }
    let writes = changed
    let reader = try Self.client()
    let readerIndex = try RedisIndex(opening: namespace, client: reader)
    let done = ManagedFlag()
    let writer = Thread {
      for record in writes { _ = try? index.put([record]) }
      _ = try? index.remove(ids: writes.prefix(20).map(\.id))
      done.set()
    }
    writer.start()
    var searched = 0
    while !done.isSet || searched < 20 {
      let query = queries[searched % queries.count]
      let results = try readerIndex.search(query, limit: 50)
      #expect(Set(results.map(\.id)).count == results.count, "a record twice for \(query.debugDescription)")
      for result in results {
        let single = (versions[result.id] ?? []).flatMap {
          LinearScanEngine([Record(id: result.id, text: $0)]).search(query, limit: 1)
        }
        #expect(
          single.contains { $0.text == result.text && $0.range == result.range && $0.kind == result.kind }, "\(result)")
      }
      searched += 1
    }
    writer.join()
    let scan = LinearScanEngine(writes.dropFirst(20))
    for query in queries { #expect(try readerIndex.search(query, limit: 50) == scan.search(query, limit: 50)) }
  }

  /// A write that stopped after noting the old version and adding the new members, before
  /// removing the old ones: searches meanwhile see the record as it was or as it becomes, never
  /// twice, and doing the write again finishes it.
  @Test func aHalfDoneWriteIsFinishedByRetrying() throws {
    let namespace = try RedisTestCluster.freshNamespace()
    let client = try Self.client()
    let index = try RedisIndex(creating: namespace, client: client)
    let old = Record(id: "1", text: "刘亦菲")
    let new = Record(id: "1", text: "张三")
    try index.put([old, Record(id: "2", text: "李四")])
    // The first steps of put([new]), done by hand.
    try index.addByHand(index.layout.entries(of: new))
    let note = StoredRecord(current: .init(text: new.text, rank: 0), pending: [.init(text: old.text, rank: 0)])
    try index.setRecordByHand(id: "1", note.bytes)
    #expect(try index.search("lyf").map(\.text) == ["刘亦菲"], "the old members hold the version as it was")
    #expect(try index.search("zs").map(\.text) == ["张三"])
    #expect(try index.search("1", limit: 5).isEmpty)
    #expect(try index.put([new]).replaced == 1)
    #expect(try index.search("lyf").isEmpty)
    #expect(try index.membersByHand(ofKey: "lyf").isEmpty)
    #expect(try index.storedRecordByHand(id: "1")?.pending == [])
    #expect(try index.put([new]).unchanged == 1)
  }

  @Test func aNamespaceThatDoesNotExistIsAnError() throws {
    let namespace = try RedisTestCluster.freshNamespace()
    #expect(throws: RedisIndexError.namespaceNotFound(namespace: namespace.name)) {
      try RedisIndex(opening: namespace, client: try Self.client())
    }
  }

  /// A namespace of layout version 3 (no long units' sets): refused, naming both versions.
  @Test func aNamespaceOfAnEarlierLayoutIsRefused() throws {
    let namespace = try RedisTestCluster.freshNamespace()
    let client = try Self.client()
    let current = IndexDescription(options: .default, configuration: RedisIndex.defaultConfiguration).bytes
    let earlier = String(decoding: current, as: UTF8.self).replacing("index 4\n", with: "index 3\n")
    _ = try RedisIndex.execute([[Array("SET".utf8), namespace.metaKey, Array(earlier.utf8)]], client: client)
    let expected = RedisIndexError.incompatibleIndex(
      namespace: namespace.name, expected: "layout version 4 (write the index again)", found: "layout version 3")
    #expect(throws: expected) { try RedisIndex(opening: namespace, client: client) }
    #expect(throws: expected) { try RedisIndex(creating: namespace, client: client) }
    #expect(
      expected.description.contains("layout version 3") && expected.description.contains("write the index again"))
  }

  @Test func anIndexOfOtherOptionsIsRefused() throws {
    let namespace = try RedisTestCluster.freshNamespace()
    _ = try RedisIndex(creating: namespace, client: try Self.client(), options: SearchOptions(mixed: true))
    #expect(throws: RedisIndexError.self) {
      try RedisIndex(creating: namespace, client: try Self.client(), options: .default)
    }
    #expect(try RedisIndex(opening: namespace, client: try Self.client()).options == SearchOptions(mixed: true))
  }

  /// Keys another program wrote in the namespace: a clear error naming the key, not a wrong answer.
  @Test func keysOfAnotherProgramAreErrors() throws {
    let namespace = try RedisTestCluster.freshNamespace()
    let client = try Self.client()
    let index = try RedisIndex(creating: namespace, client: client)
    try index.put([Record(id: "1", text: "刘亦菲")])
    let memberOf9 = try #require(
      SortedSetIndex().entries(of: Record(id: "9", text: "王伟")).first { $0.key == Array("ww".utf8) }?.member)
    _ = try RedisIndex.execute(
      [
        [
          Array("SET".utf8), namespace.chunkBase(shard: PostingShards.shard(ofKey: Array("zs".utf8))),
          Array("a string".utf8),
        ]
      ],
      client: client)
    try index.addByHand([
      SortedSetEntry(key: Array("ls".utf8), member: Array("junk".utf8)),
      SortedSetEntry(key: Array("ww".utf8), member: memberOf9),
    ])
    try index.setRecordByHand(id: "9", Array("junk".utf8))
    func detail(_ query: String) -> String? {
      do {
        _ = try index.search(query)
        return nil
      } catch {
        guard case .foreignKey(let key, _) = error else { return "\(error)" }
        return key
      }
    }
    #expect(detail("zs") == index.printableShard(ofKey: "zs"))
    #expect(detail("ls") == index.printableShard(ofKey: "ls"))
    #expect(detail("lyf") == nil)
    // A search reads no record key (members hold the records); a write reads the record's.
    #expect(try index.search("ww").map(\.id) == ["9"])
    do {
      try index.put([Record(id: "9", text: "王伟")])
      Issue.record("a record key of another program was overwritten")
    } catch {
      guard case .foreignKey(let key, _) = error else { throw error }
      #expect(key == RedisIndexError.printable(namespace.recordHashKey(id: "9".utf8)))
    }
    _ = try RedisIndex.execute([[Array("SET".utf8), namespace.metaKey, Array("not ours".utf8)]], client: client)
    #expect(throws: RedisIndexError.self) { try RedisIndex(opening: namespace, client: client) }
  }

  /// A cluster that cannot be reached: an error within the connect timeout, not a hang. The
  /// connection is refused at once, so the call takes milliseconds; the bound only tells a hang
  /// (or retries without end) from a slow machine, and a loaded one cannot reach it.
  @Test func anUnreachableClusterIsAnErrorWithinTheTimeout() throws {
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: (any Error).self) {
      let client = try RedisClusterClient(seeds: "127.0.0.1:1")
      _ = try RedisIndex(opening: try RedisNamespace("x"), client: client)
    }
    #expect(clock.now - start < .seconds(60))
  }
}

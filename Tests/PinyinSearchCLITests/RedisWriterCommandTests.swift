import Dispatch
import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import RedisCluster
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `index --redis` writer per namespace and writes acknowledged by replicas, against a real
/// cluster (review of 2026-12-04, D5): of two concurrent runs the second fails naming the first
/// and the namespace answers as one of the files; a killed run's lease expires and the next run
/// repairs; `--redis-replicas` more than the cluster has is an error.
@Suite(
  .enabled(if: RedisTestEnvironment.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisWriterCommandTests {
  let directory: TemporaryDirectory
  let namespace = "writer-\(UInt64.random(in: 0 ... .max))"

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// `--redis`, the namespace and the test cluster's options.
  func redis() throws -> [String] {
    ["--redis", try #require(RedisTestEnvironment.addresses), "--namespace", namespace]
      + RedisTestEnvironment.commandLineOptions
  }

  /// A TSV file of `count` sample contacts from `seed`, with the ids `c0`, `c1`, … (so that two
  /// files share ids, with other texts).
  func data(_ name: String, count: Int, seed: UInt64) throws -> String {
    let lines = SampleContacts.records(count: count, seed: seed).enumerated().map {
      "c\($0.offset)\t\($0.element.text)\n"
    }
    return try directory.write(lines.joined(), to: name)
  }

  /// Whether `batch` answers the same from the namespace as from `file` for sample queries.
  func namespaceAnswersAs(_ file: String) throws -> Bool {
    let queries =
      ["l", "lyf", "zhang", "wang", "li", "chen", "x", "zs", "w", "yang", "liu", "zh", "huang", "13"]
      .joined(separator: "\n") + "\n"
    let expected = try ToolProcess.run(["batch", "--data", file, "--limit", "50"], input: queries)
    let found = try ToolProcess.run(["batch", "--limit", "50"] + redis(), input: queries)
    return expected.status == 0 && expected == found
  }

  @Test func ofTwoConcurrentWritersTheSecondFailsNamingTheFirst() throws {
    let files = [try data("a.tsv", count: 6_000, seed: 1), try data("b.tsv", count: 6_000, seed: 2)]
    let outputs = Locked([ToolOutput?](repeating: nil, count: 2))
    let redis = try redis()
    DispatchQueue.concurrentPerform(iterations: 2) { number in
      let output = try? ToolProcess.run(["index", "--data", files[number]] + redis)
      outputs.withLock { $0[number] = output }
    }
    let results = try outputs.withLock { $0 }.map { try #require($0) }
    let succeeded = results.indices.filter { results[$0].status == 0 }
    #expect(!succeeded.isEmpty, "\(results)")
    for failed in results where failed.status != 0 {
      #expect(failed.status == 1, "\(failed)")
      #expect(
        failed.standardError.hasPrefix(
          "pinyin-search: redis: namespace '\(namespace)' is being written by pinyin-search index on "),
        "\(failed)")
      #expect(failed.standardError.hasSuffix(" (wait for it with --redis-lease-wait SECONDS)\n"), "\(failed)")
    }
    // Both succeed only when the runs did not overlap: the namespace is then the last one's.
    #expect(try succeeded.contains { try namespaceAnswersAs(files[$0]) }, "\(results)")
  }

  @Test func aKilledWritersLeaseExpiresAndTheNextRunRepairs() throws {
    let old = try data("old.tsv", count: 3_000, seed: 3)
    #expect(try ToolProcess.run(["index", "--data", old] + redis()).status == 0)
    let new = try data("new.tsv", count: 10_000, seed: 4)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let process = try ToolProcess.spawn(["index", "--data", new] + redis(), actions: &actions)
    let client = try RedisTestEnvironment.client()
    let lease = RedisCommand(["GET", "\(namespace):lease"], keyAt: 1)
    while case .bulkString(nil) = try client.send(lease) {
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(5))
    }
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(1_500))
    kill(process, SIGKILL)
    #expect(try ToolProcess.wait(for: process) == 128 + SIGKILL)
    let busy = try ToolProcess.run(["index", "--data", new] + redis())
    #expect(busy.status == 1 && busy.standardError.contains("is being written by pinyin-search index on "), "\(busy)")
    // Success means the killed run's lease (15 s) ended within the 30 s waited for it.
    let repaired = try ToolProcess.run(["index", "--data", new, "--redis-lease-wait", "30"] + redis())
    #expect(repaired.status == 0, "\(repaired)")
    #expect(try namespaceAnswersAs(new))
  }

  @Test func moreReplicasThanTheClusterHasIsAnError() throws {
    let file = try data("one.tsv", count: 10, seed: 5)
    let output = try ToolProcess.run(["index", "--data", file, "--redis-replicas", "2"] + redis())
    #expect(output.status == 1, "\(output)")
    #expect(output.standardError.contains(" of the 2 replicas asked for acknowledged the writes to "), "\(output)")
    #expect(output.standardError.hasSuffix(" (--redis-replicas 0 for a cluster without replicas)\n"), "\(output)")
    #expect(try ToolProcess.run(["index", "--data", file, "--redis-replicas", "1"] + redis()).status == 0)
    #expect(try ToolProcess.run(["index", "--data", file, "--redis-replicas", "0"] + redis()).status == 0)
  }

  @Test(arguments: [["--redis-replicas", "x"], ["--redis-replicas", "17"], ["--redis-lease-wait", "-1"]])
  func invalidWriteFlagsAreUsageErrors(flag: [String]) throws {
    let file = try data("one.tsv", count: 1, seed: 6)
    #expect(try ToolProcess.run(["index", "--data", file] + flag + redis()).status == 2)
    #expect(try ToolProcess.run(["index", "--data", file, "--out", directory.adopt("s")] + flag).status == 2)
  }
}

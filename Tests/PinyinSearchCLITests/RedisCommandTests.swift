import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `index --redis`, then `search`, `batch` and their errors against a real Redis Cluster, named
/// by `PINYIN_SEARCH_REDIS_CLUSTER` (`.ci/run` starts one with Scripts/redis-cluster.sh).
@Suite(
  .enabled(if: RedisTestEnvironment.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisCommandTests {

  let directory: TemporaryDirectory
  let namespace = "cli-\(UInt64.random(in: 0 ... .max))"

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func indexesSynchronizesAndAnswers() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    let people = try directory.write("c17\t刘亦菲\nc2\t西安\nc9\t先\n", to: "people.tsv")
    let first = try ToolProcess.run(
      ["index", "--data", people, "--redis", cluster, "--namespace", namespace]
        + RedisTestEnvironment.commandLineOptions)
    #expect(
      first.status == 0 && first.standardOutput.contains(": 3 added, 0 replaced, 0 removed, 0 unchanged\n"), "\(first)")
    #expect(
      try ToolProcess.run(
        ["search", "xian", "--redis", cluster, "--namespace", namespace] + RedisTestEnvironment.commandLineOptions)
        == ToolOutput(status: 0, standardOutput: "fullPinyin  c9  [先]\nfullPinyin  c2  [西安]\n", standardError: ""))
    let changed = try directory.write("c17\t刘亦菲\nc2\t西安市\n", to: "people.tsv")
    let second = try ToolProcess.run(
      ["index", "--data", changed, "--redis", cluster, "--namespace", namespace]
        + RedisTestEnvironment.commandLineOptions)
    #expect(second.standardOutput.contains(": 0 added, 1 replaced, 1 removed, 1 unchanged\n"), "\(second)")
    #expect(
      try ToolProcess.run(
        ["batch", "--redis", cluster, "--namespace", namespace] + RedisTestEnvironment.commandLineOptions,
        input: "xian\nlyf\n")
        == ToolOutput(
          status: 0,
          standardOutput:
            #"{"query": "xian", "results": [{"id": "c2", "text": "西安市", "kind": "fullPinyin", "fuzzy": false, "#
            + #""start": 0, "end": 2, "utf16Start": 0, "utf16End": 2}]}"# + "\n"
            + #"{"query": "lyf", "results": [{"id": "c17", "text": "刘亦菲", "kind": "initials", "fuzzy": false, "#
            + #""start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}]}"# + "\n",
          standardError: ""))
  }

  @Test func reportsAMissingNamespaceAndOtherOptions() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    #expect(
      try ToolProcess.run(
        ["search", "x", "--redis", cluster, "--namespace", namespace] + RedisTestEnvironment.commandLineOptions)
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError:
            "pinyin-search: redis: no index in namespace '\(namespace)' (its key '\(namespace):meta' does not exist); "
            + "create it with 'pinyin-search index --data FILE --redis ADDRESSES --namespace \(namespace)'\n"))
    let people = try directory.write("1\t张三\n", to: "people.tsv")
    _ = try ToolProcess.run(
      ["index", "--data", people, "--redis", cluster, "--namespace", namespace]
        + RedisTestEnvironment.commandLineOptions)
    #expect(
      try ToolProcess.run(
        ["search", "zs", "--mixed", "--redis", cluster, "--namespace", namespace]
          + RedisTestEnvironment.commandLineOptions)
        == ToolOutput(
          status: 1, standardOutput: "",
          standardError: "pinyin-search: redis: the index in namespace '\(namespace)' was written for search options "
            + "none, not mixed; search it without search options, or write it again for them (index --redis, into a "
            + "new namespace)\n"))
    let rebuilt = try ToolProcess.run(
      ["index", "--mixed", "--data", people, "--redis", cluster, "--namespace", namespace]
        + RedisTestEnvironment.commandLineOptions)
    #expect(
      rebuilt.status == 1 && rebuilt.standardError.contains("was written for options 'none'"),
      "an index of other options is not overwritten: \(rebuilt)")
  }

  /// The flags choose a subset of the options the index was written with, per search; none
  /// given, all of them.
  @Test func searchesWithTheSubsetOfTheIndexsOptionsAskedFor() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    let people = try directory.write("c17\t刘亦菲\nc20\t刘德华\n", to: "people.tsv")
    let indexed = try ToolProcess.run(
      [
        "index", "--data", people, "--mixed", "--keypad", "--redis", cluster, "--namespace", namespace,
      ] + RedisTestEnvironment.commandLineOptions)
    #expect(indexed.status == 0, "\(indexed)")
    func search(_ query: String, _ flags: [String]) throws -> ToolOutput {
      try ToolProcess.run(
        ["search", query, "--redis", cluster, "--namespace", namespace] + flags
          + RedisTestEnvironment.commandLineOptions)
    }
    let mixed = ToolOutput(status: 0, standardOutput: "mixed       c20  [刘德华]\n", standardError: "")
    let keypad = ToolOutput(status: 0, standardOutput: "keypad      c17  [刘亦菲]\n", standardError: "")
    let nothing = ToolOutput(status: 0, standardOutput: "", standardError: "")
    #expect(try search("刘dh", []) == mixed)
    #expect(try search("593", []) == keypad)
    #expect(try search("刘dh", ["--mixed"]) == mixed)
    #expect(try search("593", ["--mixed"]) == nothing)
    #expect(try search("刘dh", ["--keypad"]) == nothing)
    #expect(try search("刘dh", ["--no-options"]) == nothing)
    #expect(
      try ToolProcess.run(
        ["batch", "--redis", cluster, "--namespace", namespace, "--keypad"] + RedisTestEnvironment.commandLineOptions,
        input: "593\n刘dh\n"
      )
      .standardOutput
        == #"{"query": "593", "results": [{"id": "c17", "text": "刘亦菲", "kind": "keypad", "fuzzy": false, "#
        + #""start": 0, "end": 3, "utf16Start": 0, "utf16End": 3}]}"# + "\n" + #"{"query": "刘dh", "results": []}"#
        + "\n")
    let refused = try search("刘dh", ["--mixed", "--traditional"])
    #expect(
      refused.status == 1
        && refused.standardError.hasSuffix(
          "was written for search options mixed, keypad, not traditional; search it with --mixed --keypad or fewer "
            + "(--no-options: none), or write it again for them (index --redis, into a new namespace)\n"),
      "\(refused)")
  }

  @Test func reportsAnUnreachableClusterWithStatus1() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let output = try ToolProcess.run(["search", "x", "--redis", "127.0.0.1:1"])
    #expect(output.status == 1)
    #expect(output.standardError.hasPrefix("pinyin-search: redis: "), "\(output)")
    // The connection is refused at once: the bound only tells a hang from a loaded machine.
    #expect(clock.now - start < .seconds(60))
    #expect(
      try ToolProcess.run(["search", "x", "--redis", "nonsense"]).standardError.hasPrefix("pinyin-search: redis: "))
  }

  @Test func refusesOptionsTheClusterReplaces() throws {
    for (arguments, option) in [
      (["search", "x", "--redis", "127.0.0.1:1", "--data", "f.tsv"], "--data"),
      (["batch", "--redis", "127.0.0.1:1", "--engine", "hash"], "--engine"),
      (["search", "x", "--namespace", "a"], "--namespace"),
      (["index", "--data", "f.tsv", "--redis", "127.0.0.1:1", "--out", "x"], "--out"),
    ] {
      let output = try ToolProcess.run(arguments)
      #expect(output.status == 2 && output.standardError.contains("'\(option)'"), "\(arguments): \(output)")
    }
  }
}

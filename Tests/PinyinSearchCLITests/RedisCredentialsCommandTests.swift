import PinyinSearchTestSupport
import Testing

/// Credentials against a real cluster (ACL users made on every node for the test): a wrong
/// password is one line, status 1, within seconds, and the password is never printed; the
/// password comes from a file or the environment; the README's read-only user searches and
/// cannot write (review of 2026-12-04, D4). Runs against the plain cluster and, in `.ci/run`,
/// the TLS-only one too.
@Suite(
  .enabled(if: RedisTestEnvironment.addresses != nil, "set PINYIN_SEARCH_REDIS_CLUSTER (Scripts/redis-cluster.sh)"))
struct RedisCredentialsCommandTests {
  let directory: TemporaryDirectory
  let namespace = "cred-\(UInt64.random(in: 0 ... .max))"
  let user = "cli-user-\(UInt64.random(in: 0 ... .max))"
  let password = "pw-\(UInt64.random(in: 0 ... .max))-secret"

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// `--redis` and the test cluster's TLS options, without its user.
  func redis(_ cluster: String) -> [String] {
    ["--redis", cluster, "--namespace", namespace] + RedisTestEnvironment.tlsOptions
  }

  @Test func aWrongPasswordIsOneLineAndStatus1WithinSecondsAndNeverShown() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    try RedisTestEnvironment.setUser(user, rules: ["on", ">\(password)", "~*", "+@all"])
    defer { try? RedisTestEnvironment.deleteUser(user) }
    let wrong = "not-\(password)"
    let file = try directory.write(wrong + "\n", to: "password")
    for (options, variables) in [
      (["--redis-user", user, "--redis-password-file", file], [String]()),
      (["--redis-user", user], ["PINYIN_SEARCH_REDIS_PASSWORD=\(wrong)"]),
    ] {
      let clock = ContinuousClock()
      let start = clock.now
      let output = try ToolProcess.run(["search", "x"] + redis(cluster) + options, variables: variables)
      #expect(clock.now - start < .seconds(5))
      #expect(output.status == 1 && output.standardOutput.isEmpty, "\(output)")
      #expect(output.standardError.hasPrefix("pinyin-search: redis: authentication to "), "\(output)")
      #expect(output.standardError.contains("WRONGPASS"), "\(output)")
      #expect(output.standardError.split(separator: "\n").count == 1, "one line: \(output)")
      #expect(!output.standardError.contains(password) && !output.standardError.contains(wrong), "\(output)")
    }
  }

  @Test func thePasswordComesFromAFileOrTheEnvironment() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    try RedisTestEnvironment.setUser(user, rules: ["on", ">\(password)", "~*", "+@all"])
    defer { try? RedisTestEnvironment.deleteUser(user) }
    let data = try directory.write("1\t刘亦菲\n", to: "people.tsv")
    let file = try directory.write(password + "\r\n", to: "password")
    let indexed = try ToolProcess.run(
      ["index", "--data", data] + redis(cluster) + ["--redis-user", user, "--redis-password-file", file])
    #expect(indexed.status == 0, "\(indexed)")
    let found = try ToolProcess.run(
      ["search", "lyf"] + redis(cluster) + ["--redis-user", user],
      variables: ["PINYIN_SEARCH_REDIS_PASSWORD=\(password)"])
    #expect(found == ToolOutput(status: 0, standardOutput: "initials    1  [刘亦菲]\n", standardError: ""))
    let none = try ToolProcess.run(["search", "lyf"] + redis(cluster) + ["--redis-user", user])
    #expect(none.status == 2 && none.standardError.contains("expected a password too"), "no password: \(none)")
    #expect(try ToolProcess.run(["search", "lyf", "--redis-password", password]).status == 2, "not an option")
  }

  /// The README's ACL rules for a searching user: read-only commands on the namespace's keys.
  @Test func theReadmesSearchingUserSearchesAndCannotWrite() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    let data = try directory.write("1\t刘亦菲\n2\t张三\n", to: "people.tsv")
    let indexed = try ToolProcess.run(
      ["index", "--data", data, "--redis", cluster, "--namespace", namespace] + RedisTestEnvironment.commandLineOptions)
    #expect(indexed.status == 0, "\(indexed)")
    try RedisTestEnvironment.setUser(
      user,
      rules: ["on", ">\(password)", "resetkeys", "~\(namespace):*", "resetchannels", "-@all"]
        + Self.searchingCommands)
    defer { try? RedisTestEnvironment.deleteUser(user) }
    let searcher = ["--redis-user", user]
    let variables = ["PINYIN_SEARCH_REDIS_PASSWORD=\(password)"]
    let found = try ToolProcess.run(["search", "zs"] + redis(cluster) + searcher, variables: variables)
    #expect(found == ToolOutput(status: 0, standardOutput: "initials    2  [张三]\n", standardError: ""))
    let refused = try ToolProcess.run(["index", "--data", data] + redis(cluster) + searcher, variables: variables)
    #expect(refused.status == 1 && refused.standardError.contains("NOPERM"), "\(refused)")
    let elsewhere = try ToolProcess.run(
      ["search", "zs", "--redis", cluster, "--namespace", "other-\(namespace)"] + RedisTestEnvironment.tlsOptions
        + searcher, variables: variables)
    #expect(elsewhere.status == 1 && elsewhere.standardError.contains("NOPERM"), "\(elsewhere)")
  }

  /// The commands a searching user needs (README, "Redis Cluster": the ACL example).
  static let searchingCommands = ["+cluster|slots", "+get", "+fcall_ro", "+zrange", "+zlexcount", "+hget"]

  /// The README's ACL rules for the writing user: the commands `index` sends, on the
  /// namespace's keys only.
  @Test func theReadmesWritingUserIndexes() throws {
    let cluster = try #require(RedisTestEnvironment.addresses)
    let data = try directory.write("1\t刘亦菲\n2\t张三\n", to: "people.tsv")
    try RedisTestEnvironment.setUser(
      user,
      rules: ["on", ">\(password)", "resetkeys", "~\(namespace):*", "resetchannels", "-@all"] + Self.writingCommands)
    defer { try? RedisTestEnvironment.deleteUser(user) }
    let writer = ["--redis-user", user]
    let variables = ["PINYIN_SEARCH_REDIS_PASSWORD=\(password)"]
    for file in [data, try directory.write("2\t张三\n", to: "fewer.tsv")] {
      let indexed = try ToolProcess.run(["index", "--data", file] + redis(cluster) + writer, variables: variables)
      #expect(indexed.status == 0, "\(indexed)")
    }
    let found = try ToolProcess.run(["search", "zs"] + redis(cluster) + writer, variables: variables)
    #expect(found == ToolOutput(status: 0, standardOutput: "initials    2  [张三]\n", standardError: ""))
  }

  /// The commands the writing user needs (README, "Redis Cluster": the ACL example).
  static let writingCommands = [
    "+cluster|slots", "+get", "+set", "+del", "+function|load", "+fcall", "+fcall_ro", "+zadd", "+zrem", "+zrange",
    "+zcard", "+zscore", "+zlexcount", "+zremrangebyrank", "+rename", "+hget", "+hset", "+hdel", "+hgetall", "+pttl",
    "+eval", "+pexpire", "+wait",
  ]

  @Test func credentialsInAnAddressAreRefusedWithoutBeingShown() throws {
    let output = try ToolProcess.run(["search", "x", "--redis", "default:s3cret-pw@127.0.0.1:1"])
    #expect(output.status == 1 && !output.standardError.contains("s3cret"), "\(output)")
    #expect(output.standardError == "pinyin-search: redis: invalid node address '…@127.0.0.1:1' (expected host:port)\n")
  }
}

/// Nodes that trickle, flood or go silent (`HostileNode`): the tool ends with status 1 and a
/// one-line error within its time limit, its memory unharmed (review of 2026-12-04, D1–D3).
@Suite struct RedisHostileNodeCommandTests {
  @Test func aTricklingNodeIsAnErrorWithinTheTimeLimit() async throws {
    try await withBlockingWaits {
      let node = try HostileNode { _ in .trickle(Array("*16777216\r\n".utf8), unit: Array(":1\r\n".utf8)) }
      let clock = ContinuousClock()
      let start = clock.now
      let output = try ToolProcess.run(["search", "lyf", "--redis", node.address, "--redis-timeout", "2"])
      #expect(clock.now - start < .seconds(4), "took \(clock.now - start)")
      #expect(
        output
          == ToolOutput(
            status: 1, standardOutput: "",
            standardError:
              "pinyin-search: redis: no reachable seed node: timed out waiting for a reply from \(node.address)\n"))
    }
  }

  @Test func aFloodingNodeIsRefusedAtOnce() async throws {
    try await withBlockingWaits {
      let node = try HostileNode { _ in
        .flood(Array("*16\r\n$536870000\r\n".utf8), unit: [UInt8](repeating: UInt8(ascii: "x"), count: 65_536))
      }
      let clock = ContinuousClock()
      let start = clock.now
      let output = try ToolProcess.run(["search", "lyf", "--redis", node.address])
      #expect(clock.now - start < .seconds(3))
      #expect(
        output
          == ToolOutput(
            status: 1, standardOutput: "",
            standardError:
              "pinyin-search: redis: no reachable seed node: protocol error from \(node.address) at byte 5: a reply of more "
              + "than 67108864 bytes (the client's limit per reply)\n"))
    }
  }

  /// A node that gives a slot map and then never answers: `batch` ends at the first query with
  /// the time limit's error.
  @Test func aNodeThatStopsAnsweringEndsABatchWithinTheTimeLimit() async throws {
    try await withBlockingWaits {
      let port = PortBox()
      let node = try HostileNode { request in
        HostileNode.asksForSlots(request)
          ? .reply(Array("*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n$9\r\n127.0.0.1\r\n:\(port.value)\r\n".utf8)) : .silence
      }
      port.value = node.port
      let clock = ContinuousClock()
      let start = clock.now
      let output = try ToolProcess.run(
        ["batch", "--redis", node.address, "--redis-timeout", "1.5"], input: Array("lyf\nzs\n".utf8))
      let elapsed = clock.now - start
      #expect(elapsed < .seconds(3), "took \(elapsed)")
      #expect(output.status == 1, "\(output)")
      #expect(output.standardError.contains("no answer within the time limit of 1.5 seconds"), "\(output)")
    }
  }

  @Test(arguments: ["0", "0.05", "3601", "x", "1.", ".5", "-1", "1e3"])
  func aTimeOutOfRangeIsAUsageError(_ value: String) throws {
    let output = try ToolProcess.run(["search", "x", "--redis", "127.0.0.1:1", "--redis-timeout", value])
    #expect(output.status == 2 && output.standardError.contains("expected seconds from 0.1 to 3600"), "\(output)")
  }

  @Test func aCertificateWithoutItsKeyIsAUsageError() throws {
    let output = try ToolProcess.run(["search", "x", "--redis", "127.0.0.1:1", "--redis-cert", "c.pem"])
    #expect(output.status == 2 && output.standardError.contains("'--redis-key FILE' with it"), "\(output)")
  }

  @Test func connectionOptionsNeedRedis() throws {
    for option in [["--redis-tls"], ["--redis-user", "u"], ["--redis-timeout", "3"]] {
      let output = try ToolProcess.run(["search", "x"] + option)
      #expect(output.status == 2 && output.standardError.contains("needs '--redis HOST:PORT'"), "\(output)")
    }
  }
}

/// A port that a hostile node's behaviour reads once the node has one.
final class PortBox: @unchecked Sendable {
  var value: UInt16 = 0
}

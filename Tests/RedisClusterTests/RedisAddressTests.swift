import Testing

@testable import RedisCluster

@Suite struct RedisAddressTests {
  static let valid: [(text: String, host: String, port: UInt16)] = [
    ("127.0.0.1:7000", "127.0.0.1", 7000),
    ("localhost:6379", "localhost", 6379),
    ("[::1]:7001", "::1", 7001),
    ("::1:7001", "::1", 7001),
    ("[fe80::1%eth0]:65535", "fe80::1%eth0", 65_535),
  ]

  @Test(arguments: valid)
  func parsesHostAndPort(_ text: String, _ host: String, _ port: UInt16) throws {
    #expect(try RedisAddress(parsing: text) == RedisAddress(host: host, port: port))
  }

  @Test(arguments: [
    "", "7000", "host", ":7000", "host:", "host:0", "host:65536", "host:70x", "a b:1", "[::1:1", "h:123456",
  ])
  func rejectsInvalidAddressesNamingTheText(_ text: String) {
    #expect(throws: RedisError.invalidAddress(text)) { try RedisAddress(parsing: text) }
  }

  /// Review D4: credentials typed into an address are refused and never repeated.
  @Test(arguments: [
    ("default:s3cret@127.0.0.1:6379", "…@127.0.0.1:6379"), ("redis://:s3cret@host:1", "…@host:1"),
    ("s3cret@", "…@"), ("a@b@c:1", "…@c:1"),
  ])
  func refusesCredentialsInAnAddressWithoutRepeatingThem(_ text: String, _ shown: String) {
    #expect(throws: RedisError.invalidAddress(shown)) { try RedisAddress(parsing: text) }
    #expect(throws: RedisError.invalidAddress(shown)) { try RedisAddress.list(parsing: "127.0.0.1:1," + text) }
  }

  @Test func credentialsAreNeverDescribed() {
    let credentials = RedisCredentials(user: "searcher", password: "s3cret-Pa55")
    let configuration = RedisClusterConfiguration(credentials: credentials)
    for text in [
      "\(credentials)", String(reflecting: credentials), "\(configuration)", String(reflecting: configuration),
      "\(Mirror(reflecting: credentials).children.map { "\($0)" })",
    ] {
      #expect(!text.contains("s3cret"), "\(text)")
    }
    #expect("\(credentials)" == "user 'searcher' with a password")
    #expect("\(RedisCredentials(password: "x"))" == "the default user with a password")
  }

  @Test func parsesACommaSeparatedList() throws {
    #expect(
      try RedisAddress.list(parsing: "127.0.0.1:7000, [::1]:7001")
        == [RedisAddress(host: "127.0.0.1", port: 7000), RedisAddress(host: "::1", port: 7001)]
    )
    #expect(throws: RedisError.invalidAddress("")) { try RedisAddress.list(parsing: "127.0.0.1:7000,") }
  }

  @Test func describesIPv6HostsInBrackets() {
    #expect(RedisAddress(host: "::1", port: 7000).description == "[::1]:7000")
    #expect(RedisAddress(host: "127.0.0.1", port: 7000).description == "127.0.0.1:7000")
  }

  @Test func parsesRedirectionsWithAndWithoutHost() throws {
    let node = RedisAddress(host: "10.0.0.1", port: 7000)
    let moved = try #require(RedisClusterClient.redirection("3999 127.0.0.1:6381", from: node))
    #expect(moved.0.rawValue == 3999 && moved.1 == RedisAddress(host: "127.0.0.1", port: 6381))
    let sameHost = try #require(RedisClusterClient.redirection("12 :6390", from: node))
    #expect(sameHost.1 == RedisAddress(host: "10.0.0.1", port: 6390), "an empty host is the replying node's")
    #expect(RedisClusterClient.redirection("16384 127.0.0.1:1", from: node) == nil)
    #expect(RedisClusterClient.redirection("1", from: node) == nil)
  }
}

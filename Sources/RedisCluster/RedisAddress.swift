/// The host and port of one Redis node.
///
/// The host is an IPv4 or IPv6 address or a name that the system resolves (`getaddrinfo`).
///
///     let node = try RedisAddress(parsing: "127.0.0.1:7000")
///     let seeds = try RedisAddress.list(parsing: "127.0.0.1:7000,[::1]:7001")
public struct RedisAddress: Hashable, Sendable, CustomStringConvertible {
  /// The host: an IP address or a name.
  public let host: String
  /// The TCP port.
  public let port: UInt16

  /// Creates an address from its parts.
  ///
  /// - Parameters:
  ///   - host: An IPv4 or IPv6 address (without brackets) or a host name.
  ///   - port: The TCP port.
  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// Parses `host:port`.
  ///
  /// The port is after the last colon, so an IPv6 address may be written with or without
  /// brackets: `[::1]:7000` or `::1:7000` (the form of Redis's `MOVED` replies).
  ///
  /// - Parameter text: The address, such as `127.0.0.1:7000`.
  /// - Throws: ``RedisError/invalidAddress(_:)`` with the text when there is no host, or the
  ///   port is not a number in `1...65535`; with the text from its last `@` on when it has one
  ///   (credentials have no place in an address, and are not repeated).
  public init(parsing text: String) throws(RedisError) {
    let bytes = Array(text.utf8)
    // `user:password@host:port` is not an address: the credentials go to the configuration,
    // and are left out of the error, which may be printed.
    if let at = bytes.lastIndex(of: UInt8(ascii: "@")) {
      throw .invalidAddress("…" + String(decoding: bytes[at...], as: UTF8.self))
    }
    guard let colon = bytes.lastIndex(of: UInt8(ascii: ":")) else { throw .invalidAddress(text) }
    var host = bytes[..<colon]
    if host.first == UInt8(ascii: "["), host.last == UInt8(ascii: "]") {
      host = host.dropFirst().dropLast()
    }
    let portBytes = bytes[(colon + 1)...]
    guard !host.isEmpty, !host.contains(UInt8(ascii: "[")), !host.contains(UInt8(ascii: "]")),
      !host.contains(UInt8(ascii: ",")), !host.contains(UInt8(ascii: " ")),
      (1...5).contains(portBytes.count),
      portBytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { throw .invalidAddress(text) }
    let port = portBytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    guard (1...65_535).contains(port) else { throw .invalidAddress(text) }
    self.init(host: String(decoding: host, as: UTF8.self), port: UInt16(port))
  }

  /// Parses a comma-separated list of addresses, such as `127.0.0.1:7000,127.0.0.1:7001`.
  ///
  /// Spaces around each address are ignored.
  ///
  /// - Parameter text: The list.
  /// - Returns: The addresses, in order; at least one.
  /// - Throws: ``RedisError/invalidAddress(_:)`` with the first address that does not parse,
  ///   or with the whole text when it names no address.
  public static func list(parsing text: String) throws(RedisError) -> [RedisAddress] {
    var addresses: [RedisAddress] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = part.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()
      addresses.append(try RedisAddress(parsing: String(trimmed)))
    }
    guard !addresses.isEmpty else { throw .invalidAddress(text) }
    return addresses
  }

  /// `host:port`, with the host in brackets when it is an IPv6 address.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}

/// A connection to one node: its socket and the decoder of the replies it sends.
///
/// A connection is used by one thread at a time: the client takes it out of its pool for an
/// exchange and puts it back afterwards (hence `@unchecked Sendable`: ownership moves between
/// threads through the client's lock, it is never shared). After any failure it is broken and
/// is dropped, which closes the socket; the next use of the node connects again.
final class NodeConnection: @unchecked Sendable {
  /// The node.
  let address: RedisAddress
  private let socket: Socket
  private let ioTimeout: Duration
  private var decoder = RESPDecoder()
  private var chunk = [UInt8](repeating: 0, count: 64 << 10)
  /// Whether a failure made the connection unusable.
  private(set) var isBroken = false

  /// Connects to `address`.
  ///
  /// - Throws: ``RedisError/cannotConnect(address:reason:)`` or
  ///   ``RedisError/timedOut(address:operation:)``.
  init(to address: RedisAddress, connectTimeout: Duration, ioTimeout: Duration) throws(RedisError) {
    self.address = address
    self.socket = try Socket.connect(to: address, timeout: connectTimeout)
    self.ioTimeout = ioTimeout
  }

  /// Whether the connection can serve another exchange: not broken, and no reply half read.
  var isReusable: Bool {
    !isBroken && decoder.isAtValueBoundary
  }

  /// Sends encoded commands in one write.
  ///
  /// - Throws: ``RedisError/timedOut(address:operation:)`` or
  ///   ``RedisError/connectionClosed(address:reason:)``; the connection is then broken.
  func write(_ bytes: [UInt8]) throws(RedisError) {
    do {
      try socket.send(bytes, timeout: ioTimeout, address: address)
    } catch {
      isBroken = true
      throw error
    }
  }

  /// Reads the next reply.
  ///
  /// - Throws: ``RedisError/timedOut(address:operation:)``,
  ///   ``RedisError/connectionClosed(address:reason:)`` or
  ///   ``RedisError/protocolError(address:detail:offset:)``; the connection is then broken.
  func readReply() throws(RedisError) -> RESPValue {
    do throws(RedisError) {
      while true {
        do {
          if let value = try decoder.next() { return value }
        } catch {
          throw RedisError.protocolError(address: address, detail: error.detail, offset: error.offset)
        }
        let count = try socket.receive(into: &chunk, timeout: ioTimeout, address: address)
        decoder.append(chunk[..<count])
      }
    } catch {
      isBroken = true
      throw error
    }
  }

  /// Sends the commands in one write, then reads one reply for each, in order.
  ///
  /// - Throws: The first failure; the connection is then broken.
  func exchange(_ commands: [[[UInt8]]]) throws(RedisError) -> [RESPValue] {
    var bytes: [UInt8] = []
    for command in commands {
      RESPValue.appendCommand(command, to: &bytes)
    }
    try write(bytes)
    var replies: [RESPValue] = []
    replies.reserveCapacity(commands.count)
    for _ in commands {
      replies.append(try readReply())
    }
    return replies
  }
}

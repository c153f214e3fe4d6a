/// A connection to one node: its socket (with a TLS session over it when the client speaks
/// TLS) and the decoder of the replies it sends; authenticated (`AUTH`) before any use when the
/// client has credentials.
///
/// A connection is used by one thread at a time: the client takes it out of its pool for an
/// exchange and puts it back afterwards (hence `@unchecked Sendable`: ownership moves between
/// threads through the client's lock, it is never shared). After any failure it is broken and
/// is dropped, which closes the socket; the next use of the node connects again.
///
/// Every wait is bounded by a deadline the caller gives: the whole of a write, and the whole of a
/// reply however its bytes arrive (a node that sends one byte a second fails at the deadline, as
/// a silent one does). A reply is at most `maximumReplyBytes` long (checked as each length is
/// announced, before its bytes are waited for).
final class NodeConnection: @unchecked Sendable {
  /// The node.
  let address: RedisAddress
  private let socket: Socket
  #if canImport(COpenSSL)
    private let tls: TLSSession?
  #endif
  private var decoder: RESPDecoder
  private var chunk = [UInt8](repeating: 0, count: 64 << 10)
  /// Whether a failure made the connection unusable.
  private(set) var isBroken = false
  /// Whether the node has sent any byte on this connection.
  private var hasReceived = false

  /// Connects to `address` by `deadline`: TCP, the TLS handshake when `tls` is given, and
  /// `AUTH` when `credentials` are.
  ///
  /// - Parameters:
  ///   - address: The node.
  ///   - deadline: When to give up connecting.
  ///   - maximumReplyBytes: The most bytes of one reply.
  ///   - tls: The client's TLS context, or nil for plain TCP.
  ///   - credentials: The user and password to authenticate with, or nil.
  /// - Throws: ``RedisError/cannotConnect(address:reason:)``,
  ///   ``RedisError/timedOut(address:operation:)``,
  ///   ``RedisError/tlsHandshakeFailed(address:reason:)``,
  ///   ``RedisError/authenticationFailed(address:reason:)``, or what an exchange throws.
  init(
    to address: RedisAddress, deadline: ContinuousClock.Instant, maximumReplyBytes: Int = .max,
    tls: TLSContext? = nil, credentials: RedisCredentials? = nil
  ) throws(RedisError) {
    self.address = address
    let socket = try Socket.connect(to: address, deadline: deadline)
    #if canImport(COpenSSL)
      self.tls = try tls.map { context throws(RedisError) in
        try TLSSession(over: socket, to: address, context: context, deadline: deadline)
      }
    #else
      if tls != nil { throw .tlsUnavailable }
    #endif
    self.socket = socket
    decoder = RESPDecoder(maximumReplyBytes: maximumReplyBytes)
    if let credentials {
      let reply = try exchange([credentials.authArguments], deadline: deadline)[0]
      if case .error(let line) = reply {
        throw .authenticationFailed(address: address, reason: line)
      }
    }
  }

  /// Whether the connection can serve another exchange: not broken, and no reply half read.
  var isReusable: Bool {
    !isBroken && decoder.isAtValueBoundary
  }

  /// Sends encoded commands, all of them by `deadline`.
  ///
  /// - Throws: ``RedisError/timedOut(address:operation:)`` or
  ///   ``RedisError/connectionClosed(address:reason:)``; the connection is then broken.
  func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(RedisError) {
    do {
      #if canImport(COpenSSL)
        if let tls {
          try tls.send(bytes, over: socket, deadline: deadline)
          return
        }
      #endif
      try socket.send(bytes, deadline: deadline, address: address)
    } catch {
      isBroken = true
      throw error
    }
  }

  /// Reads the next reply, all of it by `deadline`.
  ///
  /// - Throws: ``RedisError/timedOut(address:operation:)``,
  ///   ``RedisError/connectionClosed(address:reason:)`` or
  ///   ``RedisError/protocolError(address:detail:offset:)`` (a reply over the size limit
  ///   included); the connection is then broken.
  func readReply(deadline: ContinuousClock.Instant) throws(RedisError) -> RESPValue {
    do throws(RedisError) {
      while true {
        do {
          if let value = try decoder.next() { return value }
        } catch {
          throw RedisError.protocolError(address: address, detail: error.detail, offset: error.offset)
        }
        let count = try receive(deadline: deadline)
        hasReceived = true
        decoder.append(chunk[..<count])
      }
    } catch {
      isBroken = true
      throw hinted(error)
    }
  }

  /// `error`, with a hint when the node closed a plain connection before it sent a byte: what a
  /// port that speaks only TLS does to a client that does not.
  private func hinted(_ error: RedisError) -> RedisError {
    guard case .connectionClosed(let address, let reason) = error, !hasReceived else { return error }
    #if canImport(COpenSSL)
      if tls != nil { return error }
    #endif
    let hint = " before any reply (as a port that speaks only TLS does to a client without TLS)"
    return .connectionClosed(address: address, reason: reason + hint)
  }

  /// Receives the next bytes into `chunk`, through the TLS session if there is one.
  private func receive(deadline: ContinuousClock.Instant) throws(RedisError) -> Int {
    #if canImport(COpenSSL)
      if let tls { return try tls.receive(into: &chunk, over: socket, deadline: deadline) }
    #endif
    return try socket.receive(into: &chunk, deadline: deadline, address: address)
  }

  /// Sends the commands in one write, then reads one reply for each, in order, all by
  /// `deadline`.
  ///
  /// - Throws: The first failure; the connection is then broken.
  func exchange(_ commands: [[[UInt8]]], deadline: ContinuousClock.Instant) throws(RedisError) -> [RESPValue] {
    var bytes: [UInt8] = []
    for command in commands {
      RESPValue.appendCommand(command, to: &bytes)
    }
    try write(bytes, deadline: deadline)
    var replies: [RESPValue] = []
    replies.reserveCapacity(commands.count)
    for _ in commands {
      replies.append(try readReply(deadline: deadline))
    }
    return replies
  }
}

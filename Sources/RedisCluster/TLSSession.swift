#if canImport(COpenSSL)
  import COpenSSL

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// One TLS connection over a connected non-blocking socket (OpenSSL's `SSL`): the handshake,
  /// with the node's certificate verified and its name checked, then reads and writes, every
  /// wait bounded by a deadline as the socket's are.
  ///
  /// Used by one thread at a time, as its `NodeConnection` is.
  final class TLSSession {
    private let session: OpaquePointer
    private let address: RedisAddress

    /// Makes the session and does the handshake by `deadline`.
    ///
    /// The name checked is the context's server name when set, else the node's host: an IP
    /// address against the certificate's IP addresses, a name against its DNS names (also
    /// sent as the server name indication).
    ///
    /// - Throws: ``RedisError/tlsHandshakeFailed(address:reason:)`` with OpenSSL's reason
    ///   (the verification's, when the certificate was refused);
    ///   ``RedisError/timedOut(address:operation:)``;
    ///   ``RedisError/connectionClosed(address:reason:)``.
    init(
      over socket: borrowing Socket, to address: RedisAddress, context: TLSContext, deadline: ContinuousClock.Instant
    ) throws(RedisError) {
      self.address = address
      ERR_clear_error()
      guard let session = SSL_new(context.context) else {
        throw .tlsHandshakeFailed(address: address, reason: "OpenSSL cannot make a session: \(openSSLErrorText())")
      }
      self.session = session
      let name = context.configuration.serverName ?? address.host
      var ipAddress = [UInt8](repeating: 0, count: 16)
      let isIPAddress =
        inet_pton(AF_INET, name, &ipAddress) == 1 || inet_pton(AF_INET6, name, &ipAddress) == 1
      let named: Int32
      if isIPAddress {
        named = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), name)
      } else {
        X509_VERIFY_PARAM_set_hostflags(SSL_get0_param(session), UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
        named = SSL_set1_host(session, name) == 1 ? pinyin_search_ssl_set_server_name(session, name) : 0
      }
      guard named == 1 else {
        throw .tlsHandshakeFailed(address: address, reason: "cannot check the name '\(name)': \(openSSLErrorText())")
      }
      // The session reads and writes the socket through a BIO that never raises SIGPIPE.
      guard let method = Self.socketMethod, let bio = pinyin_search_bio_new(method, socket.descriptor) else {
        throw .tlsHandshakeFailed(address: address, reason: "OpenSSL cannot make a BIO: \(openSSLErrorText())")
      }
      SSL_set_bio(session, bio, bio)
      while true {
        ERR_clear_error()
        let result = SSL_connect(session)
        if result == 1 { return }
        let failure = SSL_get_error(session, result)
        switch failure {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
          let events = failure == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT
          guard socket.wait(for: Int16(events), until: deadline) else {
            throw .timedOut(address: address, operation: .tlsHandshake)
          }
        default:
          throw .tlsHandshakeFailed(address: address, reason: handshakeFailure(failure))
        }
      }
    }

    deinit {
      SSL_free(session)
    }

    /// The methods of the sessions' socket BIO (`COpenSSL.h`: sends with MSG_NOSIGNAL, so that a
    /// node that closed the connection is an error, not SIGPIPE ending the process), made once
    /// and kept for the process; nil if OpenSSL could not make them.
    private nonisolated(unsafe) static let socketMethod: OpaquePointer? = pinyin_search_bio_method_new()

    /// Why the handshake failed: the certificate verification's reason when it failed, else
    /// OpenSSL's errors, else the connection's end.
    private func handshakeFailure(_ failure: Int32) -> String {
      let verification = SSL_get_verify_result(session)
      if verification != X509_V_OK {
        let reason = String(cString: X509_verify_cert_error_string(verification))
        return "certificate verify failed: \(reason)"
      }
      let queued = ERR_peek_error() != 0 ? openSSLErrorText() : nil
      if let queued { return queued }
      if failure == SSL_ERROR_SYSCALL || failure == SSL_ERROR_ZERO_RETURN {
        return "the node closed the connection (does it speak TLS?)"
      }
      return "OpenSSL error \(failure)"
    }

    /// Sends all of `bytes` by `deadline`.
    ///
    /// - Throws: ``RedisError/timedOut(address:operation:)`` or
    ///   ``RedisError/connectionClosed(address:reason:)``.
    func send(_ bytes: [UInt8], over socket: borrowing Socket, deadline: ContinuousClock.Instant) throws(RedisError) {
      var sent = 0
      while sent < bytes.count {
        ERR_clear_error()
        let result = bytes.withUnsafeBytes { raw in
          SSL_write(session, raw.baseAddress! + sent, Int32(clamping: raw.count - sent))
        }
        if result > 0 {
          sent += Int(result)
          continue
        }
        try wait(after: result, for: .write, over: socket, deadline: deadline)
      }
    }

    /// Receives the bytes that are there, or the first that arrive by `deadline`, into the
    /// start of `chunk`.
    ///
    /// - Returns: How many bytes were received, at least 1.
    /// - Throws: ``RedisError/timedOut(address:operation:)`` or
    ///   ``RedisError/connectionClosed(address:reason:)``.
    func receive(
      into chunk: inout [UInt8], over socket: borrowing Socket, deadline: ContinuousClock.Instant
    ) throws(RedisError) -> Int {
      while true {
        ERR_clear_error()
        let result = chunk.withUnsafeMutableBytes { raw in
          SSL_read(session, raw.baseAddress!, Int32(clamping: raw.count))
        }
        if result > 0 { return Int(result) }
        try wait(after: result, for: .read, over: socket, deadline: deadline)
      }
    }

    /// Waits for what OpenSSL needs after a call that returned `result` (a read or a write may
    /// need either), or throws why the connection cannot go on.
    private func wait(
      after result: Int32, for operation: RedisError.Operation, over socket: borrowing Socket,
      deadline: ContinuousClock.Instant
    ) throws(RedisError) {
      let failure = SSL_get_error(session, result)
      switch failure {
      case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
        let events = failure == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT
        guard socket.wait(for: Int16(events), until: deadline) else {
          throw .timedOut(address: address, operation: operation)
        }
      case SSL_ERROR_ZERO_RETURN:
        throw .connectionClosed(address: address, reason: "closed by the node")
      case SSL_ERROR_SYSCALL:
        let code = errno
        throw .connectionClosed(
          address: address, reason: result == 0 || code == 0 ? "closed by the node" : String(cString: strerror(code)))
      default:
        throw .connectionClosed(address: address, reason: "TLS: \(openSSLErrorText())")
      }
    }
  }
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connected TCP socket in non-blocking mode, every wait bounded by `poll`; closed when it
/// goes away.
///
/// The client's calls into the C library for sockets are in this file and in
/// Socket+Resolution.swift (`getaddrinfo`, IPv4 and IPv6): connecting by a deadline,
/// `TCP_NODELAY`, sending without `SIGPIPE` (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on
/// Darwin), receiving, and sleeping between retries.
struct Socket: ~Copyable {
  /// The file descriptor.
  let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    _ = close(descriptor)
  }

  /// Opens a TCP connection to `address`, trying each of its resolved addresses in turn until
  /// one connects or `deadline` passes (the name's resolution included: see
  /// `ResolvedAddresses`).
  ///
  /// - Throws: ``RedisError/cannotConnect(address:reason:)`` when the host does not resolve
  ///   or every address refused; ``RedisError/timedOut(address:operation:)`` when the deadline
  ///   passed first.
  static func connect(to address: RedisAddress, deadline: ContinuousClock.Instant) throws(RedisError) -> Socket {
    let resolved = try ResolvedAddresses(of: address, deadline: deadline)
    let first = resolved.first
    var lastError = RedisError.cannotConnect(address: address, reason: "no address")
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      guard descriptor >= 0 else {
        lastError = .cannotConnect(address: address, reason: "socket: \(errorText())")
        continue
      }
      let socket = Socket(descriptor: descriptor)
      socket.configure()
      if systemConnect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
        return socket
      }
      guard errno == EINPROGRESS else {
        lastError = .cannotConnect(address: address, reason: errorText())
        continue
      }
      guard socket.wait(for: Int16(POLLOUT), until: deadline) else {
        throw .timedOut(address: address, operation: .connect)
      }
      var failure: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) != 0 {
        failure = errno
      }
      if failure == 0 { return socket }
      lastError = .cannotConnect(address: address, reason: String(cString: strerror(failure)))
    }
    throw lastError
  }

  /// Sends all of `bytes`, by `deadline`.
  ///
  /// - Throws: ``RedisError/timedOut(address:operation:)`` when the deadline passes first;
  ///   ``RedisError/connectionClosed(address:reason:)``.
  func send(_ bytes: [UInt8], deadline: ContinuousClock.Instant, address: RedisAddress) throws(RedisError) {
    var sent = 0
    while sent < bytes.count {
      let result = bytes.withUnsafeBytes { raw in
        systemSend(descriptor, raw.baseAddress! + sent, raw.count - sent, sendFlags)
      }
      if result > 0 {
        sent += result
        continue
      }
      let code = errno
      if result < 0 && code == EINTR { continue }
      guard result < 0 && (code == EAGAIN || code == EWOULDBLOCK) else {
        throw .connectionClosed(address: address, reason: result == 0 ? "nothing sent" : errorText(code))
      }
      guard wait(for: Int16(POLLOUT), until: deadline) else {
        throw .timedOut(address: address, operation: .write)
      }
    }
  }

  /// Receives the bytes that are there, or the first that arrive by `deadline`, into the
  /// start of `chunk`.
  ///
  /// - Returns: How many bytes were received, at least 1.
  /// - Throws: ``RedisError/timedOut(address:operation:)`` when nothing arrived in time;
  ///   ``RedisError/connectionClosed(address:reason:)`` at the end of the stream or on an error.
  func receive(
    into chunk: inout [UInt8], deadline: ContinuousClock.Instant, address: RedisAddress
  ) throws(RedisError) -> Int {
    while true {
      let result = chunk.withUnsafeMutableBytes { raw in
        recv(descriptor, raw.baseAddress!, raw.count, 0)
      }
      if result > 0 { return result }
      let code = errno
      if result == 0 {
        throw .connectionClosed(address: address, reason: "closed by the node")
      }
      if code == EINTR { continue }
      guard code == EAGAIN || code == EWOULDBLOCK else {
        throw .connectionClosed(address: address, reason: errorText(code))
      }
      guard wait(for: Int16(POLLIN), until: deadline) else {
        throw .timedOut(address: address, operation: .read)
      }
    }
  }

  /// Waits for the current thread for `duration`: the backoff between retries.
  static func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    guard seconds > 0 || attoseconds > 0 else { return }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
      request = remaining
    }
  }

  /// Makes the socket non-blocking, closed on `exec`, and (on Darwin) free of `SIGPIPE`, and
  /// turns off Nagle's algorithm so that small commands leave at once.
  private func configure() {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var on: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, size)
    #if canImport(Darwin)
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, size)
    #endif
  }

  /// Waits until the socket is ready for `events` (or has failed), or `deadline` has passed.
  ///
  /// - Returns: `false` when the deadline passed first.
  func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while true {
      let now = ContinuousClock.now
      guard now < deadline else { return false }
      let (seconds, attoseconds) = (deadline - now).components
      let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
      let result = poll(&entry, 1, Int32(clamping: milliseconds))
      if result > 0 { return true }
      if result < 0 && errno != EINTR { return true }  // the next call reports the failure
    }
  }
}

#if canImport(Darwin)
  private let sendFlags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#else
  private let sendFlags = Int32(MSG_NOSIGNAL)
#endif

/// The C library's `connect`, under a name that `Socket.connect` does not hide.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
  connect(descriptor, address, length)
}

/// The C library's `send`, under a name that `Socket.send` does not hide.
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, bytes, count, flags)
}

private func errorText(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

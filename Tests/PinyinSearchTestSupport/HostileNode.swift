import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP server on 127.0.0.1 that plays a broken or hostile Redis node, for the tests of the
/// client's bounds: it reads what a client sends and answers as `behaviour` says, on a thread
/// per connection, until it goes away.
///
///     let node = try HostileNode { _ in .trickle(Array("*16777216\r\n".utf8), unit: Array(":1\r\n".utf8)) }
///     // node.address: "127.0.0.1:PORT"
public final class HostileNode: Sendable {
  /// What the node does with a request.
  public enum Response: Sendable {
    /// Sends these bytes at once, then reads the next request.
    case reply([UInt8])
    /// Sends `prefix`, then `unit` every `interval`, until the client goes.
    case trickle([UInt8], unit: [UInt8], interval: Duration = .milliseconds(100))
    /// Sends `prefix`, then `unit` over and over as fast as the client takes it.
    case flood([UInt8], unit: [UInt8])
    /// Sends these bytes one at a time, one every `interval`.
    case drip([UInt8], interval: Duration = .milliseconds(100))
    /// Sends nothing, ever.
    case silence
    /// Closes the connection at once, without a reply: what a port that speaks only TLS does to
    /// a client that sends it plain commands.
    case hangUp
  }

  /// `host:port` of the node.
  public let address: String
  /// The port.
  public let port: UInt16
  private let listener: Int32
  private let isStopped = StopFlag()
  private let behaviour: @Sendable ([UInt8]) -> Response
  private let stopped = DispatchSemaphore(value: 0)

  /// Starts listening on a port the system chooses.
  ///
  /// - Parameter behaviour: The response to each request (the bytes of one read: the commands a
  ///   client sent at once).
  public init(_ behaviour: @escaping @Sendable ([UInt8]) -> Response) throws {
    let descriptor = socket(AF_INET, socketType(SOCK_STREAM), 0)
    guard descriptor >= 0 else { throw HarnessError("socket", errno: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
          && listen(descriptor, 64) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw HarnessError("bind or listen", errno: errno)
    }
    listener = descriptor
    port = UInt16(bigEndian: address.sin_port)
    self.address = "127.0.0.1:\(port)"
    self.behaviour = behaviour
    DispatchQueue(label: "HostileNode").async { [self] in acceptConnections() }
  }

  deinit {
    isStopped.set()
    stopped.wait()
    close(listener)
  }

  /// Whether `request` holds `CLUSTER SLOTS`.
  public static func asksForSlots(_ request: [UInt8]) -> Bool {
    let text = String(decoding: request, as: UTF8.self).uppercased()
    return text.contains("SLOTS")
  }

  private var shouldStop: Bool { isStopped.isSet }

  private func acceptConnections() {
    let connections = DispatchGroup()
    while !shouldStop {
      guard wait(for: listener, events: Int16(POLLIN)) else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      connections.enter()
      // A serial queue each: a thread per connection (a concurrent queue's width is the cores').
      DispatchQueue(label: "HostileNode.connection").async { [self] in
        serve(connection)
        close(connection)
        connections.leave()
      }
    }
    connections.wait()
    stopped.signal()
  }

  /// Answers the requests of one connection until the client or the node goes.
  private func serve(_ connection: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !shouldStop {
      guard wait(for: connection, events: Int16(POLLIN)) else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress!, $0.count, 0) }
      guard count > 0 else { return }
      switch behaviour(Array(buffer[..<count])) {
      case .reply(let bytes):
        guard send(bytes, on: connection) else { return }
      case .trickle(let prefix, let unit, let interval):
        guard send(prefix, on: connection) else { return }
        while !shouldStop {
          sleep(for: interval)
          guard send(unit, on: connection) else { return }
        }
      case .flood(let prefix, let unit):
        guard send(prefix, on: connection) else { return }
        while !shouldStop {
          guard send(unit, on: connection) else { return }
        }
      case .drip(let bytes, let interval):
        for byte in bytes {
          guard !shouldStop, send([byte], on: connection) else { return }
          sleep(for: interval)
        }
      case .silence:
        while !shouldStop {
          // Drained, so that the client's writes never block; the node never answers.
          guard wait(for: connection, events: Int16(POLLIN)) else { continue }
          let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress!, $0.count, 0) }
          guard count > 0 else { return }
        }
      case .hangUp:
        return
      }
    }
  }

  /// Sends all of `bytes`, waiting while the client does not read; false when the client has
  /// gone or the node is stopping.
  private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      guard !shouldStop else { return false }
      guard wait(for: connection, events: Int16(POLLOUT)) else { continue }
      let result = bytes.withUnsafeBytes { sendWithoutSignal(connection, $0.baseAddress! + sent, $0.count - sent) }
      if result > 0 {
        sent += result
      } else if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        continue
      } else {
        return false
      }
    }
    return true
  }

  /// Whether `descriptor` is ready for `events` within 50 ms.
  private func wait(for descriptor: Int32, events: Int16) -> Bool {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    return poll(&entry, 1, 50) > 0
  }

  private func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// A flag that one thread sets and others read.
private final class StopFlag: Sendable {
  private let queue = DispatchQueue(label: "HostileNode.stop")
  nonisolated(unsafe) private var value = false

  var isSet: Bool { queue.sync { value } }

  func set() { queue.sync { value = true } }
}

/// The C library's `send`, without blocking and without `SIGPIPE` where the platform allows.
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
    send(descriptor, bytes, count, Int32(MSG_DONTWAIT))
  #else
    send(descriptor, bytes, count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
  #endif
}

/// `SOCK_STREAM` as `socket` takes it: an `Int32` on Darwin, an enum of glibc's on Linux (and in
/// the Apple check's stand-in SDK, whose headers are glibc's).
private func socketType(_ type: Int32) -> Int32 { type }

/// `SOCK_STREAM` as `socket` takes it, from glibc's enum.
private func socketType<Type: RawRepresentable>(_ type: Type) -> Int32 where Type.RawValue: BinaryInteger {
  Int32(type.rawValue)
}

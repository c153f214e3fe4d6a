@testable import RedisCluster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 that never accepts or answers: connections to it open
/// (the kernel completes them from the backlog), and then nothing is ever sent.
final class SilentListener {
  let descriptor: Int32
  let address: RedisAddress

  init() throws {
    let (descriptor, port) = try boundLoopbackSocket()
    guard listen(descriptor, 16) == 0 else {
      close(descriptor)
      throw TestSocketError(operation: "listen")
    }
    self.descriptor = descriptor
    self.address = RedisAddress(host: "127.0.0.1", port: port)
  }

  deinit {
    close(descriptor)
  }
}

/// A port on 127.0.0.1 where nothing listens: bound to find a free port, then closed.
func closedLoopbackPort() throws -> RedisAddress {
  let (descriptor, port) = try boundLoopbackSocket()
  close(descriptor)
  return RedisAddress(host: "127.0.0.1", port: port)
}

struct TestSocketError: Error {
  var operation: String
}

/// A TCP socket bound to 127.0.0.1 on a port the system chose, and that port.
private func boundLoopbackSocket() throws -> (Int32, UInt16) {
  #if canImport(Darwin)
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #else
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #endif
  guard descriptor >= 0 else { throw TestSocketError(operation: "socket") }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
      bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
    }
  }
  guard bound else {
    close(descriptor)
    throw TestSocketError(operation: "bind")
  }
  return (descriptor, UInt16(bigEndian: address.sin_port))
}

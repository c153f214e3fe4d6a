import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The addresses a node's host resolves to (`getaddrinfo`), freed when this goes away.
///
/// An IP address is converted at once. A host name goes to the system's resolver, which has
/// timeouts of its own (`/etc/resolv.conf`: 5 s per try by default) that the client's deadline
/// cannot shorten; the resolution therefore runs on a thread of its own, and the caller stops
/// waiting at its deadline (the thread frees what it finds when it is done).
final class ResolvedAddresses {
  /// The first address of the list `getaddrinfo` made.
  let first: UnsafeMutablePointer<addrinfo>

  private init(first: UnsafeMutablePointer<addrinfo>) {
    self.first = first
  }

  deinit {
    freeaddrinfo(first)
  }

  /// The addresses of `address`'s host, for TCP to its port.
  ///
  /// - Throws: ``RedisError/cannotConnect(address:reason:)`` when the host does not resolve;
  ///   ``RedisError/timedOut(address:operation:)`` when the deadline passes first.
  convenience init(of address: RedisAddress, deadline: ContinuousClock.Instant) throws(RedisError) {
    if case .found(let first) = Self.resolve(address, flags: AI_NUMERICHOST) {
      self.init(first: first.pointer)
      return
    }
    let lookup = Lookup()
    let finished = DispatchSemaphore(value: 0)
    // A serial queue of its own: a thread even when other resolutions block.
    DispatchQueue(label: "RedisCluster.resolver").async {
      if lookup.deliver(Self.resolve(address, flags: 0)) { finished.signal() }
    }
    _ = finished.wait(timeout: dispatchTime(deadline))
    // Taken even when the wait has just timed out: once taken, the list is this object's to free.
    guard let outcome = lookup.take() else {
      throw .timedOut(address: address, operation: .connect)
    }
    switch outcome {
    case .found(let first): self.init(first: first.pointer)
    case .failed(let reason):
      throw .cannotConnect(address: address, reason: "cannot resolve \(address.host): \(reason)")
    }
  }

  /// What `getaddrinfo` gave: a list, or why there is none.
  private enum Outcome: Sendable {
    case found(AddressListPointer)
    case failed(String)
  }

  /// A list from `getaddrinfo`, owned by whoever holds it (handed from the resolving thread to
  /// the waiting one once, through `Lookup`'s lock).
  private struct AddressListPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<addrinfo>
  }

  /// The outcome of one resolution: given by the resolving thread, taken by the waiting one,
  /// or freed by the resolving thread when the waiter has given up.
  private final class Lookup: Sendable {
    private let state = Locked<(outcome: Outcome?, isAbandoned: Bool)>((nil, false))

    /// Hands `outcome` over; returns false (and frees the list) when the waiter has gone.
    func deliver(_ outcome: Outcome) -> Bool {
      let isAbandoned = state.withLock { state in
        if !state.isAbandoned { state.outcome = outcome }
        return state.isAbandoned
      }
      if isAbandoned, case .found(let list) = outcome { freeaddrinfo(list.pointer) }
      return !isAbandoned
    }

    /// The outcome if it has arrived; otherwise marks the lookup abandoned.
    func take() -> Outcome? {
      state.withLock { state in
        defer { state.outcome = nil }
        if state.outcome == nil { state.isAbandoned = true }
        return state.outcome
      }
    }
  }

  /// One call of `getaddrinfo` for TCP to `address` with `flags` added.
  private static func resolve(_ address: RedisAddress, flags: Int32) -> Outcome {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_protocol = Int32(IPPROTO_TCP)  // TCP: stream sockets only, without SOCK_STREAM's per-platform type
    hints.ai_flags = AI_NUMERICSERV | flags
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(address.host, String(address.port), &hints, &list)
    guard status == 0, let first = list else {
      return .failed(status == 0 ? "no address" : String(cString: gai_strerror(status)))
    }
    return .found(AddressListPointer(pointer: first))
  }
}

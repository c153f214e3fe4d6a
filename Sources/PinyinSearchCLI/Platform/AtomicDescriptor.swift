/// A file descriptor, or -1, that signal handlers read while the main thread changes it: loads,
/// stores and exchanges that are atomic and take no lock, so a handler may make them.
///
///     let armed = AtomicDescriptor(-1)
///     armed.store(0)
///     armed.exchange(-1)  // 0, whichever thread asks first; -1 for the others
///
/// `Atomic<Int32>` of the Synchronization library needs iOS 18 and macOS 15, and the tool runs
/// from macOS 13 (README, "Platforms"); C's atomics do not cross into Swift; and a lock would
/// deadlock a handler that interrupts the thread holding it. So the descriptor lives in a word
/// changed only by the standard library's compare-and-exchange of a pointer-sized word,
/// `_stdlib_atomicCompareExchangeStrongPtr`: public, inlined into the caller (so it needs no
/// newer runtime), sequentially consistent, which covers the release and acquire orderings that
/// `Terminal`'s handlers rely on. A load is an exchange of "none" for "none", which fails unless
/// the word holds none and either way tells what it holds. The descriptor is the word's bit
/// pattern (0, standard input, is the null pointer).
///
/// `@unchecked Sendable` is safe because the word is only touched by atomic operations; it is
/// never deallocated, since the handlers' descriptors are globals that live as long as the
/// process.
struct AtomicDescriptor: @unchecked Sendable {
  private let word: UnsafeMutablePointer<UnsafeRawPointer?>

  /// A word holding `descriptor`.
  init(_ descriptor: Int32) {
    word = .allocate(capacity: 1)
    word.initialize(to: UnsafeRawPointer(bitPattern: Int(descriptor)))
  }

  /// The descriptor held now.
  func load() -> Int32 {
    var held: UnsafeRawPointer? = nil
    _ = _stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &held, desired: nil)
    return Int32(truncatingIfNeeded: Int(bitPattern: held))
  }

  /// Holds `descriptor` from now on.
  func store(_ descriptor: Int32) {
    _ = exchange(descriptor)
  }

  /// Holds `descriptor` from now on, and returns the one held before.
  @discardableResult
  func exchange(_ descriptor: Int32) -> Int32 {
    let desired = UnsafeRawPointer(bitPattern: Int(descriptor))
    var held: UnsafeRawPointer? = nil
    while !_stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &held, desired: desired) {}
    return Int32(truncatingIfNeeded: Int(bitPattern: held))
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// glibc's allocation trace (`mtrace`), which writes a line for every `malloc`, `calloc`,
/// `realloc`, aligned allocation and `free` to the file named by `MALLOC_TRACE` while it is on.
///
/// Since glibc 2.34 the trace lives in `libc_malloc_debug.so.0`, which must be preloaded
/// (`LD_PRELOAD`) into the process; its `mtrace` and `muntrace` are compatibility symbols, found
/// with `dlvsym` at version `GLIBC_2.2.5`. Swift's Glibc module declares neither, so both are
/// looked up at run time.
struct MallocTrace {
  /// A function without arguments or result, as `mtrace` and `muntrace` are.
  private typealias Switch = @convention(c) () -> Void
  /// `dlvsym`'s type.
  private typealias VersionedLookup =
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?

  /// The environment variable of the library that provides the trace.
  static let preload = ("LD_PRELOAD", "libc_malloc_debug.so.0")

  /// `mtrace`.
  private let start: Switch
  /// `muntrace`.
  private let stop: Switch
  /// The trace file, from `MALLOC_TRACE`.
  let path: String

  /// The trace of this process; nil unless `libc_malloc_debug.so.0` is preloaded and
  /// `MALLOC_TRACE` names the file.
  init?() {
    #if canImport(Glibc)
      let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
      guard let path = ProcessInfo.processInfo.environment["MALLOC_TRACE"],
        let lookup = dlsym(everywhere, "dlvsym").map({ unsafeBitCast($0, to: VersionedLookup.self) }),
        let start = lookup(everywhere, "mtrace", "GLIBC_2.2.5"),
        let stop = lookup(everywhere, "muntrace", "GLIBC_2.2.5")
      else { return nil }
      self.path = path
      self.start = unsafeBitCast(start, to: Switch.self)
      self.stop = unsafeBitCast(stop, to: Switch.self)
    #else
      return nil
    #endif
  }

  /// The allocations made by `body`: the trace's allocation lines while it runs (each trace
  /// starts the file anew).
  func allocations(during body: () -> Void) -> Int {
    start()
    body()
    stop()
    return allocationLines()
  }

  /// The lines of the trace file that record an allocation: `+` (malloc, calloc, aligned) and
  /// `>` (the new block of a realloc), after the optional `@ caller` of each line.
  private func allocationLines() -> Int {
    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
    var count = 0
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      var fields = line.split(separator: " ")[...]
      if fields.first == "@" { fields = fields.dropFirst(2) }
      if fields.first == "+" || fields.first == ">" { count += 1 }
    }
    return count
  }
}

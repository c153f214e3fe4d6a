#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory of this process, from Linux's `/proc/self/status` (and `getrusage` elsewhere).
enum ProcessMemory {
  /// The peak resident set size (`VmHWM`) since the process started or since the last
  /// `resetPeak()` that succeeded.
  static var peakResidentBytes: Int {
    if let kilobytes = statusField("VmHWM:") { return kilobytes * 1024 }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)
    #else
      return Int(usage.ru_maxrss) * 1024
    #endif
  }

  /// The resident set size now (`VmRSS`); 0 where unknown.
  static var residentBytes: Int {
    (statusField("VmRSS:") ?? 0) * 1024
  }

  /// Lowers the peak resident size (`VmHWM`) to the current resident size, so that the next
  /// reading of `peakResidentBytes` is the peak of what follows (Linux: "5" written to
  /// `/proc/self/clear_refs`).
  ///
  /// - Returns: Whether the kernel reset it; false elsewhere.
  @discardableResult
  static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    let written = fputs("5", file) >= 0
    return fclose(file) == 0 && written
  }

  /// The machine's physical memory.
  static var physicalBytes: Int {
    Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The number of processors online.
  static var processorCount: Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// Gives memory the allocator holds but no longer uses back to the system (glibc's
  /// `malloc_trim`, looked up at run time since Swift's Glibc module leaves `malloc.h` out), so
  /// that the resident size before an engine is built does not count the last engine's leftovers.
  static func releaseFreedMemory() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }

  /// The value in kB of the line of `/proc/self/status` that starts with `name`.
  private static func statusField(_ name: String) -> Int? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if line.hasPrefix(name) {
        return Int(line.dropFirst(name.count).filter(\.isNumber))
      }
    }
    return nil
  }
}

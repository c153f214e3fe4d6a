import PinyinSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock of every measurement: monotonic, unaffected by changes to the wall-clock time.
let benchmarkClock = ContinuousClock()

/// Runs `body` and returns its result with how long it took.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
  let start = benchmarkClock.now
  let result = try body()
  return (result, benchmarkClock.now - start)
}

/// The median, 99th percentile and maximum of a set of timings, by nearest rank.
///
///     LatencySummary([.microseconds(1), .microseconds(3), .microseconds(2)])?.median  // 2 µs
struct LatencySummary {
  /// The number of timings.
  var count: Int
  /// The smallest timing at least half the timings do not exceed.
  var median: Duration
  /// The smallest timing at least 99 % of the timings do not exceed.
  var p99: Duration
  /// The longest timing.
  var max: Duration

  /// Summarises `timings`; nil when there are none.
  init?(_ timings: some Sequence<Duration>) {
    let sorted = timings.sorted()
    guard let longest = sorted.last else { return nil }
    count = sorted.count
    median = sorted[Self.rank(percent: 50, of: sorted.count)]
    p99 = sorted[Self.rank(percent: 99, of: sorted.count)]
    max = longest
  }

  /// The index, in sorted order, of the nearest-rank `percent` percentile of `count` values:
  /// ⌈percent · count / 100⌉ − 1.
  static func rank(percent: Int, of count: Int) -> Int {
    Swift.max(0, (percent * count + 99) / 100 - 1)
  }
}

extension Duration {
  /// The duration in nanoseconds.
  var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }

  /// The duration in seconds.
  var seconds: Double { nanoseconds / 1e9 }
}

/// Keeps every search result alive by folding it into a checksum that the report prints, so that
/// the optimiser cannot drop a search whose results would otherwise go unused.
struct BlackHole {
  /// The fold of everything consumed so far.
  private(set) var checksum: UInt64 = 0

  /// Folds `results` into the checksum.
  mutating func consume(_ results: [SearchResult]) {
    checksum = checksum &* 0x100_0000_01B3 &+ UInt64(results.count)
    for result in results {
      checksum = checksum &* 31 &+ UInt64(result.range.lowerBound &+ result.range.upperBound &+ result.id.utf8.count)
    }
  }
}

/// The memory of this process, from Linux's `/proc/self/status` (and `getrusage` elsewhere).
enum ProcessMemory {
  /// The peak resident set size so far (`VmHWM`): cumulative over the whole run, never lower
  /// than at any earlier point.
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

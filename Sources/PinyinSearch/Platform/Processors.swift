#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processors an index build can split its work between.
enum Processors {
  /// The number of processors online, at least 1.
  static var onlineCount: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }
}

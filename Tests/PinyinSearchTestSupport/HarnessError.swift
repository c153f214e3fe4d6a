#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Errors of the test harness itself (not of the code under test).
public struct HarnessError: Error, CustomStringConvertible {
  public var description: String

  /// An error saying what failed, with the C library's message for `errno` when it is not 0.
  public init(_ description: String, errno: Int32 = 0) {
    self.description = errno == 0 ? description : "\(description): \(String(cString: strerror(errno)))"
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running `pinyin-search batch`: writes queries to its standard input and counts the
/// answer lines on its standard output, reading them with a buffer rather than a byte at a time.
final class BatchConversation {
  /// The tool's process.
  private let process = Process()
  /// Its standard input.
  private let input = Pipe()
  /// Its standard output.
  private let output = Pipe()
  /// Bytes read from standard output and not yet counted.
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)

  /// Starts `executable` with `arguments`; its standard error is discarded.
  ///
  /// - Throws: When it cannot be started.
  init(executable: String, arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The process id.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Writes `bytes` to the tool's standard input; false when it stopped reading.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    Self.writeAll(bytes, to: input.fileHandleForWriting.fileDescriptor)
  }

  /// Writes `bytes` from another thread while the caller reads answers, so that neither pipe
  /// fills while the other waits; the group is left when every byte is written.
  func sendInBackground(_ bytes: [UInt8], group: DispatchGroup) {
    let descriptor = input.fileHandleForWriting.fileDescriptor
    DispatchQueue.global().async(group: group) { _ = Self.writeAll(bytes, to: descriptor) }
  }

  /// Reads standard output until `count` more line ends have come.
  ///
  /// - Returns: Whether they came before the output ended.
  func readLines(_ count: Int) -> Bool {
    var remaining = count
    let descriptor = output.fileHandleForReading.fileDescriptor
    while remaining > 0 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      for index in 0..<count where buffer[index] == UInt8(ascii: "\n") { remaining -= 1 }
    }
    return true
  }

  /// The tool's peak resident memory so far (`VmHWM` of `/proc/PID/status`), nil when unknown.
  var peakResident: Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.filter(\.isNumber))
    else { return nil }
    return kilobytes * 1024
  }

  /// Closes the tool's standard input and waits for it to exit.
  func finish() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Writes every byte of `bytes` to `descriptor`; false on an error (a closed pipe).
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}

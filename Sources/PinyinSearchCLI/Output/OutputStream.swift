import PinyinSearch

/// A buffered byte stream to a file descriptor, or to memory for tests.
///
/// Text accumulates in a buffer and reaches the descriptor with one `write(2)` when `flush()`
/// is called, or when the buffer passes `capacity`, so a long listing costs few system calls
/// and the batch command decides exactly when a line becomes visible to its reader. The C
/// library's `stdout` is not used: in Swift 6 mode that global is not concurrency-safe.
///
///     var output = OutputStream(fileDescriptor: System.standardOutput)
///     print("刘亦菲", to: &output)
///     try output.flush()
struct OutputStream: TextOutputStream {
  /// The file descriptor written to, or nil for a stream that keeps its bytes in `bytes`.
  let fileDescriptor: Int32?
  /// The bytes not yet written; for a stream in memory, everything written.
  private(set) var bytes: [UInt8] = []
  /// The buffer size past which a write flushes by itself.
  let capacity: Int
  /// The first write error of a flush that `write(_:)` made by itself, reported by `flush()`.
  private var pendingError: Errno?

  /// Creates a stream that writes to `fileDescriptor`.
  init(fileDescriptor: Int32, capacity: Int = 1 << 16) {
    self.fileDescriptor = fileDescriptor
    self.capacity = capacity
  }

  /// Creates a stream that keeps everything written in memory.
  init() {
    fileDescriptor = nil
    capacity = .max
  }

  /// Everything written to a stream in memory, as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `string`'s UTF-8 bytes.
  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
    if bytes.count >= capacity {
      do throws(Errno) {
        try flush()
      } catch {
        if pendingError == nil { pendingError = error }
      }
    }
  }

  /// Writes the buffered bytes to the file descriptor; does nothing for a stream in memory.
  ///
  /// - Throws: The error of the failed `write(2)`, or of an earlier automatic flush. The
  ///   buffer is emptied either way, so a broken stream does not grow without bound.
  mutating func flush() throws(Errno) {
    guard let fileDescriptor else { return }
    defer { bytes.removeAll(keepingCapacity: true) }
    if let error = pendingError {
      pendingError = nil
      throw error
    }
    // `withUnsafeBytes` rethrows untyped errors, so the typed error crosses it as a `Result`.
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(Errno) in try System.writeAll(fileDescriptor, buffer) }
    }.get()
  }
}

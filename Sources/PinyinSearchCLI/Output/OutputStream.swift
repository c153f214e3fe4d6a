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
  /// The bytes not yet written are `storage[..<count]`; the rest is room that writes fill
  /// without growing the array. It grows by doubling and is kept across flushes.
  private var storage: [UInt8] = []
  /// How many bytes of `storage` are waiting to be written.
  private var count = 0
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

  /// The bytes not yet written; for a stream in memory, everything written.
  var bytes: [UInt8] { Array(storage[..<count]) }

  /// Everything written to a stream in memory, as text.
  var text: String { String(decoding: storage[..<count], as: UTF8.self) }

  /// Appends `string`'s UTF-8 bytes.
  mutating func write(_ string: String) {
    write(atMost: string.utf8.count) { $0.append(contentsOf: string) }
  }

  /// Appends what `encode` writes, at most `maximumByteCount` bytes, straight into the buffer:
  /// text encoded in place, with no `String` in between (the batch command's answers,
  /// `JSON.appendAnswer(query:results:to:)`). The buffer makes room for `maximumByteCount`
  /// bytes first, so one call costs one check that the buffer is not shared, however many
  /// pieces `encode` writes.
  mutating func write(atMost maximumByteCount: Int, _ encode: (inout ByteWriter) -> Void) {
    if storage.count - count < maximumByteCount {
      let needed = count + maximumByteCount - storage.count
      storage.append(contentsOf: repeatElement(0, count: max(needed, storage.count)))
    }
    let start = count
    count += storage.withUnsafeMutableBufferPointer { buffer in
      var writer = ByteWriter(into: UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + maximumByteCount)]))
      encode(&writer)
      return writer.count
    }
    guard count >= capacity else { return }
    do throws(Errno) {
      try flush()
    } catch {
      if pendingError == nil { pendingError = error }
    }
  }

  /// Writes the buffered bytes to the file descriptor; does nothing for a stream in memory.
  ///
  /// - Throws: The error of the failed `write(2)`, or of an earlier automatic flush. The
  ///   buffer is emptied either way, so a broken stream does not grow without bound.
  mutating func flush() throws(Errno) {
    guard let fileDescriptor else { return }
    defer { count = 0 }
    if let error = pendingError {
      pendingError = nil
      throw error
    }
    let pending = count
    // `withUnsafeBytes` rethrows untyped errors, so the typed error crosses it as a `Result`.
    try storage.withUnsafeBytes { buffer in
      Result { () throws(Errno) in
        try System.writeAll(fileDescriptor, UnsafeRawBufferPointer(rebasing: buffer[..<pending]))
      }
    }.get()
  }
}

import PinyinSearch

/// Reads lines of bytes from a file descriptor in large chunks, or from bytes in memory.
///
/// A line ends at `\n`; a `\r` just before it belongs to the terminator (`\r\n`). The last line
/// needs no terminator; input that ends with a terminator has no empty line after it. Lines are
/// bytes, not text: callers decide how to treat invalid UTF-8.
///
/// Each `read(2)` returns what is available, so a pipe or terminal is answered line by line as
/// it is written, while a file is read in chunks of `chunkSize` bytes.
///
/// After each line, `lastTerminator` tells how it ended (CSV keeps a line break inside a quoted
/// field exactly) and `consumedByteCount` how far into the input the reader is (for progress).
///
///     var reader = LineReader(bytes: Array("a\r\nb\n\nc".utf8))
///     while let line = try reader.nextLine() { … }  // "a", "b", "", "c"
struct LineReader {
  /// The descriptor still to be read; nil once its end was reached, and for bytes in memory.
  private var fileDescriptor: Int32?
  /// The bytes read so far that were not yet returned, at `lineStart ..< dataEnd`.
  private var buffer: [UInt8]
  private var lineStart = 0
  private var dataEnd = 0
  /// Where the search for the next `\n` resumes: the bytes from `lineStart` to here have none.
  private var scanned = 0
  /// How many bytes to ask each `read(2)` for, at least.
  let chunkSize: Int
  /// The bytes of the lines returned so far, terminators included.
  private(set) var consumedByteCount = 0
  /// How the line returned last ended.
  private(set) var lastTerminator = LineTerminator.none

  /// Creates a reader of `fileDescriptor`, which stays open: the caller closes it.
  init(fileDescriptor: Int32, chunkSize: Int = 1 << 16) {
    precondition(chunkSize > 0, "LineReader needs a positive chunk size")
    self.fileDescriptor = fileDescriptor
    self.chunkSize = chunkSize
    buffer = []
  }

  /// Creates a reader of the lines of `bytes`.
  init(bytes: [UInt8]) {
    fileDescriptor = nil
    chunkSize = 1
    buffer = bytes
    dataEnd = bytes.count
  }

  /// The next line without its terminator, or nil at the end of the input.
  ///
  /// - Throws: The error of a failed `read(2)`.
  /// - Complexity: Amortised O(n) in the length of the line.
  mutating func nextLine() throws(Errno) -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer[scanned..<dataEnd].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        lastTerminator = .lineFeed
        if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") {
          end -= 1
          lastTerminator = .carriageReturnLineFeed
        }
        return takeLine(end: end, next: newline + 1)
      }
      scanned = dataEnd
      guard let fileDescriptor else {
        lastTerminator = .none
        return lineStart < dataEnd ? takeLine(end: dataEnd, next: dataEnd) : nil
      }
      if try fill(from: fileDescriptor) == 0 { self.fileDescriptor = nil }
    }
  }

  /// Returns `lineStart ..< end` and moves past the line to `next`.
  private mutating func takeLine(end: Int, next: Int) -> ArraySlice<UInt8> {
    let line = buffer[lineStart..<end]
    consumedByteCount += next - lineStart
    lineStart = next
    scanned = next
    return line
  }

  /// Moves the unreturned bytes to the front, makes room and reads once; returns the count read.
  private mutating func fill(from fileDescriptor: Int32) throws(Errno) -> Int {
    let pending = dataEnd - lineStart
    if lineStart > 0 {
      buffer.removeSubrange(0..<lineStart)
      scanned -= lineStart
      lineStart = 0
      dataEnd = pending
    }
    if buffer.count - dataEnd < chunkSize {
      buffer.append(contentsOf: repeatElement(0, count: max(chunkSize, buffer.count)))
    }
    let start = dataEnd
    // `withUnsafeMutableBytes` rethrows untyped errors, so the typed error crosses it as a `Result`.
    let count = try buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in
        try System.read(fileDescriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
      }
    }.get()
    dataEnd += count
    return count
  }
}

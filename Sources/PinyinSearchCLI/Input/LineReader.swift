import PinyinSearch

/// Reads lines of bytes from a file descriptor in large chunks, or from bytes in memory.
///
/// A line ends at `\n` or `\r\n`, and, when `loneCarriageReturnEndsLine` (data files, as
/// Docs/Semantics.md requires), at a lone `\r` too; otherwise a lone `\r` is part of the line
/// (batch queries). A `\r` that ends the bytes read so far is decided only once the next byte,
/// or the end of the input, is seen, so that a `\r\n` split between two reads of a pipe is one
/// terminator. The last line needs no terminator; input that ends with a terminator has no
/// empty line after it. Lines are bytes, not text: callers decide how to treat invalid UTF-8.
///
/// Each `read(2)` returns what is available, so a pipe or terminal is answered line by line as
/// it is written (with `loneCarriageReturnEndsLine`, a line ended by `\r` waits for one more
/// byte), while a file is read in chunks of `chunkSize` bytes.
///
/// After each line, `lastTerminator` tells how it ended (CSV keeps a line break inside a quoted
/// field exactly) and `consumedByteCount` how far into the input the reader is (for progress).
///
///     var reader = LineReader(bytes: Array("a\r\nb\rc\n\nd".utf8), loneCarriageReturnEndsLine: true)
///     while let line = try reader.nextLine() { … }  // "a", "b", "c", "", "d"
struct LineReader {
  /// The descriptor still to be read; nil once its end was reached, and for bytes in memory.
  private var fileDescriptor: Int32?
  /// The bytes read so far that were not yet returned, at `lineStart ..< dataEnd`.
  private var buffer: [UInt8]
  private var lineStart = 0
  private var dataEnd = 0
  /// Where the search for the next terminator resumes: the bytes from `lineStart` to here have
  /// none (with `loneCarriageReturnEndsLine`, no `\r` either).
  private var scanned = 0
  /// How many bytes to ask each `read(2)` for, at least.
  let chunkSize: Int
  /// Whether a `\r` not followed by `\n` ends a line.
  let loneCarriageReturnEndsLine: Bool
  /// The bytes of the lines returned so far, terminators included.
  private(set) var consumedByteCount = 0
  /// How the line returned last ended.
  private(set) var lastTerminator = LineTerminator.none

  /// Creates a reader of `fileDescriptor`, which stays open: the caller closes it.
  init(fileDescriptor: Int32, chunkSize: Int = 1 << 16, loneCarriageReturnEndsLine: Bool) {
    precondition(chunkSize > 0, "LineReader needs a positive chunk size")
    self.fileDescriptor = fileDescriptor
    self.chunkSize = chunkSize
    self.loneCarriageReturnEndsLine = loneCarriageReturnEndsLine
    buffer = []
  }

  /// Creates a reader of the lines of `bytes`.
  init(bytes: [UInt8], loneCarriageReturnEndsLine: Bool) {
    fileDescriptor = nil
    chunkSize = 1
    self.loneCarriageReturnEndsLine = loneCarriageReturnEndsLine
    buffer = bytes
    dataEnd = bytes.count
  }

  /// The next line without its terminator, or nil at the end of the input.
  ///
  /// - Throws: The error of a failed `read(2)`.
  /// - Complexity: Amortised O(n) in the length of the line.
  mutating func nextLine() throws(Errno) -> ArraySlice<UInt8>? {
    while true {
      if let (end, next, terminator) = nextTerminator() {
        lastTerminator = terminator
        return takeLine(end: end, next: next)
      }
      guard let fileDescriptor else {
        lastTerminator = .none
        return lineStart < dataEnd ? takeLine(end: dataEnd, next: dataEnd) : nil
      }
      if try fill(from: fileDescriptor) == 0 { self.fileDescriptor = nil }
    }
  }

  /// The terminator that ends the line at `lineStart`, if the bytes read so far decide it: where
  /// the line ends, where the next begins, and which terminator it is. Moves `scanned` on.
  private mutating func nextTerminator() -> (end: Int, next: Int, LineTerminator)? {
    let lineFeed = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    guard loneCarriageReturnEndsLine else {
      guard let newline = buffer[scanned..<dataEnd].firstIndex(of: lineFeed) else {
        scanned = dataEnd
        return nil
      }
      if newline > lineStart && buffer[newline - 1] == carriageReturn {
        return (newline - 1, newline + 1, .carriageReturnLineFeed)
      }
      return (newline, newline + 1, .lineFeed)
    }
    guard let breakIndex = buffer[scanned..<dataEnd].firstIndex(where: { $0 == lineFeed || $0 == carriageReturn })
    else {
      scanned = dataEnd
      return nil
    }
    if buffer[breakIndex] == lineFeed { return (breakIndex, breakIndex + 1, .lineFeed) }
    guard breakIndex + 1 < dataEnd else {
      // A `\r` at the end of what was read: the next byte, or the end of the input, decides.
      scanned = breakIndex
      return fileDescriptor == nil ? (breakIndex, breakIndex + 1, .carriageReturn) : nil
    }
    if buffer[breakIndex + 1] == lineFeed { return (breakIndex, breakIndex + 2, .carriageReturnLineFeed) }
    return (breakIndex, breakIndex + 1, .carriageReturn)
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

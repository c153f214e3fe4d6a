import PinyinSearch

/// Reads lines of bytes from a file descriptor in large chunks, or from bytes in memory, with
/// memory bounded by the longest line allowed.
///
/// A line ends at `\n` or `\r\n`, and, when `loneCarriageReturnEndsLine` (data files, as
/// Docs/Semantics.md requires), at a lone `\r` too; otherwise a lone `\r` is part of the line
/// (batch queries). A `\r` that ends the bytes read so far is decided only once the next byte,
/// or the end of the input, is seen, so that a `\r\n` split between two reads of a pipe is one
/// terminator. The last line needs no terminator; input that ends with a terminator has no
/// empty line after it. Lines are bytes, not text: callers decide how to treat invalid UTF-8.
///
/// A line longer than `maxLineBytes` (its terminator aside) is not returned: `nextLine()`
/// throws `Failure.lineTooLong` as soon as the bytes read show it, having kept none of them, and
/// the next call discards the rest of that line as it is read, without keeping it, and returns
/// the line after it. So the reader holds at most about `2 × (maxLineBytes + chunkSize)` bytes,
/// whatever the input (an endless line from `/dev/zero` included).
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
  /// Why `nextLine()` returned no line.
  enum Failure: Error, Equatable {
    /// `read(2)` failed.
    case readFailed(Errno)
    /// The line is longer than `maxLineBytes`; the next call skips it.
    case lineTooLong
  }

  /// The default of `maxLineBytes`: 16 MiB.
  static let defaultMaxLineBytes = 1 << 24

  /// The descriptor still to be read; nil once its end was reached, and for bytes in memory.
  private var fileDescriptor: Int32?
  /// The bytes read so far that were not yet returned, at `lineStart ..< dataEnd`.
  private var buffer: [UInt8]
  private var lineStart = 0
  private var dataEnd = 0
  /// Where the search for the next terminator resumes: the bytes from `lineStart` to here have
  /// none (with `loneCarriageReturnEndsLine`, no `\r` either).
  private var scanned = 0
  /// Whether the bytes at `lineStart` are the rest of a line too long to return.
  private var isDiscarding = false
  /// How many bytes to ask each `read(2)` for, at least.
  let chunkSize: Int
  /// Whether a `\r` not followed by `\n` ends a line.
  let loneCarriageReturnEndsLine: Bool
  /// The longest line returned, in bytes without the terminator; a longer one is skipped.
  var maxLineBytes: Int {
    didSet { precondition(maxLineBytes >= 0, "LineReader needs a non-negative line limit") }
  }
  /// The bytes of the lines returned or skipped so far, terminators included.
  private(set) var consumedByteCount = 0
  /// How the line returned last ended.
  private(set) var lastTerminator = LineTerminator.none

  /// Creates a reader of `fileDescriptor`, which stays open: the caller closes it.
  init(
    fileDescriptor: Int32, chunkSize: Int = 1 << 16, maxLineBytes: Int = defaultMaxLineBytes,
    loneCarriageReturnEndsLine: Bool
  ) {
    precondition(chunkSize > 0, "LineReader needs a positive chunk size")
    precondition(maxLineBytes >= 0, "LineReader needs a non-negative line limit")
    self.fileDescriptor = fileDescriptor
    self.chunkSize = chunkSize
    self.maxLineBytes = maxLineBytes
    self.loneCarriageReturnEndsLine = loneCarriageReturnEndsLine
    buffer = []
  }

  /// Creates a reader of the lines of `bytes`.
  init(bytes: [UInt8], maxLineBytes: Int = defaultMaxLineBytes, loneCarriageReturnEndsLine: Bool) {
    precondition(maxLineBytes >= 0, "LineReader needs a non-negative line limit")
    fileDescriptor = nil
    chunkSize = 1
    self.maxLineBytes = maxLineBytes
    self.loneCarriageReturnEndsLine = loneCarriageReturnEndsLine
    buffer = bytes
    dataEnd = bytes.count
  }

  /// How many bytes the reader holds: what was read and not yet returned, and room to read into.
  var bufferCapacity: Int { buffer.count }

  /// The next line without its terminator, or nil at the end of the input.
  ///
  /// - Throws: `Failure.readFailed` with the error of a failed `read(2)`; `.lineTooLong` for a
  ///   line longer than `maxLineBytes`, which the next call skips.
  /// - Complexity: Amortised O(n) in the length of the line (of the lines skipped too).
  mutating func nextLine() throws(Failure) -> ArraySlice<UInt8>? {
    while true {
      if let (end, next, terminator) = nextTerminator() {
        if isDiscarding || end - lineStart > maxLineBytes {
          skip(to: next)
          if isDiscarding {
            isDiscarding = false
            continue
          }
          throw .lineTooLong
        }
        lastTerminator = terminator
        return takeLine(end: end, next: next)
      }
      // `lineStart ..< scanned` is part of the line for certain; a `\r` after it may not be.
      if isDiscarding {
        skip(to: scanned)
      } else if scanned - lineStart > maxLineBytes {
        skip(to: scanned)
        isDiscarding = true
        throw .lineTooLong
      }
      guard let fileDescriptor else {
        // The end of the input: what is left is the last line, without a terminator.
        lastTerminator = .none
        let wasDiscarding = isDiscarding
        isDiscarding = false
        guard lineStart < dataEnd else { return nil }
        if wasDiscarding || dataEnd - lineStart > maxLineBytes {
          skip(to: dataEnd)
          if wasDiscarding { return nil }
          throw .lineTooLong
        }
        return takeLine(end: dataEnd, next: dataEnd)
      }
      do {
        if try fill(from: fileDescriptor) == 0 { self.fileDescriptor = nil }
      } catch {
        throw .readFailed(error)
      }
    }
  }

  /// Whether the next line is already read, so that `nextLine()` returns it without reading:
  /// a line and its terminator are in the buffer, or the input's end was reached. False when
  /// `nextLine()` may wait for more input (or is skipping the rest of a line too long), so that
  /// the batch command writes its answers out before such a wait and only then.
  var hasBufferedLine: Bool {
    guard !isDiscarding else { return false }
    guard fileDescriptor != nil else { return true }
    if case .found = scanForTerminator() { return true }
    return false
  }

  /// The terminator that ends the line at `lineStart`, if the bytes read so far decide it: where
  /// the line ends, where the next begins, and which terminator it is. Moves `scanned` on, to
  /// the end of what was read or to a `\r` there that the next byte decides.
  private mutating func nextTerminator() -> (end: Int, next: Int, LineTerminator)? {
    switch scanForTerminator() {
    case .found(let end, let next, let terminator):
      return (end, next, terminator)
    case .undecided(let resumeAt):
      scanned = resumeAt
      return nil
    }
  }

  /// What the bytes read so far tell of the terminator of the line at `lineStart`.
  private enum TerminatorScan {
    /// The line ends at `end`, the next begins at `next`, and `terminator` is between them.
    case found(end: Int, next: Int, terminator: LineTerminator)
    /// Not decided yet: the search resumes at `resumeAt` once more bytes are read.
    case undecided(resumeAt: Int)
  }

  /// Looks for the terminator of the line at `lineStart` from `scanned` on, without moving
  /// anything.
  private func scanForTerminator() -> TerminatorScan {
    let lineFeed = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    guard loneCarriageReturnEndsLine else {
      guard let newline = firstIndex(from: scanned, where: { $0 == lineFeed }) else {
        // A `\r` at the end may be the first byte of `\r\n`.
        let isCarriageReturnLast = dataEnd > lineStart && buffer[dataEnd - 1] == carriageReturn
        return .undecided(resumeAt: isCarriageReturnLast ? dataEnd - 1 : dataEnd)
      }
      if newline > lineStart && buffer[newline - 1] == carriageReturn {
        return .found(end: newline - 1, next: newline + 1, terminator: .carriageReturnLineFeed)
      }
      return .found(end: newline, next: newline + 1, terminator: .lineFeed)
    }
    guard let breakIndex = firstIndex(from: scanned, where: { $0 == lineFeed || $0 == carriageReturn }) else {
      return .undecided(resumeAt: dataEnd)
    }
    if buffer[breakIndex] == lineFeed { return .found(end: breakIndex, next: breakIndex + 1, terminator: .lineFeed) }
    guard breakIndex + 1 < dataEnd else {
      // A `\r` at the end of what was read: the next byte, or the end of the input, decides.
      guard fileDescriptor == nil else { return .undecided(resumeAt: breakIndex) }
      return .found(end: breakIndex, next: breakIndex + 1, terminator: .carriageReturn)
    }
    if buffer[breakIndex + 1] == lineFeed {
      return .found(end: breakIndex, next: breakIndex + 2, terminator: .carriageReturnLineFeed)
    }
    return .found(end: breakIndex, next: breakIndex + 1, terminator: .carriageReturn)
  }

  /// The index of the first byte at `start ..< dataEnd` that `isBreak`, or nil.
  ///
  /// A loop over the buffer's storage: quick enough in a debug build for lines of many MiB.
  private func firstIndex(from start: Int, where isBreak: (UInt8) -> Bool) -> Int? {
    buffer.withUnsafeBufferPointer { bytes in
      var index = start
      while index < dataEnd {
        if isBreak(bytes[index]) { return index }
        index += 1
      }
      return nil
    }
  }

  /// Returns `lineStart ..< end` and moves past the line to `next`.
  private mutating func takeLine(end: Int, next: Int) -> ArraySlice<UInt8> {
    let line = buffer[lineStart..<end]
    skip(to: next)
    return line
  }

  /// Moves past the bytes before `next`, which `fill(from:)` then drops.
  private mutating func skip(to next: Int) {
    consumedByteCount += next - lineStart
    lineStart = next
    scanned = max(scanned, next)
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
      buffer += [UInt8](repeating: 0, count: max(chunkSize, buffer.count))
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

import PinyinSearch

/// Reads the records of a data file, in any of the `DataFormat`s, a batch at a time.
///
/// The reader owns what all formats share: opening the file (or reading standard input for
/// `-`), reading it in chunks of 1 MiB, skipping a UTF-8 byte order mark at the start, numbering
/// lines from 1, refusing a line longer than `--max-line-bytes` (16 MiB by default), and what
/// happens to a bad record: an error naming the file, the line and the reason, or with
/// `--skip-bad` a count and the first few reasons (`skipped`). Memory is bounded by the line
/// limit: a line too long is skipped without being kept (see `LineReader`). It reads in
/// batches so that a caller can show progress (`consumedByteCount` of `totalByteCount`) or feed
/// an engine while the rest loads.
///
/// Records come back in file order, repeated ids included; an engine keeps the later text of a
/// repeated id, as Docs/Semantics.md requires.
///
///     var reader = try DataFileReader(options: DataFileOptions(path: "people.csv", format: .csv))
///     defer { reader.close() }
///     while let batch = try reader.nextBatch() { engine.add(contentsOf: batch) }
struct DataFileReader: Sendable {
  /// What is read, and how.
  let options: DataFileOptions
  /// The lines of the input.
  private var lines: LineReader
  /// The format's decoder.
  private var decoder: any RecordDecoder
  /// The number of the line read last.
  private var lineNumber = 0
  /// The descriptor to close; nil for standard input and for bytes in memory.
  private var ownedDescriptor: Int32?
  /// Whether the input has ended and the decoder finished.
  private var isFinished = false
  /// The size of the input when it is a regular file, when it was opened: for progress, and to
  /// tell a file truncated while it is read (`DataWarning.truncated`); nil for a pipe or terminal.
  let totalByteCount: Int?
  /// The bad records skipped so far (with `--skip-bad`).
  private(set) var skipped = SkippedRecords()
  /// The warnings about the file so far.
  private(set) var warnings: [DataWarning] = []

  /// Opens the file `options` names, or takes standard input for `-`.
  ///
  /// - Throws: `CommandLineError.cannotOpen` for a missing, unreadable or directory path.
  init(options: DataFileOptions) throws(CommandLineError) {
    let descriptor: Int32
    if options.isStandardInput {
      descriptor = System.standardInput
    } else {
      do {
        descriptor = try System.openForReading(options.path)
      } catch {
        throw .cannotOpen(path: options.path, error)
      }
      ownedDescriptor = descriptor
    }
    self.options = options
    lines = LineReader(
      fileDescriptor: descriptor, chunkSize: 1 << 20, maxLineBytes: options.maxLineBytes,
      loneCarriageReturnEndsLine: true)
    decoder = options.format.makeDecoder(options)
    totalByteCount = System.regularFileSize(descriptor)
  }

  /// A reader of `bytes`, named `options.path` in errors.
  init(bytes: [UInt8], options: DataFileOptions) {
    self.options = options
    lines = LineReader(bytes: bytes, maxLineBytes: options.maxLineBytes, loneCarriageReturnEndsLine: true)
    decoder = options.format.makeDecoder(options)
    totalByteCount = bytes.count
  }

  /// How many bytes of the input have been read and decoded.
  var consumedByteCount: Int { lines.consumedByteCount }

  /// Closes the file, if the reader opened one.
  mutating func close() {
    if let descriptor = ownedDescriptor { System.close(descriptor) }
    ownedDescriptor = nil
  }

  /// The next records, at least `minimumCount` of them unless the input ends first; nil once
  /// every record has been returned.
  ///
  /// - Throws: `CommandLineError.readFailed`, or `.badRecord` for the first bad record (the
  ///   first fatal one with `--skip-bad`).
  /// - Complexity: O(n) in the bytes read.
  mutating func nextBatch(minimumCount: Int = 4096) throws(CommandLineError) -> [Record]? {
    guard !isFinished else { return nil }
    var output = DecodedRecords()
    while output.records.count < minimumCount {
      let next: ArraySlice<UInt8>?
      do {
        next = try lines.nextLine()
      } catch {
        switch error {
        case .readFailed(let error): throw .readFailed(path: options.displayName, error)
        case .lineTooLong:
          // Stops here without --skip-bad; with it, the next `nextLine()` skips the line.
          lineNumber += 1
          decoder.skipLongLine(lineNumber: lineNumber, limit: options.maxLineBytes, into: &output)
          try settle(&output)
          continue
        }
      }
      guard var line = next else {
        isFinished = true
        // A regular file that ends before the size it had when opened was cut short meanwhile:
        // say so, rather than hand over its first records as if they were all.
        if let total = totalByteCount, lines.consumedByteCount < total {
          warnings.append(.truncated(read: lines.consumedByteCount, expected: total))
        }
        decoder.finish(lastLineNumber: lineNumber, into: &output)
        try settle(&output)
        break
      }
      lineNumber += 1
      if lineNumber == 1 && line.starts(with: Self.byteOrderMark) { line = line.dropFirst(Self.byteOrderMark.count) }
      decoder.decode(line, terminator: lines.lastTerminator, lineNumber: lineNumber, into: &output)
      try settle(&output)
    }
    return output.records.isEmpty && isFinished ? nil : output.records
  }

  /// Every record left, calling `progress` with how far the reading is after each batch.
  ///
  /// - Throws: As `nextBatch(minimumCount:)`.
  mutating func readAll(progress: (LoadState) -> Void = { _ in }) throws(CommandLineError) -> [Record] {
    var records: [Record] = []
    while let batch = try nextBatch() {
      records += batch
      progress(
        LoadState(
          name: options.displayName, consumedByteCount: consumedByteCount, totalByteCount: totalByteCount,
          recordCount: records.count))
    }
    return records
  }

  /// Moves the warnings of `output` to `warnings`, and counts its errors as skipped with
  /// `--skip-bad`, removing them; throws the first error without it, and the first fatal one
  /// with it.
  private mutating func settle(_ output: inout DecodedRecords) throws(CommandLineError) {
    warnings += output.warnings
    if let error = options.skipsBadRecords ? output.fatalError : output.errors.first {
      output.removeErrorsAndWarnings()
      throw .badRecord(path: options.displayName, line: error.line, error.problem)
    }
    skipped.add(output.errors, count: output.errorCount)
    output.removeErrorsAndWarnings()
  }

  /// The UTF-8 encoding of U+FEFF.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

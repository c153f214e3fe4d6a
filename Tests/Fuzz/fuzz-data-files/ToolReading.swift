#if DEBUG || FUZZING
  import PinyinSearch

  @testable import PinyinSearchCLI

  /// Reads data files as the tool does: `DataFileReader(bytes:options:)`, then `readAll()` or
  /// `nextBatch(minimumCount:)`.
  ///
  /// The one file of `fuzz-data-files` that uses the tool's internal API (`@testable import`,
  /// available in debug builds and in the fuzz build, which enables testing): when the data-file
  /// readers change, only this file follows.
  enum ToolReading {
    /// The first problem of a line format's line, in the tool's words, for `LineFormatOracle`.
    static let invalidUTF8 = DataProblem.invalidUTF8.description
    static let emptyID = DataProblem.emptyID.description

    /// Reads `file` with `options`: all at once, or `batchSize` records at a time, checking
    /// that the reader stays finished once it has returned nil; `progress` gets each progress
    /// report of `readAll()`.
    static func read(
      _ file: [UInt8], _ options: ReadingOptions, batchSize: Int?, progress: (ReadingProgress) -> Void = { _ in }
    ) -> (reading: Reading, staysFinished: Bool) {
      let toolOptions = DataFileOptions(
        path: options.path, format: DataFormat(rawValue: options.format.rawValue)!,
        idColumn: options.idColumn.map(ColumnSelector.init), textColumn: options.textColumn.map(ColumnSelector.init),
        skipsBadRecords: options.skipsBadRecords)
      var reader = DataFileReader(bytes: file, options: toolOptions)
      var reading = Reading()
      var staysFinished = true
      do throws(CommandLineError) {
        if let batchSize {
          while let batch = try reader.nextBatch(minimumCount: batchSize) { reading.records += batch.map(bytes) }
          staysFinished = (try? reader.nextBatch(minimumCount: batchSize)) == nil
        } else {
          reading.records = try reader.readAll { state in
            progress(ReadingProgress(consumedByteCount: state.consumedByteCount, totalByteCount: state.totalByteCount))
          }.map(bytes)
        }
      } catch {
        switch error {
        case .badRecord(let path, let line, let problem):
          reading.error = (path, LineProblem(line: line, reason: problem.description))
        default:
          reading.error = (options.path, LineProblem(line: nil, reason: "\(error)"))
        }
      }
      reading.skippedCount = reader.skipped.count
      reading.skipped = reader.skipped.listed.map { LineProblem(line: $0.line, reason: $0.problem.description) }
      return (reading, staysFinished)
    }

    /// A record as its id's and its text's bytes, compared exactly.
    private static func bytes(_ record: Record) -> [[UInt8]] {
      [Array(record.id.utf8), Array(record.text.utf8)]
    }
  }
#else
  /// Stands in for the tool's reader in builds without testability (release builds), where the
  /// tool's internal API cannot be imported: `fuzz-data-files` then only says so.
  enum ToolReading {
    static let invalidUTF8 = ""
    static let emptyID = ""

    static func read(
      _ file: [UInt8], _ options: ReadingOptions, batchSize: Int?, progress: (ReadingProgress) -> Void = { _ in }
    ) -> (reading: Reading, staysFinished: Bool) {
      fatalError("fuzz-data-files needs the tool's internal API: build it in debug (swift build) or with .ci/fuzz.sh")
    }
  }
#endif

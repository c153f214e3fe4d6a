import FuzzSupport
import PinyinSearch

/// The rules `fuzz-data-files` checks on one input, read as the tool reads a data file
/// (`ToolReading`), once with `readAll()` and once a few records at a time:
///
/// - both readings give the same error and skipped records, and without an error the same
///   records; progress never goes backwards or past the input's size; a finished reader stays
///   finished;
/// - the only error is a bad record, named after the file, on a line of the file; with
///   `--skip-bad` only a fatal one (a CSV header problem), and without it nothing is skipped;
/// - every record has a non-empty id; in the line formats no id or text holds a line break,
///   TSV ids hold no tab, text ids are line numbers; there are no more records and skipped
///   records than lines, skipped lines in increasing order;
/// - TSV and text files give exactly what `LineFormatOracle` reads.
///
/// A broken rule ends the process with the input described (`Finding`).
struct DataFileCheck {
  /// The input being checked.
  let input: DataFilesInput

  /// Checks every rule.
  func run() {
    let options = input.options
    var progress: [ReadingProgress] = []
    let whole = ToolReading.read(input.file, options, batchSize: nil) { progress.append($0) }.reading
    let consumed = progress.map(\.consumedByteCount)
    if consumed != consumed.sorted() || consumed.contains(where: { $0 > input.file.count })
      || progress.contains(where: { $0.totalByteCount != input.file.count })
    {
      report("the progress goes backwards or past the input: \(progress)", whole)
    }
    let (batched, staysFinished) = ToolReading.read(input.file, options, batchSize: input.batchSize)
    if batched.error?.path != whole.error?.path || batched.error?.problem != whole.error?.problem
      || batched.skippedCount != whole.skippedCount || batched.skipped != whole.skipped
      || (whole.error == nil && batched.records != whole.records)
    {
      report("reading in batches gives something else than readAll()", whole, ("in batches", batched))
    }
    if !staysFinished { report("the reader returns records after its end", batched) }
    let lineCount = LineFormatOracle.lines(of: input.file).count
    if let (path, problem) = whole.error {
      guard let line = problem.line else { report("an error other than a bad record", whole) }
      if path != options.path || !(1...max(lineCount, 1)).contains(line) {
        report("an error names another file or a line outside the file", whole)
      }
      if options.skipsBadRecords && options.format != .csv {
        report("--skip-bad stops at a problem that is not the CSV header's", whole)
      }
    }
    if !options.skipsBadRecords && whole.skippedCount > 0 { report("skipped records without --skip-bad", whole) }
    if whole.records.count + whole.skippedCount > lineCount { report("more records than lines", whole) }
    let skippedLines = whole.skipped.compactMap(\.line)
    if skippedLines.count != whole.skipped.count || skippedLines != skippedLines.sorted()
      || Set(skippedLines).count != skippedLines.count || !skippedLines.allSatisfy({ (1...lineCount).contains($0) })
    {
      report("skipped records out of order or outside the file", whole)
    }
    for record in whole.records {
      let (id, text) = (record[0], record[1])
      if id.isEmpty { report("a record with an empty id", whole) }
      guard options.format.isLineFormat else { continue }
      if id.contains(UInt8(ascii: "\n")) || text.contains(UInt8(ascii: "\n")) {
        report("a line format's record holds a line break", whole)
      }
      if options.format == .tsv && id.contains(UInt8(ascii: "\t")) { report("a TSV id holds a tab", whole) }
      if options.format == .text && Int(String(decoding: id, as: UTF8.self)) == nil {
        report("a text record's id is not a line number", whole)
      }
    }
    if options.format.isLineFormat {
      let (records, problems) = LineFormatOracle.read(input.file, options.format)
      var expected = Reading()
      if options.skipsBadRecords {
        expected.records = records
        expected.skippedCount = problems.count
        expected.skipped = Array(problems.prefix(whole.skipped.count))
      } else if let first = problems.first {
        expected.error = (options.path, first)
      } else {
        expected.records = records
      }
      // The tool lists the first few skipped records: they must be the first bad lines.
      if expected != whole || (whole.skipped.isEmpty && whole.skippedCount > 0) {
        report("the line format reads otherwise than its definition", whole, ("expected", expected))
      }
    }
  }

  /// Reports that `rule` is broken, with the input, what was read, and another named reading.
  private func report(_ rule: String, _ reading: Reading, _ other: (String, Reading)? = nil) -> Never {
    let options = input.options
    var details: [(name: String, value: String)] = [
      (
        "options",
        "format \(options.format), --id-column \(options.idColumn.map(Finding.quoted) ?? "none"), "
          + "--text-column \(options.textColumn.map(Finding.quoted) ?? "none"), "
          + "--skip-bad \(options.skipsBadRecords), batches of \(input.batchSize)"
      ),
      ("file", Finding.quoted(bytes: input.file) + " (\(input.file.count) bytes)"),
    ]
    for (name, reading) in [("read", reading)] + (other.map { [$0] } ?? []) {
      let records = reading.records.map { "  \(Finding.quoted(bytes: $0[0])) \(Finding.quoted(bytes: $0[1]))" }
      details.append(("\(name): records (id, text)", records.isEmpty ? "  (none)" : records.joined(separator: "\n")))
      details.append(
        ("\(name): error", reading.error.map { "\($0.path):\($0.problem.line ?? 0): \($0.problem.reason)" } ?? "none"))
      let skipped = reading.skipped.map { "line \($0.line ?? 0): \($0.reason)" }
      details.append(("\(name): skipped", "\(reading.skippedCount): \(skipped.joined(separator: "; "))"))
    }
    Finding.report(rule, details)
  }
}

import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

/// With `--skip-bad`, a CSV quote that is not closed before the end of the file, or within
/// `--max-line-bytes`, costs only the line where its record starts: parsing resumes at the next
/// line, in time linear in the file.
@Suite struct CSVRecoveryTests {
  @Test func losesOnlyTheLineOfAnUnclosedQuote() throws {
    let rows = (1...100_000).map { $0 == 2 ? "c2,\"Smith, John" : "c\($0),name \($0)" }
    let (records, skipped) = try readRecords("id,text\n" + rows.joined(separator: "\n") + "\n", .csv, skipBad: true)
    #expect(records.count == 99_999)
    #expect(records.first?.id == "c1" && records.dropFirst().first?.id == "c3" && records.last?.id == "c100000")
    #expect(skipped.count == 1)
    #expect(skipped.listed == [RecordError(line: 3, problem: .unterminatedQuote)])
  }

  @Test func stillStopsAtAnUnclosedQuoteWithoutSkipBad() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 3, .unterminatedQuote)) {
      try readRecords("id,text\nc1,a\nc2,\"Smith, John\nc3,c\n", .csv)
    }
  }

  @Test func resumesAfterEachLineOfARecordThatNeverEnds() throws {
    // Line 2's quote is closed on line 4 (with text after it), where another opens for good.
    let csv = "id,text\nc1,\"a\",\"b\nc2,ok\nc3,\"x\",\"y\nc4,fine\n"
    let (records, skipped) = try readRecords(csv, .csv, skipBad: true)
    #expect(pairs(records) == [["c2", "ok"], ["c4", "fine"]])
    #expect(
      skipped.listed == [
        RecordError(line: 2, problem: .unterminatedRecord), RecordError(line: 4, problem: .unterminatedQuote),
      ])
    #expect(
      DataProblem.unterminatedRecord.description
        == "the record starting here does not end before the end of the file (a quoted field in it is not closed)")
  }

  @Test func readsAnAdversarialFileOfUnclosedQuotesInLinearTime() throws {
    // Every line opens a quote, and keeps one open when read inside a quoted field: re-reading
    // the rest of the file after each bad line would take quadratic time.
    let count = 20_000
    let csv = "id,text\n" + (1...count).map { "c\($0),\"a\",\"b\n" }.joined()
    let ((records, skipped), cost) = try ThreadCPUTime.measure { try readRecords(csv, .csv, skipBad: true) }
    #expect(records.isEmpty)
    #expect(skipped.count == count, "each line is one bad record")
    #expect(skipped.listed.map(\.line) == Array(2...11))
    #expect(
      skipped.listed.allSatisfy { $0.problem == .unterminatedRecord }, "each record's quote is closed, another not")
    #expect(cost < .seconds(20), "\(cost) of processor time: not linear")
  }

  @Test func boundsARecordWithLineBreaksByTheLineLimit() throws {
    let fits = "id,text\nc1,\"ab\ncd\"\n"  // `c1,"ab` `\n` `cd"`: 10 bytes
    #expect(try pairs(readRecords(fits, .csv, maxLineBytes: 10).records) == [["c1", "ab\ncd"]])
    let long = "id,text\nc1,\"abc\ndef\nghi\"\nc2,x\n"
    #expect(throws: CommandLineError.badRecord(path: "data", line: 2, .recordTooLong(limit: 10))) {
      try readRecords(long, .csv, maxLineBytes: 10)
    }
    #expect(
      CommandLineError.badRecord(path: "data", line: 2, .recordTooLong(limit: 10)).message
        == "data:2: record longer than 10 bytes: its quoted field spans lines (raise the limit with --max-line-bytes)")
    let (records, skipped) = try readRecords(long, .csv, skipBad: true, maxLineBytes: 10)
    #expect(pairs(records) == [["c2", "x"]])
    #expect(
      skipped.listed == [
        RecordError(line: 2, problem: .recordTooLong(limit: 10)),
        RecordError(line: 3, problem: .missingColumn(2, name: "text", fieldCount: 1)),
        RecordError(line: 4, problem: .quoteInUnquotedField),
      ])
  }

  @Test func boundsARecordThatRunsIntoALineTooLong() throws {
    let long = String(repeating: "y", count: 11)
    var (records, skipped) = try readRecords(
      "id,text\nc1,\"ab\nc2,x\n\(long)\nc3,z\n", .csv, skipBad: true, maxLineBytes: 10)
    #expect(pairs(records) == [["c2", "x"], ["c3", "z"]])
    #expect(
      skipped.listed == [
        RecordError(line: 2, problem: .recordTooLong(limit: 10)),
        RecordError(line: 4, problem: .lineTooLong(limit: 10)),
      ])
    (records, skipped) = try readRecords("id,text\nc1,\"ab\n\(long)\nc3,z\n", .csv, skipBad: true, maxLineBytes: 10)
    #expect(pairs(records) == [["c3", "z"]])
    #expect(
      skipped.listed == [
        RecordError(line: 2, problem: .recordTooLong(limit: 10)),
        RecordError(line: 3, problem: .lineTooLong(limit: 10)),
      ])
  }

  @Test func readsAdversarialRecordsAgainstTheLimitInLinearTime() throws {
    let count = 20_000
    let csv = "id,text\n" + (1...count).map { "c\($0),\"a\",\"b\n" }.joined()
    let ((records, skipped), cost) = try ThreadCPUTime.measure {
      try readRecords(csv, .csv, skipBad: true, maxLineBytes: 1000)
    }
    #expect(records.isEmpty)
    #expect(skipped.count == count)
    #expect(skipped.listed.map(\.line) == Array(2...11))
    #expect(skipped.listed.allSatisfy { $0.problem == .recordTooLong(limit: 1000) })
    #expect(cost < .seconds(20), "\(cost) of processor time: not linear")
  }

  @Test func keepsAHeaderThatNeverEndsFatal() {
    #expect(throws: CommandLineError.badRecord(path: "data", line: 1, .recordTooLong(limit: 10))) {
      try readRecords("id,\"text\na\nb\nc\nd\n", .csv, skipBad: true, maxLineBytes: 10)
    }
  }

  /// A data file's lines, split by the rule: `\n`, `\r\n` or a lone `\r` ends a line.
  static func split(_ bytes: [UInt8]) -> [(bytes: [UInt8], terminator: LineTerminator)] {
    var lines: [(bytes: [UInt8], terminator: LineTerminator)] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        lines.append((current, .lineFeed))
        current = []
      case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
        lines.append((current, .carriageReturnLineFeed))
        current = []
        index += 1
      case UInt8(ascii: "\r"):
        lines.append((current, .carriageReturn))
        current = []
      default:
        current.append(bytes[index])
      }
      index += 1
    }
    if !current.isEmpty { lines.append((current, .none)) }
    return lines
  }

  /// What the rule makes of `lines` (a header `id,text` first), read naively: a record that
  /// does not end before the end of the input, or within `limit` bytes, is bad on its first
  /// line, and everything after that line is read again.
  static func oracle(
    _ lines: [(bytes: [UInt8], terminator: LineTerminator)], limit: Int
  ) -> (records: [Record], errors: [RecordError]) {
    var output: (records: [Record], errors: [RecordError]) = ([], [])
    var first = 1  // 0-based index of the line where a record may start; line 0 is the header
    outer: while first < lines.count {
      let number = first + 1
      if lines[first].bytes.count > limit {
        output.errors.append(RecordError(line: number, problem: .lineTooLong(limit: limit)))
        first += 1
        continue
      }
      if lines[first].bytes.isEmpty {
        first += 1
        continue
      }
      var parser = CSVRecordParser()
      parser.parse(lines[first].bytes[...], terminator: lines[first].terminator, lineNumber: number)
      let firstLineProblem = parser.problem
      var size = lines[first].bytes.count + lines[first].terminator.bytes.count
      var last = first
      var opensLater = false
      while parser.isInQuotedField {
        last += 1
        let overrun: DataProblem?
        if last == lines.count {
          overrun = opensLater ? .unterminatedRecord : .unterminatedQuote
        } else if lines[last].bytes.count > limit - size {
          overrun = .recordTooLong(limit: limit)
        } else {
          overrun = nil
        }
        if let overrun {
          output.errors.append(firstLineProblem ?? RecordError(line: number, problem: overrun))
          first += 1
          continue outer
        }
        parser.parse(lines[last].bytes[...], terminator: lines[last].terminator, lineNumber: last + 1)
        size += lines[last].bytes.count + lines[last].terminator.bytes.count
        if parser.isInQuotedField && parser.quoteLine == last + 1 { opensLater = true }
      }
      first = last + 1
      let fields = parser.fields.map { String(decoding: $0, as: UTF8.self) }
      if let problem = parser.problem {
        output.errors.append(problem)
      } else if fields.count < 2 {
        output.errors.append(
          RecordError(line: number, problem: .missingColumn(2, name: "text", fieldCount: fields.count)))
      } else if fields[0].isEmpty {
        output.errors.append(RecordError(line: number, problem: .emptyID))
      } else {
        output.records.append(Record(id: fields[0], text: fields[1]))
      }
    }
    return output
  }

  /// What `CSVFormat` makes of `lines`, fed as `DataFileReader` feeds it, and how many bytes it
  /// parsed.
  static func decode(
    _ lines: [(bytes: [UInt8], terminator: LineTerminator)], limit: Int
  ) -> (output: DecodedRecords, parsedByteCount: Int) {
    var decoder = CSVFormat(idColumn: nil, textColumn: nil, maxRecordBytes: limit)
    var output = DecodedRecords(keptErrorLimit: .max)
    for (index, line) in lines.enumerated() {
      if line.bytes.count > limit {
        decoder.skipLongLine(lineNumber: index + 1, limit: limit, into: &output)
      } else {
        decoder.decode(line.bytes[...], terminator: line.terminator, lineNumber: index + 1, into: &output)
      }
    }
    decoder.finish(lastLineNumber: lines.count, into: &output)
    return (output, decoder.parsedByteCount)
  }

  @Test func agreesWithReadingAgainNaivelyAfterEachBadLine() {
    var random = SplitMix64(seed: 42)
    let pieces = ["a", "b", ",", "\"", "\"", "\"\"", "\n", "\n", "\r\n", "\r"]
    for round in 0..<TestScale.rounds(3000) {
      let body = (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }
      let bytes = Array(("id,text\n" + body.joined()).utf8)
      let limit = [7, 8, 12, 20, 1 << 20].randomElement(using: &random)!
      let lines = Self.split(bytes)
      let expected = Self.oracle(lines, limit: limit)
      let (output, parsedByteCount) = Self.decode(lines, limit: limit)
      #expect(
        output.records == expected.records, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)"
      )
      #expect(
        output.errors == expected.errors, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
      #expect(parsedByteCount <= 3 * bytes.count)
      // The reader, with its line limit, agrees with the lines fed by hand.
      if let (records, skipped) = try? readRecords(bytes, .csv, skipBad: true, maxLineBytes: limit) {
        #expect(records == expected.records && skipped.count == expected.errors.count, "round \(round)")
      } else {
        Issue.record("round \(round): the reader stopped")
      }
    }
  }

  @Test func keepsTheFirstErrorsOnlyWhileCountingThemAll() {
    // One call settles every line of the file: the errors it finds must not all be kept.
    let lines = Self.split(Array(("id,text\n" + String(repeating: "c1,\"a\",\"b\n", count: 20_000)).utf8))
    var decoder = CSVFormat(idColumn: nil, textColumn: nil)
    var output = DecodedRecords(keptErrorLimit: 10)
    for (index, line) in lines.enumerated() {
      decoder.decode(line.bytes[...], terminator: line.terminator, lineNumber: index + 1, into: &output)
    }
    #expect(output.errorCount == 0, "all 20,000 records are still open")
    decoder.finish(lastLineNumber: lines.count, into: &output)
    #expect(output.errorCount == 20_000)
    #expect(output.errors.map(\.line) == Array(2...11))
    #expect(output.fatalError == nil)
  }

  @Test func keepsTheFirstFatalErrorAndNothingAfterIt() {
    var output = DecodedRecords(keptErrorLimit: 1)
    output.reject(RecordError(line: 1, problem: .emptyID))
    output.reject(RecordError(line: 2, problem: .emptyID))
    output.reject(RecordError(line: 3, problem: .invalidUTF8, isFatal: true))
    output.reject(RecordError(line: 4, problem: .invalidUTF8, isFatal: true))
    #expect(output.errors == [RecordError(line: 1, problem: .emptyID)])
    #expect(output.errorCount == 3)
    #expect(output.fatalError == RecordError(line: 3, problem: .invalidUTF8, isFatal: true))
  }

  @Test func parsesEachByteAtMostThreeTimes() {
    for (text, limit) in [
      ("id,text\n" + String(repeating: "c1,\"a\",\"b\n", count: 5000), 1 << 20),
      ("id,text\n" + String(repeating: "c1,\"a\",\"b\n", count: 5000), 1000),
      ("id,text\nc0,\"open\n" + String(repeating: "c1,x\n", count: 5000), 1 << 20),
      ("id,text\n" + String(repeating: "c1,\"a\nb\"\n", count: 5000), 1 << 20),
    ] {
      let bytes = Array(text.utf8)
      #expect(Self.decode(Self.split(bytes), limit: limit).parsedByteCount <= 3 * bytes.count)
    }
  }
}

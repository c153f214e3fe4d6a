import PinyinSearch

/// What the TSV and text formats must read, written again from their definition (README, "Data
/// files"; `TSVFormat`, `TextFormat`) in the simplest way: lines end at `\n`, `\r\n` or a lone
/// `\r`, no empty line after a final terminator, a byte order mark removed from the first line,
/// empty lines no records.
enum LineFormatOracle {
  /// The records of `file` in `format` (TSV or text), as the bytes of id and text, and the bad
  /// lines, in file order.
  static func read(_ file: [UInt8], _ format: FileFormat) -> (records: [[[UInt8]]], problems: [LineProblem]) {
    precondition(format.isLineFormat, "the oracle knows the line formats only")
    var records: [[[UInt8]]] = []
    var problems: [LineProblem] = []
    for (index, line) in lines(of: file).enumerated() where !line.isEmpty {
      let number = index + 1
      let tab = format == .tsv ? line.firstIndex(of: UInt8(ascii: "\t")) : nil
      let id = tab.map { Array(line[..<$0]) } ?? Array(String(number).utf8)
      let text = tab.map { Array(line[($0 + 1)...]) } ?? line
      if !id.isValidUTF8 || !text.isValidUTF8 {
        problems.append(LineProblem(line: number, reason: ToolReading.invalidUTF8))
      } else if id.isEmpty {
        problems.append(LineProblem(line: number, reason: ToolReading.emptyID))
      } else {
        records.append([id, text])
      }
    }
    return (records, problems)
  }

  /// The lines of `file` without their terminators.
  static func lines(of file: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = [[]]
    var index = 0
    while index < file.count {
      let byte = file[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        lines.append([])
      } else if byte == UInt8(ascii: "\r") {
        if index < file.count && file[index] == UInt8(ascii: "\n") { index += 1 }
        lines.append([])
      } else {
        lines[lines.count - 1].append(byte)
      }
    }
    if lines.last?.isEmpty == true { lines.removeLast() }
    if lines.first?.starts(with: [0xEF, 0xBB, 0xBF]) == true { lines[0].removeFirst(3) }
    return lines
  }
}

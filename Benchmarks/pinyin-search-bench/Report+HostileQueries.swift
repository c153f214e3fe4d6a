extension Report {
  /// The worst queries found so far (`HostileQueries`) on each data set's index of every option.
  func hostileQuerySection() -> [String] {
    let measured = measurements.filter { !$0.hostileQueries.isEmpty }
    guard !measured.isEmpty else { return [] }
    var lines = [
      "", "## Hostile queries", "",
      "The worst inputs found so far (`HostileQueries.swift`), each run 5 times on the hash index of every "
        + "option (mixed, every fuzzy rule, traditional, keypad): units longer than any key, pinyin and letters "
        + "repeated past every key, long digit strings, separators alone. *slowest*: the slowest run, the first "
        + "included; the target is at most 10 ms each at 1,000,000 records for queries of at most 64 bytes.",
      "",
      "| data set | query | bytes | median | slowest | results |",
      "|---|---|---:|---:|---:|---:|",
    ]
    for measurement in measured {
      for row in measurement.hostileQueries {
        lines.append(
          "| \(measurement.dataSet.label) | \(row.label) | \(row.byteCount) | \(Format.duration(row.median)) | "
            + "\(Format.duration(row.slowest)) | \(row.resultCount) |")
      }
    }
    return lines
  }

  /// The hostile queries' figures as JSON, one object per query.
  static func hostileQueriesJSON(_ rows: [HostileQueryMeasurement]) -> JSONValue {
    .array(
      rows.map { row in
        .object([
          ("label", .string(row.label)),
          ("bytes", .integer(row.byteCount)),
          ("medianNanoseconds", .integer(Int(row.median.nanoseconds))),
          ("slowestNanoseconds", .integer(Int(row.slowest.nanoseconds))),
          ("results", .integer(row.resultCount)),
        ])
      })
  }
}

extension Report {
  /// The same figures as the Markdown report, as JSON: durations in nanoseconds, sizes in bytes.
  var json: JSONValue {
    .object([
      ("tool", .string("pinyin-search-bench")),
      ("date", .string(date)),
      ("build", .string(Self.isReleaseBuild ? "release" : "debug")),
      ("processors", .integer(processorCount)),
      ("physicalMemoryBytes", .integer(physicalMemory)),
      ("wallNanoseconds", .integer(Int(wallTime.nanoseconds))),
      ("checksum", .string(String(checksum))),
      (
        "options",
        .object([
          ("quick", .bool(options.isQuick)),
          ("sampledRecords", .integer(options.sampledRecords)),
          ("randomQueries", .integer(options.randomQueries)),
          ("seed", .integer(Int(options.seed))),
          ("queryBudgetNanoseconds", .integer(Int(options.queryBudget.nanoseconds))),
          ("limit", .integer(options.limit)),
        ])
      ),
      ("dataSets", .array(measurements.map(Self.json(for:)))),
      (
        "scaling",
        .array(
          ScalingRow.rows(of: measurements).map { row in
            .object([
              ("engine", .string(row.engine.rawValue)),
              (
                "points",
                .array(
                  row.points.map { point in
                    .object([
                      ("records", .integer(point.records)),
                      ("medianNanoseconds", point.median.map { .integer(Int($0.nanoseconds)) } ?? .null),
                      ("preparationNanoseconds", .integer(Int(point.preparation.nanoseconds))),
                    ])
                  })
              ),
            ])
          })
      ),
      (
        "targets",
        .array(
          targets.map {
            .object([
              ("target", .string($0.name)), ("measured", .string($0.measured)), ("met", .bool($0.isMet)),
              ("margin", .string($0.margin)),
            ])
          })
      ),
      ("hasDisagreements", .bool(hasDisagreements)),
    ])
  }

  /// One data set's figures.
  private static func json(for measurement: DataSetMeasurement) -> JSONValue {
    let queries = measurement.workload.queries
    let buckets = measurement.workload.countsByBucket
    return .object([
      ("label", .string(measurement.dataSet.label)),
      ("records", .integer(measurement.recordCount)),
      ("loadingNanoseconds", .integer(Int(measurement.loading.nanoseconds))),
      ("queries", .integer(queries.count)),
      ("sampledRecords", .integer(measurement.workload.sampledRecordCount)),
      ("queriesByLength", .object(LengthBucket.allCases.map { ($0.key, .integer(buckets[$0] ?? 0)) })),
      (
        "snapshot",
        .object([
          ("buildNanoseconds", .integer(Int(measurement.snapshot.build.nanoseconds))),
          ("saveNanoseconds", .integer(Int(measurement.snapshot.save.nanoseconds))),
          ("openNanoseconds", .integer(Int(measurement.snapshot.open.nanoseconds))),
          ("openStructureNanoseconds", .integer(Int(measurement.snapshot.openStructure.nanoseconds))),
          ("bytes", .integer(measurement.snapshot.byteCount)),
          ("differingQueries", .integer(measurement.snapshot.differingQueries)),
        ])
      ),
      ("hostileQueries", Self.hostileQueriesJSON(measurement.hostileQueries)),
      (
        "optionSnapshots",
        .array(
          measurement.optionSnapshots.map { options, snapshot in
            .object([
              ("options", .string(options)),
              ("buildNanoseconds", .integer(Int(snapshot.build.nanoseconds))),
              ("saveNanoseconds", .integer(Int(snapshot.save.nanoseconds))),
              ("openNanoseconds", .integer(Int(snapshot.open.nanoseconds))),
              ("openStructureNanoseconds", .integer(Int(snapshot.openStructure.nanoseconds))),
              ("bytes", .integer(snapshot.byteCount)),
              ("differingQueries", .integer(snapshot.differingQueries)),
            ])
          })
      ),
      (
        "engines",
        .array(
          measurement.engines.map { engine in
            var members: [(String, JSONValue)] = [
              ("engine", .string(engine.engine.rawValue)),
              ("preparationNanoseconds", .integer(Int(engine.preparation.nanoseconds))),
              ("readyNanoseconds", engine.readyAfter.map { .integer(Int($0.nanoseconds)) } ?? .null),
              ("residentGrowthBytes", .integer(engine.residentGrowth)),
              ("peakResidentBytes", .integer(engine.peakResident)),
              ("engineBytes", engine.engineBytes.map { .integer($0) } ?? .null),
              ("queriesRun", .integer(engine.queryCount)),
              ("sampleStride", .integer(engine.stride)),
              ("comparedQueries", .integer(engine.comparedQueries)),
              ("differingQueries", .integer(engine.differingQueries)),
              ("differenceExamples", .array(engine.differenceExamples.map { .string($0) })),
              ("latency", latencyJSON(engine.summary(of: queries, in: nil))),
              (
                "slowestQueries",
                .array(
                  engine.slowest(5, of: queries).map {
                    .object([("query", .string($0.query)), ("nanoseconds", .integer(Int($0.latency.nanoseconds)))])
                  })
              ),
              (
                "latencyByLength",
                .object(LengthBucket.allCases.map { ($0.key, latencyJSON(engine.summary(of: queries, in: $0))) })
              ),
            ]
            if let before = engine.queriesBeforeReady {
              members.append(("queriesBeforeReady", .integer(before)))
              members.append(("readyAfterLastQuery", .bool(engine.isReadyAfterLastQuery)))
              members.append(
                ("latencyBeforeReady", latencyJSON(LatencySummary(engine.latencies.prefix(before).compactMap { $0 }))))
            }
            return .object(members)
          })
      ),
      (
        "searchOptionWorkloads",
        .array(
          OptionWorkload.allCases.compactMap { kind in
            measurement.optionWorkloads[kind].map { workload in
              .object([
                ("workload", .string(kind.rawValue)),
                ("queries", .integer(workload.queries.count)),
                ("transformedQueries", .integer(workload.queries.filter(\.origin.isTransformed).count)),
                ("sampledRecords", .integer(workload.sampledRecordCount)),
                ("example", workload.example.map { .string($0) } ?? .null),
              ])
            }
          })
      ),
      ("searchOptions", .array(measurement.options.map { optionJSON($0, in: measurement) })),
      ("hashMemory", hashMemoryJSON(measurement)),
      ("pinIn", pinInJSON(measurement.pinIn)),
      ("batch", batchJSON(measurement.batch)),
      (
        "ratios",
        .array(
          Speedup.pairs.compactMap { Speedup($0.0, versus: $0.1, in: measurement) }.map { speedup in
            .object([
              ("engine", .string(speedup.engine.rawValue)), ("baseline", .string(speedup.baseline.rawValue)),
              ("median", .number(speedup.median)), ("p99", .number(speedup.p99)),
              ("queries", .integer(speedup.queryCount)),
            ])
          })
      ),
    ])
  }

  /// One row of the search-options table: an option set's index and one workload run on it.
  private static func optionJSON(_ row: OptionMeasurement, in measurement: DataSetMeasurement) -> JSONValue {
    let ratios = measurement.ratios(of: row)
    return .object([
      ("options", .string(row.optionsName)),
      ("description", .string(row.options.description)),
      ("workload", .string(row.workload.rawValue)),
      ("buildNanoseconds", .integer(Int(row.build.nanoseconds))),
      ("keys", .integer(row.statistics.keyCount)),
      ("postings", .integer(row.statistics.postingCount)),
      ("unindexedRecords", .integer(row.statistics.unindexedRecordCount)),
      ("indexBytes", .integer(row.statistics.indexByteCount)),
      ("recordBytes", .integer(row.statistics.recordByteCount)),
      ("buildRatio", ratios.map { .number($0.build) } ?? .null),
      ("indexBytesRatio", ratios.map { .number($0.indexBytes) } ?? .null),
      ("bytesRatio", ratios.map { .number($0.bytes) } ?? .null),
      ("answeredShare", .number(row.answeredShare)),
      ("latency", latencyJSON(row.latencies)),
      ("comparedQueries", .integer(row.comparedQueries)),
      ("differingQueries", .integer(row.differingQueries)),
      (
        "slowestQueries",
        .array(
          row.slowest.map {
            .object([("query", .string($0.query)), ("nanoseconds", .integer(Int($0.latency.nanoseconds)))])
          })
      ),
    ])
  }

  /// The hash engine's build, memory and allocations per query.
  private static func hashMemoryJSON(_ measurement: DataSetMeasurement) -> JSONValue {
    guard let hash = measurement.engine(.hash) else { return .null }
    let allocations = measurement.allocations.value
    return .object([
      ("buildNanoseconds", .integer(Int(hash.preparation.nanoseconds))),
      ("residentGrowthBytes", .integer(hash.residentGrowth)),
      ("buildPeakGrowthBytes", hash.preparationPeakGrowth.map { .integer($0) } ?? .null),
      ("engineBytes", hash.engineBytes.map { .integer($0) } ?? .null),
      ("allocationQueries", allocations.map { .integer($0.queryCount) } ?? .null),
      ("allocations", allocations.map { .integer($0.allocations) } ?? .null),
      ("resultArrays", allocations.map { .integer($0.resultArrays) } ?? .null),
      ("resultStrings", allocations.map { .integer($0.resultStrings) } ?? .null),
      ("allocationsNote", measurement.allocations.note.map { .string($0) } ?? .null),
    ])
  }

  /// PinIn4Cpp's figures, or the note of why it was skipped.
  private static func pinInJSON(_ outcome: PeerOutcome<PinInMeasurement>) -> JSONValue {
    guard let pinIn = outcome.value else { return .object([("skipped", .string(outcome.note ?? ""))]) }
    return .object([
      ("buildNanoseconds", .integer(Int(pinIn.build.nanoseconds))),
      ("residentGrowthBytes", .integer(pinIn.residentGrowth)),
      ("buildPeakGrowthBytes", pinIn.buildPeakGrowth.map { .integer($0) } ?? .null),
      ("latency", latencyJSON(pinIn.summary)),
      ("meanHits", .number(pinIn.meanHits)),
      ("answeredShare", .number(pinIn.answeredShare)),
    ])
  }

  /// The batch protocol's figures, or the note of why it was not timed.
  private static func batchJSON(_ outcome: PeerOutcome<BatchMeasurement>) -> JSONValue {
    guard let batch = outcome.value else { return .object([("skipped", .string(outcome.note ?? ""))]) }
    return .object([
      ("queries", .integer(batch.queryCount)),
      ("elapsedNanoseconds", .integer(Int(batch.elapsed.nanoseconds))),
      ("answersPerSecond", .number(batch.answersPerSecond)),
      ("peakResidentBytes", batch.peakResident.map { .integer($0) } ?? .null),
      ("indexRunNanoseconds", .integer(Int(batch.indexing.nanoseconds))),
      ("snapshotBytes", .integer(batch.snapshotBytes)),
      ("firstAnswerWithSnapshotNanoseconds", .integer(Int(batch.firstAnswer.nanoseconds))),
    ])
  }

  /// A latency summary's figures in nanoseconds; null when no query ran.
  private static func latencyJSON(_ summary: LatencySummary?) -> JSONValue {
    guard let summary else { return .null }
    return .object([
      ("count", .integer(summary.count)),
      ("medianNanoseconds", .integer(Int(summary.median.nanoseconds))),
      ("p99Nanoseconds", .integer(Int(summary.p99.nanoseconds))),
      ("maxNanoseconds", .integer(Int(summary.max.nanoseconds))),
    ])
  }
}

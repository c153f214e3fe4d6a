import Foundation

/// Everything one run measured, and its Markdown rendering (the JSON one is in `Report+JSON`).
struct Report {
  /// What was asked for.
  var options: BenchmarkOptions
  /// One per data set, in the order measured.
  var measurements: [DataSetMeasurement]
  /// The whole run, from the first record generated to the last query.
  var wallTime: Duration
  /// The fold of every search result, printed so that no search can be optimised away.
  var checksum: UInt64
  /// When the run ended, ISO 8601 in UTC.
  var date = Date().ISO8601Format()
  /// The processors online.
  var processorCount = ProcessMemory.processorCount
  /// The machine's memory.
  var physicalMemory = ProcessMemory.physicalBytes

  /// Whether this binary was built with optimisation (`-c release`).
  static var isReleaseBuild: Bool {
    #if DEBUG
      false
    #else
      true
    #endif
  }

  /// The project's speed targets (Docs/Benchmarks.md) that this run can check.
  var targets: [Target] { Target.evaluate(measurements, physicalMemory: physicalMemory) }

  /// Whether the hash or hybrid engine answered any compared query differently from the scan.
  var hasDisagreements: Bool {
    measurements.contains { measurement in
      [EngineKind.hash, .hybrid].contains { measurement.engine($0).map { $0.differingQueries > 0 } ?? false }
        || measurement.snapshot.differingQueries > 0
        || measurement.optionSnapshots.contains { $0.snapshot.differingQueries > 0 }
        || measurement.options.contains { $0.differingQueries > 0 }
    }
  }

  /// The report as Markdown: per data set a table of every engine, latency by query length,
  /// the hybrid's build, differences; then the ratios, the scaling table and the targets.
  var markdown: String {
    var lines: [String] = []
    lines.append("# PinyinSearch benchmark")
    lines.append("")
    lines.append(
      "\(Self.isReleaseBuild ? "Release" : "**Debug (figures meaningless)**") build, \(processorCount) processors, "
        + "\(Format.bytes(physicalMemory)) RAM; \(date); run took \(Format.duration(wallTime)). "
        + "Workload per data set: the typing of \(options.sampledRecords) sampled records (every prefix of their "
        + "full pinyin, initials and text) and \(options.randomQueries) random queries of 1–3 letters or digits; "
        + "top \(options.limit) results per query. Scanning engines run every k-th query when all of them would "
        + "take over \(Format.duration(options.queryBudget)).")
    lines.append("")
    lines.append("Command: `" + (["pinyin-search-bench"] + options.arguments).joined(separator: " ") + "`")
    for measurement in measurements {
      lines += section(for: measurement)
    }
    lines += ratioSection()
    lines += snapshotSection()
    lines += optionsSection()
    lines += hostileQuerySection()
    lines += memoryAndPeerSections()
    lines += scalingSection()
    lines += targetSection()
    lines.append("")
    lines.append("## Notes")
    lines.append("")
    lines.append(
      "- *preparation*: until the first query can be answered: precomputing the records (original, scan, "
        + "hybrid) or building the index (hash, records included). *ready*: the hybrid's index, as seen "
        + "between its queries.")
    lines.append(
      "- *RSS growth*: resident memory added by the preparation (hybrid: until its index is ready), after "
        + "freed memory was returned to the system. *peak RSS*: the process's high-water mark after the "
        + "engine ran, since its preparation began (the records included; where the kernel does not let the "
        + "peak be reset, cumulative over the run). "
        + "*engine bytes*: the engine's own count (hash, hybrid: index + records; original: its strings and "
        + "arrays); the scan has none.")
    lines.append(
      "- Latencies are per query, timed with `ContinuousClock` around one `search(_:limit:offset:)` call "
        + "(about 20–40 ns of it is the clock). Ratios compare two engines over the queries both ran. "
        + "Allocations are counted for the hash engine only, in a child process (see its section).")
    lines.append("- Checksum of every result: \(checksum).")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The tables of one data set.
  private func section(for measurement: DataSetMeasurement) -> [String] {
    let queries = measurement.workload.queries
    let buckets = measurement.workload.countsByBucket
    var lines = ["", "## \(measurement.dataSet.label)", ""]
    lines.append(
      "\(Format.count(measurement.recordCount)) records (loaded in \(Format.duration(measurement.loading))); "
        + "\(Format.count(queries.count)) queries "
        + (queries.first?.origin == .listed
          ? "from the workload file (" : "from \(measurement.workload.sampledRecordCount) typed records (")
        + LengthBucket.allCases.map { "\($0.label): \(Format.count(buckets[$0] ?? 0))" }.joined(separator: ", ")
        + ").")
    lines.append("")
    lines.append(
      "| engine | preparation | RSS growth | engine bytes | peak RSS | queries run | median | p99 | max "
        + "| differ from scan |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for engine in measurement.engines {
      let all = engine.summary(of: queries, in: nil)
      var preparation = Format.duration(engine.preparation)
      if let ready = engine.readyAfter { preparation += " (ready \(Format.duration(ready)))" }
      let run = Format.count(engine.queryCount) + (engine.stride > 1 ? " (1 in \(engine.stride))" : "")
      let differ =
        engine.engine == .scan
        ? "reference" : "\(Format.count(engine.differingQueries)) of \(Format.count(engine.comparedQueries))"
      lines.append(
        "| \(engine.engine.rawValue) | \(preparation) | \(Format.bytes(engine.residentGrowth)) | "
          + "\(engine.engineBytes.map(Format.bytes) ?? "–") | \(Format.bytes(engine.peakResident)) | \(run) | "
          + "\(all.map { Format.duration($0.median) } ?? "–") | \(all.map { Format.duration($0.p99) } ?? "–") | "
          + "\(all.map { Format.duration($0.max) } ?? "–") | \(differ) |")
    }
    for engine in measurement.engines where engine.stride > 1 {
      lines.append("")
      lines.append(
        "Sampled: \(engine.engine.rawValue) ran 1 query in \(engine.stride) (\(Format.count(engine.queryCount)) of "
          + "\(Format.count(queries.count))) to fit the \(Format.duration(options.queryBudget)) budget; its latencies, "
          + "differences and ratios are over those queries.")
    }
    lines.append("")
    lines.append("Latency by query length in characters (median / p99 / max):")
    lines.append("")
    lines.append("| engine | " + LengthBucket.allCases.map(\.label).joined(separator: " | ") + " |")
    lines.append("|---|" + LengthBucket.allCases.map { _ in "---:|" }.joined())
    for engine in measurement.engines {
      let cells = LengthBucket.allCases.map { bucket in
        engine.summary(of: queries, in: bucket).map {
          "\(Format.duration($0.median)) / \(Format.duration($0.p99)) / \(Format.duration($0.max))"
        } ?? "–"
      }
      lines.append("| \(engine.engine.rawValue) | " + cells.joined(separator: " | ") + " |")
    }
    if let hybrid = measurement.engine(.hybrid), let before = hybrid.queriesBeforeReady, let ready = hybrid.readyAfter {
      lines.append("")
      let during = LatencySummary(hybrid.latencies.prefix(before).compactMap { $0 })
      lines.append(
        "Hybrid during its build: searchable after \(Format.duration(hybrid.preparation)), index ready after "
          + "\(Format.duration(ready))\(hybrid.isReadyAfterLastQuery ? " (after the last query)" : ""); "
          + "\(Format.count(before)) of \(Format.count(queries.count)) queries answered before by scanning"
          + (during.map {
            " (median \(Format.duration($0.median)), p99 \(Format.duration($0.p99)), max \(Format.duration($0.max)))"
          } ?? "") + (before < queries.count ? ", the rest through the index." : "."))
    }
    if let hash = measurement.engine(.hash) {
      lines.append("")
      lines.append(
        "Slowest hash queries: "
          + hash.slowest(5, of: queries).map { "`\($0.query)` \(Format.duration($0.latency))" }.joined(separator: ", ")
          + ".")
    }
    let examples = measurement.engines.filter { !$0.differenceExamples.isEmpty }
    if !examples.isEmpty {
      lines.append("")
      lines.append("Differences from the scan (first few per engine):")
      lines.append("")
      for engine in examples {
        for example in engine.differenceExamples {
          lines.append("- \(engine.engine.rawValue): \(example)")
        }
      }
    }
    return lines
  }

  /// The hash index built with each set of search options, on the workloads of each set.
  private func optionsSection() -> [String] {
    var lines = [
      "", "## Search options", "",
      "The hash index built with each set of options — `default` (all off), each option alone (`fuzzy`: every "
        + "rule), `all` of them (mixed, every fuzzy rule, traditional, keypad), and each keyboard scheme alone — and "
        + "the hash engine's latency on the workloads of the set: *keystrokes*, the engine table's workload; "
        + "*mixed*, the typing of sampled records as abbreviations (`liuyf`) and as a character then pinyin (`刘yifei`); *fuzzy*, every prefix of "
        + "their full pinyin as a speaker who merges z/zh, c/ch, s/sh, n/l, an/ang, en/eng and in/ing types it "
        + "(`zanshang` for 张三); *traditional*, every prefix of their text in traditional characters (`劉德華`); "
        + "*keypad*, every prefix of the keypad digits of their full pinyin and of their initials (`548`, `593` for "
        + "刘亦菲); *xiaohe*, *ziranma*, *microsoft*, *sogou*, *zhuyin*, each on the index with that keyboard "
        + "scheme on, every prefix of the codes of their characters and of those codes' first keys (`lqyifw`, `lyf` "
        + "for 刘亦菲 in xiaohe; `xu.uzo` in zhuyin). *build ×*, *index ×*, *bytes ×*: the build time, the index's "
        + "tables (with the sieves of the search among candidates, about 48 bytes a record each for letters and "
        + "digits) per record, and tables and records per record (*B/record*) over the default options'. *unindexed*: records the index left out "
        + "(too many keys), matched directly at every query. *answered*: queries with a result; *differ*: "
        + "answers unlike the linear scan's with the same options, over the queries compared.", "",
    ]
    for measurement in measurements where !measurement.optionWorkloads.isEmpty {
      let described = OptionWorkload.allCases.compactMap { kind -> String? in
        guard let workload = measurement.optionWorkloads[kind] else { return nil }
        var text = "\(kind.rawValue) \(Format.count(workload.queries.count))"
        if let transformed = kind.transformedQueries {
          let count = workload.queries.filter(\.origin.isTransformed).count
          let share = Double(count) / Double(max(workload.queries.count, 1))
          text += " (\(Int((share * 100).rounded())) % \(transformed))"
        }
        text += " from \(workload.sampledRecordCount) records"
        return text + (workload.example.map { ", e.g. `\($0)`" } ?? "")
      }
      lines.append("- Queries, \(measurement.dataSet.label): " + described.joined(separator: "; ") + ".")
    }
    lines += [
      "",
      "| data set | options | build | build × | keys | unindexed | index B/record | index × | B/record | bytes × "
        + "| workload | queries | answered | median | p99 | differ |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for measurement in measurements {
      for row in measurement.options {
        let ratios = measurement.ratios(of: row)
        lines.append(
          "| \(measurement.dataSet.label) | \(row.optionsName) | \(Format.duration(row.build)) | "
            + "\(ratios.map { Format.ratio($0.build) } ?? "–") | \(Format.count(row.statistics.keyCount)) | "
            + "\(Format.count(row.statistics.unindexedRecordCount)) | "
            + "\(Int(row.indexBytesPerRecord.rounded())) | \(ratios.map { Format.ratio($0.indexBytes) } ?? "–") | "
            + "\(Int(row.bytesPerRecord.rounded())) | \(ratios.map { Format.ratio($0.bytes) } ?? "–") | "
            + "\(row.workload.rawValue) | \(Format.count(row.latencies?.count ?? 0)) | "
            + "\(Int((row.answeredShare * 100).rounded())) % | "
            + "\(row.latencies.map { Format.duration($0.median) } ?? "–") | "
            + "\(row.latencies.map { Format.duration($0.p99) } ?? "–") | "
            + "\(row.differingQueries) of \(row.comparedQueries) |")
      }
    }
    lines.append("")
    for measurement in measurements {
      if let line = Self.subsetCostLine(of: measurement) { lines.append(line) }
    }
    for measurement in measurements {
      for row in measurement.options where !row.slowest.isEmpty {
        lines.append(
          "- Slowest, \(measurement.dataSet.label), \(row.optionsName), \(row.workload.rawValue): "
            + row.slowest.map { "`\($0.query)` \(Format.duration($0.latency))" }.joined(separator: ", "))
      }
    }
    return lines
  }

  /// The cost of options per search on `measurement`: the keystrokes on the index of every
  /// option searched with none, against the default index's; nil without both rows.
  private static func subsetCostLine(of measurement: DataSetMeasurement) -> String? {
    let keystrokes = { (name: String) in
      measurement.optionRows(name).first { $0.workload == .keystrokes }?.latencies
    }
    guard let subset = keystrokes(MeasuredOptions.subsetOfAllName),
      let baseline = keystrokes(MeasuredOptions.baselineName)
    else { return nil }
    return "- Options per search, \(measurement.dataSet.label): the index of every option searched with none "
      + "answers the keystrokes in a median of \(Format.duration(subset.median)) "
      + "(\(Format.ratio(subset.median / baseline.median)) the default index's \(Format.duration(baseline.median))) "
      + "and a p99 of \(Format.duration(subset.p99)) (\(Format.ratio(subset.p99 / baseline.p99)) its "
      + "\(Format.duration(baseline.p99))); the target is at most 1.5×."
  }

  /// Hash vs scan, hash vs original, scan vs original, per data set.
  private func snapshotSection() -> [String] {
    var lines = [
      "", "## The index, and snapshots of it", "",
      "Index bytes per record: the key tables; record bytes: texts, ids and their precomputation. Rows *options "
        + "mixed*, *keypad* and *all* (every option): the index of the search-options table, saved and opened with "
        + "those options; opening such a snapshot also derives the search among candidates' sieves from every "
        + "record, at any validation level, which the open times include.", "",
      "| data set | build | keys | postings | index B/record | record B/record | save | open (median of 3) "
        + "| open, structure only | file | open vs build | answers differ |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for measurement in measurements {
      let rows =
        [(measurement.dataSet.label, measurement.snapshot)]
        + measurement.optionSnapshots.map { ("\(measurement.dataSet.label), options \($0.optionsName)", $0.snapshot) }
      for (label, snapshot) in rows {
        lines.append(
          "| \(label) | \(Format.duration(snapshot.build)) | "
            + "\(Format.count(snapshot.statistics.keyCount)) | \(Format.count(snapshot.statistics.postingCount)) | "
            + "\(snapshot.statistics.indexByteCount / max(snapshot.statistics.recordCount, 1)) | "
            + "\(snapshot.statistics.recordByteCount / max(snapshot.statistics.recordCount, 1)) | "
            + "\(Format.duration(snapshot.save)) | "
            + "\(Format.duration(snapshot.open)) | \(Format.duration(snapshot.openStructure)) | "
            + "\(Format.bytes(snapshot.byteCount)) | "
            + "\(Int(snapshot.openVersusBuild.rounded()))× | \(snapshot.differingQueries) of \(snapshot.comparedQueries) |"
        )
      }
    }
    return lines
  }

  private func ratioSection() -> [String] {
    var lines = ["", "## Ratios (same run; each over the queries both engines ran)", ""]
    lines.append(
      "| data set | "
        + Speedup.pairs.map { "\($0.0.rawValue) vs \($0.1.rawValue): median / p99" }.joined(separator: " | ") + " |")
    lines.append("|---|" + Speedup.pairs.map { _ in "---:|" }.joined())
    for measurement in measurements {
      let cells = Speedup.pairs.map { pair in
        Speedup(pair.0, versus: pair.1, in: measurement).map {
          "\(Format.ratio($0.median)) / \(Format.ratio($0.p99)) (\(Format.count($0.queryCount)) q)"
        } ?? "–"
      }
      lines.append("| \(measurement.dataSet.label) | " + cells.joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append("A ratio is how many times faster the first engine is: the second's latency over the first's.")
    return lines
  }

  /// Each engine's median and preparation over the generated sizes, and their growth.
  private func scalingSection() -> [String] {
    let rows = ScalingRow.rows(of: measurements)
    let sizes = Array(Set(rows.flatMap { $0.points.map(\.records) })).sorted()
    guard sizes.count > 1 else { return [] }
    var lines = ["", "## Scaling: median per query (preparation) as the records grow", ""]
    let steps = zip(sizes, sizes.dropFirst()).map { "\(Self.short($0.0)) → \(Self.short($0.1))" }
    lines.append("| engine | " + (sizes.map(Format.count) + steps).joined(separator: " | ") + " |")
    lines.append("|---|" + (sizes.map { _ in "---:|" } + steps.map { _ in "---:|" }).joined())
    for row in rows {
      // An engine not run at some size (the hybrid above a million records) has no point there.
      let points = sizes.map { size in row.points.first { $0.records == size } }
      let values = points.map { point in
        point.map { "\($0.median.map(Format.duration) ?? "–") (\(Format.duration($0.preparation)))" } ?? "–"
      }
      let growth = zip(points, points.dropFirst()).map { pair -> String in
        guard let from = pair.0, let to = pair.1, let fromMedian = from.median, let toMedian = to.median else {
          return "–"
        }
        return "\(Format.ratio(toMedian / fromMedian)) (\(Format.ratio(to.preparation / from.preparation)))"
      }
      lines.append("| \(row.engine.rawValue) | " + (values + growth).joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append(
      "Records grow "
        + zip(sizes, sizes.dropFirst()).map { Format.ratio(Double($0.1) / Double($0.0)) }
        .joined(separator: ", then ") + ". A scan grows with them; a lookup should not.")
    return lines
  }

  /// The speed targets, where this run's sizes allow checking them.
  private func targetSection() -> [String] {
    let targets = targets
    var lines = ["", "## Targets", ""]
    lines.append("| target | measured | met | margin |")
    lines.append("|---|---:|:---:|---|")
    for target in targets {
      lines.append("| \(target.name) | \(target.measured) | \(target.isMet ? "yes" : "**no**") | \(target.margin) |")
    }
    if !measurements.contains(where: { $0.dataSet == .generated(count: 100_000, seed: options.seed) }) {
      lines.append("")
      lines.append("The latency, build and memory targets are checked at 100,000 and 1,000,000 generated records only.")
    }
    return lines
  }

  /// `count` as `4k`, `100k`, `1M`.
  private static func short(_ count: Int) -> String {
    if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
    if count >= 1000 && count % 1000 == 0 { return "\(count / 1000)k" }
    return Format.count(count)
  }
}

import Foundation

/// The report's two charts, from the generated data sets of one run: latency percentiles
/// against record count for original, scan, hash and PinIn4Cpp (log–log), and memory per
/// record against record count, ours and PinIn's.
struct BenchmarkCharts {
  /// The run's measurements; only generated data sets are plotted.
  var measurements: [DataSetMeasurement]

  /// Each engine's colour.
  private static let colors: [String: String] = [
    "original": "#8c8c8c", "scan": "#1f77b4", "hash": "#d62728", "PinIn4Cpp": "#2ca02c",
  ]

  /// The generated data sets, by increasing size.
  private var generated: [DataSetMeasurement] {
    measurements.filter {
      if case .generated = $0.dataSet { true } else { false }
    }.sorted { $0.recordCount < $1.recordCount }
  }

  /// Median and p99 per engine.
  var latencyChart: SVGChart {
    var series: [SVGChart.Series] = []
    for kind in [EngineKind.original, .scan, .hash] {
      let summaries = generated.compactMap { measurement in
        measurement.engine(kind)?.summary(of: measurement.workload.queries, in: nil).map {
          (Double(measurement.recordCount), $0)
        }
      }
      series += Self.percentiles(named: kind.rawValue, summaries)
    }
    let pinIn = generated.compactMap { measurement in
      measurement.pinIn.value?.summary.map { (Double(measurement.recordCount), $0) }
    }
    series += Self.percentiles(named: "PinIn4Cpp", pinIn)
    return SVGChart(
      title: "Latency per keystroke (top 20; PinIn4Cpp: all hits)",
      xAxis: .init(label: "records (generated contacts)", isLogarithmic: true, format: Self.count),
      yAxis: .init(
        label: "latency per query", isLogarithmic: true, format: Self.duration),
      series: series,
      caption: "Solid: median; dashed: p99. Same keystroke workload, same run. PinIn4Cpp's CONTAIN returns every hit "
        + "and misses some initials matches: a speed anchor, not a correctness one.")
  }

  /// Bytes per record: the hash engine's own count, its resident growth and build peak, and
  /// PinIn's resident growth and build peak.
  var memoryChart: SVGChart {
    func line(_ name: String, _ color: String, _ dash: SVGChart.Dash, _ value: (DataSetMeasurement) -> Int?)
      -> SVGChart.Series
    {
      SVGChart.Series(
        name: name, color: color, dash: dash,
        points: generated.compactMap { measurement in
          value(measurement).map {
            (Double(measurement.recordCount), Double($0) / Double(max(measurement.recordCount, 1)))
          }
        })
    }
    let hash = Self.colors["hash"]!
    let pinIn = Self.colors["PinIn4Cpp"]!
    return SVGChart(
      title: "Memory per record",
      xAxis: .init(label: "records (generated contacts)", isLogarithmic: true, format: Self.count),
      yAxis: .init(label: "bytes per record", isLogarithmic: true, format: { "\(Format.count(Int($0.rounded()))) B" }),
      series: [
        line("hash: engine bytes", hash, .solid) { $0.engine(.hash)?.engineBytes },
        line("hash: RSS added", hash, .dashed) { $0.engine(.hash)?.residentGrowth },
        line("hash: build peak", hash, .dotted) { $0.engine(.hash)?.preparationPeakGrowth },
        line("PinIn4Cpp: RSS added", pinIn, .dashed) { $0.pinIn.value?.residentGrowth },
        line("PinIn4Cpp: build peak", pinIn, .dotted) { $0.pinIn.value?.buildPeakGrowth },
      ],
      caption: "Engine bytes: the index's own count (tables and records). RSS added: resident memory after the build "
        + "less before it. Build peak: the highest resident memory during the build less before it.")
  }

  /// Writes `benchmark-latency.svg` and `benchmark-memory.svg` into `directory`, created if
  /// needed.
  ///
  /// - Returns: The paths written.
  /// - Throws: `BenchmarkError.cannotWrite`.
  func write(toDirectory directory: String) throws(BenchmarkError) -> [String] {
    var written: [String] = []
    for (name, chart) in [("benchmark-latency.svg", latencyChart), ("benchmark-memory.svg", memoryChart)] {
      let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try chart.svg.write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw .cannotWrite(path: path)
      }
      written.append(path)
    }
    return written
  }

  /// A median line and a p99 line named after `name`, in its colour.
  private static func percentiles(named name: String, _ summaries: [(Double, LatencySummary)]) -> [SVGChart.Series] {
    let color = colors[name] ?? "#000"
    return [
      SVGChart.Series(
        name: "\(name) median", color: color, dash: .solid,
        points: summaries.map { ($0.0, $0.1.median.nanoseconds) }),
      SVGChart.Series(
        name: "\(name) p99", color: color, dash: .dashed, points: summaries.map { ($0.0, $0.1.p99.nanoseconds) }),
    ]
  }

  /// A tick's duration, `nanoseconds` long, without the zeros of a round figure: `1 µs`, `20 ms`.
  private static func duration(_ nanoseconds: Double) -> String {
    Format.duration(.nanoseconds(Int64(nanoseconds.rounded()))).replacingOccurrences(of: ".00 ", with: " ")
      .replacingOccurrences(of: ".0 ", with: " ")
  }

  /// A record count as `4k`, `100k`, `1M`.
  private static func count(_ value: Double) -> String {
    let count = Int(value.rounded())
    if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
    if count >= 1000 && count % 1000 == 0 { return "\(count / 1000)k" }
    return Format.count(count)
  }
}

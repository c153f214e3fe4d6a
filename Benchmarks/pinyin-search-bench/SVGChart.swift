import Foundation

/// A line chart written as SVG text, with nothing but string building: logarithmic or linear
/// axes with labelled ticks and grid lines, one polyline with dots per series, a legend at the
/// right, on a light background.
///
///     let chart = SVGChart(
///       title: "Latency", xAxis: .init(label: "records", isLogarithmic: true, format: { "\($0)" }),
///       yAxis: .init(label: "µs", isLogarithmic: true, format: { "\($0)" }),
///       series: [.init(name: "hash median", color: "#d62728", dash: .solid, points: [(4000, 2.3), (1e5, 3.3)])])
///     chart.svg  // "<svg xmlns=…"
struct SVGChart {
  /// One axis: its label, its scale, how its ticks are written.
  struct Axis {
    /// The axis title.
    var label: String
    /// Whether values are placed by their logarithm.
    var isLogarithmic: Bool
    /// A tick's label.
    var format: (Double) -> String
  }

  /// How a series' line is drawn.
  enum Dash: String {
    case solid = ""
    case dashed = "7 4"
    case dotted = "2 3"
  }

  /// One line of the chart.
  struct Series {
    /// The legend's text.
    var name: String
    /// An SVG colour.
    var color: String
    /// The line's pattern.
    var dash: Dash
    /// The points, in x order; points with a value that a logarithmic axis cannot place are left out.
    var points: [(x: Double, y: Double)]
  }

  /// The title above the plot.
  var title: String
  /// The horizontal axis.
  var xAxis: Axis
  /// The vertical axis.
  var yAxis: Axis
  /// The lines.
  var series: [Series]
  /// A line of small print under the plot.
  var caption = ""

  /// The whole picture's size.
  private let width = 860.0
  private let height = 540.0
  /// The plot area.
  private let left = 90.0
  private let right = 640.0
  private let top = 56.0
  private let bottom = 440.0

  /// The chart as an SVG document.
  var svg: String {
    let drawn = series.map { line in
      Series(
        name: line.name, color: line.color, dash: line.dash,
        points: line.points.filter {
          $0.x.isFinite && $0.y.isFinite && (!xAxis.isLogarithmic || $0.x > 0) && (!yAxis.isLogarithmic || $0.y > 0)
        })
    }.filter { !$0.points.isEmpty }
    let xScale = Scale(
      values: drawn.flatMap { $0.points.map(\.x) }, isLogarithmic: xAxis.isLogarithmic, from: left, to: right)
    let yScale = Scale(
      values: drawn.flatMap { $0.points.map(\.y) }, isLogarithmic: yAxis.isLogarithmic, from: bottom, to: top)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="13">
      <rect width="100%" height="100%" fill="#fdfdfd"/>
      <text x="\(left)" y="30" font-size="17" font-weight="bold" fill="#222">\(Self.escaped(title))</text>

      """
    for tick in xScale.ticks {
      let x = Self.number(xScale.position(of: tick))
      svg += "<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(bottom)\" stroke=\"#e4e4e4\"/>\n"
      svg += "<text x=\"\(x)\" y=\"\(bottom + 20)\" text-anchor=\"middle\" fill=\"#444\">"
      svg += "\(Self.escaped(xAxis.format(tick)))</text>\n"
    }
    for tick in yScale.ticks {
      let y = Self.number(yScale.position(of: tick))
      svg += "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(right)\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>\n"
      svg += "<text x=\"\(left - 8)\" y=\"\(y)\" dy=\"4\" text-anchor=\"end\" fill=\"#444\">"
      svg += "\(Self.escaped(yAxis.format(tick)))</text>\n"
    }
    svg += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(right - left)\" height=\"\(bottom - top)\" fill=\"none\" "
    svg += "stroke=\"#888\"/>\n"
    svg += "<text x=\"\((left + right) / 2)\" y=\"\(bottom + 44)\" text-anchor=\"middle\" fill=\"#222\">"
    svg += "\(Self.escaped(xAxis.label))</text>\n"
    svg += "<text transform=\"translate(22 \((top + bottom) / 2)) rotate(-90)\" text-anchor=\"middle\" fill=\"#222\">"
    svg += "\(Self.escaped(yAxis.label))</text>\n"
    for line in drawn {
      let points = line.points.map {
        "\(Self.number(xScale.position(of: $0.x))),\(Self.number(yScale.position(of: $0.y)))"
      }
      let dash = line.dash == .solid ? "" : " stroke-dasharray=\"\(line.dash.rawValue)\""
      svg += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(line.color)\" "
      svg += "stroke-width=\"2.2\"\(dash)/>\n"
      for point in points {
        let xy = point.split(separator: ",")
        svg += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3.5\" fill=\"\(line.color)\"/>\n"
      }
    }
    for (index, line) in drawn.enumerated() {
      let y = top + 12 + Double(index) * 24
      let dash = line.dash == .solid ? "" : " stroke-dasharray=\"\(line.dash.rawValue)\""
      svg += "<line x1=\"\(right + 20)\" y1=\"\(y)\" x2=\"\(right + 52)\" y2=\"\(y)\" stroke=\"\(line.color)\" "
      svg += "stroke-width=\"2.2\"\(dash)/>\n"
      svg += "<circle cx=\"\(right + 36)\" cy=\"\(y)\" r=\"3.5\" fill=\"\(line.color)\"/>\n"
      svg += "<text x=\"\(right + 60)\" y=\"\(y)\" dy=\"4\" fill=\"#222\">\(Self.escaped(line.name))</text>\n"
    }
    for (index, line) in Self.wrapped(caption, width: 130).enumerated() {
      svg += "<text x=\"\(left)\" y=\"\(bottom + 70 + Double(index) * 15)\" font-size=\"11\" fill=\"#555\">"
      svg += "\(Self.escaped(line))</text>\n"
    }
    return svg + "</svg>\n"
  }

  /// Where values fall along an axis, and its ticks.
  private struct Scale {
    /// The smallest and largest values shown, after rounding out to ticks.
    var low: Double
    var high: Double
    /// Whether positions follow the logarithm.
    var isLogarithmic: Bool
    /// The positions of `low` and `high`.
    var start: Double
    var end: Double
    /// The values marked.
    var ticks: [Double]

    /// A scale over `values` from `start` to `end`, widened to whole ticks.
    init(values: [Double], isLogarithmic: Bool, from start: Double, to end: Double) {
      self.isLogarithmic = isLogarithmic
      self.start = start
      self.end = end
      let smallest = values.min() ?? 1
      let largest = values.max() ?? 10
      if isLogarithmic {
        var low = pow10(floor(log10(smallest)))
        var high = pow10(ceil(log10(largest)))
        if high <= low { high = low * 10 }
        if high / low < 100 {
          low = Self.step(below: smallest, in: [1, 2, 5])
          high = Self.step(above: largest, in: [1, 2, 5])
          if high <= low {
            // One value alone: a decade around it.
            low /= 2
            high *= 5
          }
        }
        self.low = low
        self.high = high
        let decades = log10(high / low)
        let multiples: [Double] = decades <= 2 ? [1, 2, 5] : [1]
        var ticks: [Double] = []
        var decade = pow10(floor(log10(low)))
        while decade <= high * 1.0001 {
          for multiple in multiples where decade * multiple >= low * 0.9999 && decade * multiple <= high * 1.0001 {
            ticks.append(decade * multiple)
          }
          decade *= 10
        }
        self.ticks = ticks
      } else {
        let span = max(largest - min(0, smallest), largest == 0 ? 1 : largest * 0.1)
        let raw = span / 5
        let magnitude = pow10(floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        low = min(0, floor(smallest / step) * step)
        high = ceil(largest / step) * step
        if high <= low { high = low + step }
        ticks = Array(Swift.stride(from: low, through: high + step / 2, by: step))
      }
    }

    /// The coordinate of `value`.
    func position(of value: Double) -> Double {
      let fraction =
        isLogarithmic ? log10(value / low) / log10(high / low) : (value - low) / (high - low)
      return start + (end - start) * fraction
    }

    /// The largest 1, 2 or 5 times a power of ten at most `value`.
    private static func step(below value: Double, in multiples: [Double]) -> Double {
      let decade = pow10(floor(log10(value)))
      return multiples.reversed().map { $0 * decade }.first { $0 <= value * 1.0001 } ?? decade
    }

    /// The smallest 1, 2 or 5 times a power of ten at least `value`.
    private static func step(above value: Double, in multiples: [Double]) -> Double {
      let decade = pow10(floor(log10(value)))
      return (multiples + [10]).map { $0 * decade }.first { $0 >= value * 0.9999 } ?? decade * 10
    }
  }

  /// `text` cut at spaces into lines of at most `width` characters (a longer word alone).
  private static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return line.isEmpty ? lines : lines + [line]
  }

  /// `value` with at most one decimal, as SVG coordinates are written.
  private static func number(_ value: Double) -> String {
    Format.fixed(value, decimals: 1)
  }

  /// `text` with the characters that XML reserves escaped.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}

/// 10 to the power `exponent`.
private func pow10(_ exponent: Double) -> Double {
  var result = 1.0
  let whole = Int(exponent.rounded())
  for _ in 0..<abs(whole) { result *= 10 }
  return whole < 0 ? 1 / result : result
}

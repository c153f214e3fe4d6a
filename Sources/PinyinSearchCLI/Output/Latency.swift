/// Timing of repeated runs, for `search --time`.
struct Latency {
  /// The median run.
  var median: Duration
  /// The 99th percentile run.
  var p99: Duration

  /// Runs `body` `runs` times (at least once) and summarises how long each run took.
  static func measure(runs: Int, _ body: () -> Void) -> Latency {
    let clock = ContinuousClock()
    var durations: [Duration] = []
    for _ in 0..<max(runs, 1) {
      let start = clock.now
      body()
      durations.append(clock.now - start)
    }
    durations.sort()
    return Latency(median: durations[durations.count / 2], p99: durations[(durations.count * 99) / 100])
  }

  /// `duration` in the unit that suits it: `850 ns`, `12.3 µs`, `4.1 ms`, `2.50 s`.
  static func format(_ duration: Duration) -> String {
    let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    switch nanoseconds {
    case ..<1_000: return "\(Int(nanoseconds.rounded())) ns"
    case ..<1_000_000: return "\(oneDecimal(nanoseconds / 1_000)) µs"
    case ..<1_000_000_000: return "\(oneDecimal(nanoseconds / 1_000_000)) ms"
    default: return "\(oneDecimal(nanoseconds / 1_000_000_000)) s"
    }
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

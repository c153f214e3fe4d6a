/// The median, 99th percentile and maximum of a set of timings, by nearest rank.
///
///     LatencySummary([.microseconds(1), .microseconds(3), .microseconds(2)])?.median  // 2 µs
struct LatencySummary {
  /// The number of timings.
  var count: Int
  /// The smallest timing at least half the timings do not exceed.
  var median: Duration
  /// The smallest timing at least 99 % of the timings do not exceed.
  var p99: Duration
  /// The longest timing.
  var max: Duration

  /// Summarises `timings`; nil when there are none.
  init?(_ timings: some Sequence<Duration>) {
    let sorted = timings.sorted()
    guard let longest = sorted.last else { return nil }
    count = sorted.count
    median = sorted[Self.rank(percent: 50, of: sorted.count)]
    p99 = sorted[Self.rank(percent: 99, of: sorted.count)]
    max = longest
  }

  /// The index, in sorted order, of the nearest-rank `percent` percentile of `count` values:
  /// ⌈percent · count / 100⌉ − 1.
  static func rank(percent: Int, of count: Int) -> Int {
    Swift.max(0, (percent * count + 99) / 100 - 1)
  }
}

import PinyinSearch
import Testing

/// The matcher's work per record is bounded by O(units × ⌈query bytes / 64⌉) (Docs/Semantics.md:
/// "a query of any length is answered … without blow-up"): doubling the record while the query
/// stays the same must about double the time, never quadruple it. Each family is a text and a
/// query an adversary would pick: long runs that match almost all the way.
@Suite struct MatchingCostTests {
  /// A record of `units` units and a query that matches it nearly to the end from every start.
  struct Family: CustomTestStringConvertible, Sendable {
    var name: String
    var text: @Sendable (Int) -> String
    var query: String
    var options = SearchOptions.default
    var testDescription: String { name }
  }

  static let families: [Family] = [
    Family(
      name: "full pinyin", text: { String(repeating: "啊", count: $0) }, query: String(repeating: "a", count: 4096) + "b"
    ),
    Family(
      name: "initials", text: { String(repeating: "阿", count: $0) }, query: String(repeating: "a", count: 4096) + "b"),
    Family(
      name: "full pinyin with white space", text: { String(repeating: "啊 ", count: $0 / 2) },
      query: String(repeating: "a", count: 4096) + "b"),
    Family(
      name: "polyphones", text: { String(repeating: "长", count: $0) },
      query: String(repeating: "zhang", count: 800) + "x"),
    Family(
      name: "phone digits", text: { String(repeating: "1 ", count: $0 / 2) },
      query: String(repeating: "1", count: 4096) + "-2"),
    Family(
      name: "literal", text: { String(repeating: "a", count: $0) }, query: String(repeating: "a", count: 300) + "b"),
    Family(
      name: "mixed", text: { String(repeating: "长", count: $0) }, query: String(repeating: "zh", count: 2048) + "x",
      options: SearchOptions(mixed: true)),
    Family(
      name: "mixed with characters", text: { String(repeating: "刘", count: $0) },
      query: String(repeating: "刘li", count: 1000) + "x", options: SearchOptions(mixed: true)),
  ]

  /// The least time of `repeats` searches of `query` in one record of `text`.
  static func time(_ text: String, _ query: String, options: SearchOptions, repeats: Int = 5) -> Duration {
    let engine = LinearScanEngine([Record(id: "r", text: text)], options: options)
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000)
    for _ in 0..<repeats {
      let start = clock.now
      _ = engine.search(query, limit: 1)
      best = min(best, clock.now - start)
    }
    return best
  }

  @Test(arguments: families)
  func doublingTheRecordAtMostDoublesTheTime(family: Family) {
    let sizes = [1_000, 2_000, 4_000, 8_000]
    let times = sizes.map { Self.time(family.text($0), family.query, options: family.options) }
    // Linear growth gives ratios near 2, quadratic near 4; allow noise, not a power.
    let ratios = zip(times.dropFirst(), times).map { $0 / $1 }
    let growth = (times.last! / times.first!)  // 8 for linear, 64 for quadratic
    #expect(growth < 24, "\(family.name): times \(times) grow by \(ratios) for each doubling")
  }
}

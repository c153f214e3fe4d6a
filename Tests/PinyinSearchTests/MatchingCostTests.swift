import PinyinSearch
import PinyinSearchTestSupport
import Testing

/// The matcher's work per record is bounded by O(units × ⌈query bytes / 64⌉) (Docs/Semantics.md:
/// "a query of any length is answered … without blow-up"): doubling the record while the query
/// stays the same must about double the work, never quadruple it. Each family is a text and a
/// query an adversary would pick: long runs that match almost all the way.
///
/// The work is the processor time of the searching thread (`ThreadCPUTime`), not the wall
/// clock, so that other processes and parallel tests cannot fail the check: the matcher offers
/// no count of its steps outside the library, and instruction counters are not available on
/// every machine that runs the tests.
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
    // Zhuyin's keys: 安 is `0`, 刘 `xu.`, so digits and punctuation spell a long match.
    Family(
      name: "zhuyin digits", text: { String(repeating: "安", count: $0) },
      query: String(repeating: "0", count: 4096) + "-",
      options: SearchOptions(keyboard: .zhuyin)),
    Family(
      name: "zhuyin punctuation, mixed", text: { String(repeating: "刘", count: $0) },
      query: String(repeating: "xu.", count: 1000) + "/", options: SearchOptions(mixed: true, keyboard: .zhuyin)),
  ]

  /// The least processor time of `repeats` searches of `query` in one record of `text` (the
  /// scan searches on the calling thread).
  static func cost(_ text: String, _ query: String, options: SearchOptions, repeats: Int = 3) -> Duration {
    let engine = LinearScanEngine([Record(id: "r", text: text)], options: options)
    var best = Duration.seconds(1_000)
    for _ in 0..<repeats {
      best = min(best, ThreadCPUTime.measure { engine.search(query, limit: 1) }.cost)
    }
    return best
  }

  @Test(arguments: families)
  func doublingTheRecordAtMostDoublesTheWork(family: Family) {
    // Half as many units in a quick run, the same sixteen-fold growth.
    let sizes = TestScale.isFull ? [500, 1_000, 2_000, 4_000, 8_000] : [250, 500, 1_000, 2_000, 4_000]
    let costs = sizes.map { Self.cost(family.text($0), family.query, options: family.options) }
    // Over sixteen times the units, linear growth gives 16 (less, with the query's fixed cost)
    // and quadratic 256: the bound leaves four times either way for the noise of a processor
    // shared with other work (caches, frequency), which processor time still has.
    let ratios = zip(costs.dropFirst(), costs).map { $0 / $1 }
    let growth = costs.last! / costs.first!
    #expect(growth < 64, "\(family.name): costs \(costs) grow by \(ratios) for each doubling")
  }
}

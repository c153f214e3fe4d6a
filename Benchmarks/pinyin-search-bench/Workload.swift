import PinyinSearch
import PinyinSearchSamples

/// The queries of one data set, as people type them into a search box.
///
/// For each sampled record, every prefix of its full pinyin (the first reading of each
/// character, no spaces), of its initials and of its text, one keystroke after another:
/// `w`, `wa`, `wan`, `wang`, …, then `w`, `wx`, …, then `王`, `王小`, …. Random queries of 1 to 3
/// lowercase letters or digits are spread among them (what a person types before knowing what
/// is there). The same records, seed and counts give the same queries in the same order.
///
///     let workload = Workload(records: records, sampledRecords: 300, randomQueries: 500, seed: 1)
///     workload.queries.first?.text  // the first keystroke of the first sampled record
struct Workload {
  /// The queries in the order they are run.
  var queries: [Query]
  /// The number of records whose typing is replayed.
  var sampledRecordCount: Int

  /// A workload of `queries`.
  init(queries: [Query], sampledRecordCount: Int) {
    self.queries = queries
    self.sampledRecordCount = sampledRecordCount
  }

  /// Replays the typing of `sampledRecords` records drawn from `records` (all of them when there
  /// are fewer) and adds `randomQueries` random ones, evenly spread.
  init(records: [Record], sampledRecords: Int, randomQueries: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed ^ 0x5EED_0F_4B15)
    let sampled = Self.draw(min(sampledRecords, records.count), from: records.count, using: &random)
    sampledRecordCount = sampled.count
    queries = []
    for (position, index) in sampled.enumerated() {
      let typing = Typing(of: records[index].text)
      for (origin, typed) in [
        (Origin.fullPinyin, typing.fullPinyin), (.initials, typing.initials), (.text, typing.text),
      ] {
        for length in typed.indices.dropFirst() {
          queries.append(Query(text: String(typed[..<length]), origin: origin))
        }
        if !typed.isEmpty { queries.append(Query(text: typed, origin: origin)) }
      }
      let randomCount = (position + 1) * randomQueries / sampled.count - position * randomQueries / sampled.count
      for _ in 0..<randomCount { queries.append(Query(text: Self.randomQuery(using: &random), origin: .random)) }
    }
    if sampled.isEmpty {
      for _ in 0..<randomQueries { queries.append(Query(text: Self.randomQuery(using: &random), origin: .random)) }
    }
  }

  /// The typing of `sampledRecords` records drawn from `records` as people type with mixed
  /// input: every prefix of their abbreviation (`l`, `li`, `liu`, `liuy`, `liuyf`) and of their
  /// first character then pinyin (`刘`, `刘y`, `刘yi`, …).
  static func mixed(records: [Record], sampledRecords: Int, seed: UInt64) -> Workload {
    var random = SplitMix64(seed: seed ^ 0x3A1_ED)
    let sampled = draw(min(sampledRecords, records.count), from: records.count, using: &random)
    var workload = Workload(queries: [], sampledRecordCount: sampled.count)
    for index in sampled {
      let typing = Typing(of: records[index].text)
      for (origin, typed) in [
        (Origin.abbreviation, typing.abbreviation), (.characterThenPinyin, typing.characterThenPinyin),
      ] {
        for length in typed.indices.dropFirst() {
          workload.queries.append(Query(text: String(typed[..<length]), origin: origin))
        }
        if !typed.isEmpty { workload.queries.append(Query(text: typed, origin: origin)) }
      }
    }
    return workload
  }

  /// The number of queries in each length bucket.
  var countsByBucket: [LengthBucket: Int] {
    Dictionary(grouping: queries, by: \.bucket).mapValues(\.count)
  }

  /// `count` distinct indices below `bound`, in the order drawn.
  static func draw(_ count: Int, from bound: Int, using random: inout SplitMix64) -> [Int] {
    if count >= bound { return Array(0..<bound) }
    var drawn: [Int] = []
    var seen: Set<Int> = []
    while drawn.count < count {
      let index = number(below: bound, using: &random)
      if seen.insert(index).inserted { drawn.append(index) }
    }
    return drawn
  }

  /// A random query of 1 to 3 lowercase letters or digits.
  private static func randomQuery(using random: inout SplitMix64) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    let length = 1 + number(below: 3, using: &random)
    return String((0..<length).map { _ in alphabet[number(below: alphabet.count, using: &random)] })
  }

  /// A number below `bound` from the generator's next 64 bits (the high half of the product),
  /// independent of the standard library's `random(in:using:)` algorithm.
  static func number(below bound: Int, using random: inout SplitMix64) -> Int {
    Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(bound)).high)
  }
}

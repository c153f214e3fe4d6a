import PinyinSearch
import PinyinSearchSamples

extension Workload {
  /// The typing of records as a speaker who merges sounds types their full pinyin
  /// (`Typing.mergedPinyin`: z/zh, c/ch, s/sh, n/l, an/ang, en/eng, in/ing swapped in every
  /// reading where they apply), every prefix: `z`, `za`, `zan`, `zans`, …, `zanshang` for 张三.
  ///
  /// Only records whose merged typing differs from their exact typing are drawn, up to
  /// `sampledRecords` of them; a prefix that differs from the exact pinyin's prefix is of origin
  /// `mergedPinyin` (it needs a fuzzy rule to find its record, unless another reading of a
  /// polyphone spells it), one that does not is `fullPinyin`.
  static func fuzzy(records: [Record], sampledRecords: Int, seed: UInt64) -> Workload {
    typing(of: records, sampledRecords: sampledRecords, seed: seed ^ 0xF0_22_1E) { typing in
      let exact = typing.fullPinyin
      return prefixes(of: typing.mergedPinyin).map {
        Query(text: $0, origin: exact.unicodeScalars.starts(with: $0.unicodeScalars) ? .fullPinyin : .mergedPinyin)
      }
    }
  }

  /// The typing of records on a phone's keypad: every prefix of the digits of their full pinyin,
  /// then of their initials (`Typing.keypadPinyin`, `keypadInitials`): `5`, `54`, `548`, …,
  /// `54894334`, then `5`, `59`, `593` for 刘亦菲.
  ///
  /// Only records whose keypad typing holds a letter's digit are drawn (not phone numbers alone),
  /// up to `sampledRecords` of them.
  static func keypad(records: [Record], sampledRecords: Int, seed: UInt64) -> Workload {
    typing(of: records, sampledRecords: sampledRecords, seed: seed ^ 0x7_9AD) { typing in
      // The keypad types a letter when the first character of the full pinyin that is not a digit is one.
      guard let stop = typing.fullPinyin.unicodeScalars.first(where: { !("0"..."9").contains($0) }),
        ("a"..."z").contains(stop)
      else { return [] }
      return prefixes(of: typing.keypadPinyin).map { Query(text: $0, origin: .keypadPinyin) }
        + prefixes(of: typing.keypadInitials).map { Query(text: $0, origin: .keypadInitials) }
    }
  }

  /// The typing of records' texts in traditional characters (`Typing.traditionalText`), every
  /// prefix: `劉`, `劉德`, `劉德華` for 刘德华.
  ///
  /// Only records with a character that has a traditional twin are drawn, up to `sampledRecords`
  /// of them; a prefix that differs from the text's prefix is of origin `traditionalText` (it
  /// needs the traditional option to be found literally), one that does not is `text`.
  static func traditional(records: [Record], sampledRecords: Int, seed: UInt64) -> Workload {
    typing(of: records, sampledRecords: sampledRecords, seed: seed ^ 0x7AD_17) { typing in
      let exact = typing.text.unicodeScalars
      return prefixes(of: typing.traditionalText).map {
        Query(text: $0, origin: exact.starts(with: $0.unicodeScalars) ? .text : .traditionalText)
      }
    }
  }

  /// The queries `type` gives for up to `sampledRecords` records drawn from `records` in a random
  /// order from `seed`, skipping those for which it gives no query of a transformed origin
  /// (`Origin.isTransformed`).
  static func typing(
    of records: [Record], sampledRecords: Int, seed: UInt64, type: (Typing) -> [Query]
  ) -> Workload {
    var random = SplitMix64(seed: seed)
    var workload = Workload(queries: [], sampledRecordCount: 0)
    var order = Shuffle(count: records.count)
    while workload.sampledRecordCount < sampledRecords, let index = order.next(using: &random) {
      let queries = type(Typing(of: records[index].text))
      guard queries.contains(where: \.origin.isTransformed) else { continue }
      workload.queries += queries
      workload.sampledRecordCount += 1
    }
    return workload
  }

  /// The first query typed to its end (`liuyifei` when the first record typed is 刘亦菲): the
  /// last of the queries that each add to the one before, from the first; nil without queries.
  var example: String? {
    guard var example = queries.first?.text else { return nil }
    for query in queries.dropFirst() {
      guard query.text.count > example.count else { break }
      example = query.text
    }
    return example
  }

  /// Every non-empty prefix of `typed`, by characters, shortest first.
  static func prefixes(of typed: String) -> [String] {
    typed.indices.dropFirst().map { String(typed[..<$0]) } + (typed.isEmpty ? [] : [typed])
  }
}

/// The indices `0..<count` in a random order, drawn one at a time: a Fisher–Yates shuffle that
/// keeps only the slots it has moved, so that drawing k of a million indices costs O(k), and
/// drawing them all ends after `count` draws however few of them the caller keeps.
struct Shuffle {
  /// The number of indices.
  let count: Int
  /// The indices drawn so far.
  private var position = 0
  /// The index now in each moved slot at or beyond `position`.
  private var moved: [Int: Int] = [:]

  /// A shuffle of `0..<count`.
  init(count: Int) {
    self.count = count
  }

  /// The next index, nil once all have been drawn.
  mutating func next(using random: inout SplitMix64) -> Int? {
    guard position < count else { return nil }
    let slot = position + Workload.number(below: count - position, using: &random)
    let index = moved[slot] ?? slot
    moved[slot] = moved[position] ?? position
    moved[position] = nil
    position += 1
    return index
  }
}

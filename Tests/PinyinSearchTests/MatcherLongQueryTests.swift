import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// The matcher's walks over position sets of more than one word: queries longer than 64 bytes,
/// whose sets' word ranges span several words and move as the walks go. The short random queries
/// of `MatcherStrategyTests` never take them. Here long texts are typed piece after piece from a
/// random unit on (sometimes with a byte changed, so that they nearly match), and the walks are
/// compared as `MatcherStrategyTests` compares them, in the tables of letters, of letters with
/// fuzzy variants, and of the dial pad.
@Suite struct MatcherLongQueryTests {
  /// A text of many random pieces: a few hundred units.
  static func longText(using random: inout SplitMix64) -> String {
    (0..<Int.random(in: 8...16, using: &random)).map { _ in RandomText.text(using: &random) }.joined()
  }

  /// `units` typed from a random unit on as `kind` types them — a reading, its initial, or (for
  /// mixed) a beginning of it or the unit itself; a non-Han unit as itself — until the query is
  /// longer than one word or the units run out; a third of the time with a byte changed.
  static func longQuery(for units: [Character], kind: MatchKind, using random: inout SplitMix64) -> String {
    var query = ""
    let length = Int.random(in: 65...200, using: &random)
    var unit = Int.random(in: 0..<max(1, units.count / 2), using: &random)
    while unit < units.count && query.utf8.count < length {
      query += piece(of: units[unit], kind: kind, using: &random)
      unit += 1
    }
    guard Int.random(in: 0..<3, using: &random) == 0, !query.isEmpty else { return query }
    var characters = Array(query)
    characters[Int.random(in: 0..<characters.count, using: &random)] = "abcdefghxyz".randomElement(using: &random)!
    return String(characters)
  }

  /// How `kind` may type `unit`.
  static func piece(of unit: Character, kind: MatchKind, using random: inout SplitMix64) -> String {
    if unit.isWhitespace { return Bool.random(using: &random) ? " " : "" }
    guard let reading = Pinyin.readings(of: unit).randomElement(using: &random) else { return String(unit) }
    switch kind {
    case .initials: return String(reading.prefix(1))
    case .mixed:
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return String(unit)
      case 1: return reading
      default: return String(reading.prefix(Int.random(in: 1...reading.count, using: &random)))
      }
    default: return reading
    }
  }

  /// A text that a dial pad types whole: Han characters, letters, digits and white space.
  static func dialPadText(using random: inout SplitMix64) -> String {
    let characters = Array("长行单曾重乐会和大解仇朝传都还了着卡西安先黄王刘亦菲银音我爱你中国张李吕女葛德华abcxyzABC0123456789 ")
    return String(
      (0..<Int.random(in: 100...300, using: &random)).map { _ in characters.randomElement(using: &random)! })
  }

  /// The matcher reading the letters, and reading them with their fuzzy variants.
  static func letterMatchers(_ matcher: Matcher) -> [Matcher] {
    [matcher, matcher.reading(matcher.tables.fuzzyLetters!)]
  }

  /// Calls `body` with a random long text and a long query of a random kind for it, prepared
  /// with every option on but the dial pad, `TestScale.rounds(rounds)` times; returns how many
  /// queries were longer than one word.
  static func forEachLongQuery(
    seed: UInt64, rounds: Int, _ body: (_ matcher: Matcher, _ record: PreparedTextView, _ description: String) -> Void
  ) -> Int {
    var random = SplitMix64(seed: seed)
    var long = 0
    for _ in 0..<TestScale.rounds(rounds) {
      let text = longText(using: &random)
      let kind = [MatchKind.fullPinyin, .initials, .mixed].randomElement(using: &random)!
      let query = longQuery(for: Array(text), kind: kind, using: &random)
      let options = SearchOptions(mixed: true, fuzzy: .all)
      guard let prepared = PreparedQuery(query, options: options), prepared.pinyin.count > 64 else { continue }
      long += 1
      PreparedText(text).withView { record in
        prepared.withMatcher { body($0, record, "\(query.debugDescription) in \(text.debugDescription)") }
      }
    }
    return long
  }

  @Test(arguments: [91, 92, 93] as [UInt64])
  func theBackwardPassFindsTheStartTheWalksFind(seed: UInt64) {
    var compared = 0
    let long = Self.forEachLongQuery(seed: seed, rounds: 60) { matcher, record, description in
      for reading in Self.letterMatchers(matcher) {
        for kind in [MatchKind.fullPinyin, .initials, .mixed] {
          let walked = MatcherStrategyTests.leftmostStartByWalking(reading, in: record, kind: kind)
          let passed = MatcherStrategyTests.leftmostStartByPassing(reading, in: record, kind: kind)
          #expect(walked == passed, "\(kind) of \(description)")
          if walked != nil { compared += 1 }
        }
      }
    }
    #expect(long > 30, "enough long queries: \(long)")
    #expect(compared > 20, "enough matching cases were compared: \(compared)")
  }

  @Test(arguments: [94, 95, 96] as [UInt64])
  func theOnePositionWalkEndsWhereTheWalkWithPositionSetsEnds(seed: UInt64) {
    var matched = 0
    let long = Self.forEachLongQuery(seed: seed, rounds: 60) { matcher, record, description in
      for reading in Self.letterMatchers(matcher) {
        matched += MatcherStrategyTests.expectSameWalks(
          { $0.fullPinyinEnd(from: $1, in: $2, budget: &$3) },
          { $0.fullPinyinEndWithPositionSets(from: $1, in: $2, budget: &$3) }, matcher: reading, record: record,
          budgets: [Int.max, 2, 40], description)
      }
    }
    #expect(long > 30, "enough long queries: \(long)")
    #expect(matched > 15, "enough matches were compared: \(matched)")
  }

  /// The digits of long queries typed on a dial pad, in the text's keypad form, with the keypad
  /// table and the one with fuzzy variants.
  @Test(arguments: [97, 98, 99] as [UInt64])
  func onADialPadTheBackwardPassFindsTheStartTheWalksFind(seed: UInt64) {
    let options = SearchOptions(mixed: true, fuzzy: .all, keypad: true)
    var random = SplitMix64(seed: seed)
    var compared = 0
    for _ in 0..<TestScale.rounds(60) {
      let text = Self.dialPadText(using: &random)
      let kind = [MatchKind.fullPinyin, .initials, .mixed].randomElement(using: &random)!
      let letters = Self.longQuery(for: Array(text), kind: kind, using: &random).utf8.filter { $0 < 0x80 && $0 != 0x20 }
      let digits = String(decoding: letters.map { KeypadLayout.key(for: $0 | 0x20) }, as: UTF8.self)
      guard let prepared = PreparedQuery(digits, options: options), prepared.isDigits, prepared.pinyin.count > 64
      else { continue }
      PreparedText(text).withView { record in
        prepared.withMatcher { matcher in
          matcher.withKeypadForm(of: record) { keyed in
            for table in [matcher.tables.keypad!, matcher.tables.fuzzyKeypad!] {
              for kind in [MatchKind.fullPinyin, .initials, .mixed] {
                let reading = matcher.reading(table)
                let walked = MatcherStrategyTests.leftmostStartByWalking(reading, in: keyed, kind: kind)
                let passed = MatcherStrategyTests.leftmostStartByPassing(reading, in: keyed, kind: kind)
                #expect(walked == passed, "\(kind) of \(digits) in \(text.debugDescription)")
                if walked != nil { compared += 1 }
              }
            }
          }
        }
      }
    }
    #expect(compared > 20, "enough matching cases were compared: \(compared)")
  }
}

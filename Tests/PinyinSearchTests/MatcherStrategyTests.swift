import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// The matcher finds a record's leftmost pinyin start in two ways: walking forward from each
/// candidate start (while that is cheap), or in one backward pass over the units (when it is
/// not). Short random queries rarely take the second way in a search, so both are compared here
/// directly, on every start, over random texts and queries.
@Suite struct MatcherStrategyTests {
  /// The leftmost start found by walking forward from each unit, the first way.
  static func leftmostStartByWalking(_ matcher: Matcher, in record: PreparedTextView, kind: MatchKind) -> Int? {
    for start in 0..<record.units.count {
      let end: Int? =
        switch kind {
        case .initials: matcher.canStart(at: start, in: record) ? matcher.initialsEnd(from: start, in: record) : nil
        case .mixed: matcher.canStartMixed(at: start, in: record) ? matcher.mixedEnd(from: start, in: record) : nil
        default: matcher.canStart(at: start, in: record) ? matcher.fullPinyinEnd(from: start, in: record) : nil
        }
      if end != nil { return start }
    }
    return nil
  }

  /// The leftmost start found by the backward pass, the second way.
  static func leftmostStartByPassing(_ matcher: Matcher, in record: PreparedTextView, kind: MatchKind) -> Int? {
    switch kind {
    case .initials: matcher.leftmostInitialsStart(in: record, from: 0)
    case .mixed: matcher.leftmostMixedStart(in: record, from: 0)
    default: matcher.leftmostFullPinyinStart(in: record, from: 0)
    }
  }

  @Test(arguments: [51, 52, 53] as [UInt64])
  func theBackwardPassFindsTheStartTheWalksFind(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var compared = 0
    for _ in 0..<TestScale.rounds(300) {
      let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in RandomText.text(using: &random) }.joined()
      let query = RandomText.query(for: text, using: &random)
      guard let prepared = PreparedQuery(query, options: SearchOptions(mixed: true)) else { continue }
      PreparedText(text).withView { record in
        prepared.withMatcher { matcher in
          for kind in [MatchKind.fullPinyin, .initials, .mixed] {
            let walked = Self.leftmostStartByWalking(matcher, in: record, kind: kind)
            let passed = Self.leftmostStartByPassing(matcher, in: record, kind: kind)
            #expect(walked == passed, "\(kind) of \(query.debugDescription) in \(text.debugDescription)")
            if walked != nil { compared += 1 }
          }
        }
      }
    }
    #expect(compared > 100, "enough matching cases were compared: \(compared)")
  }

  /// A walk from one start to the end of a match, spending a budget.
  typealias Walk = (Matcher, Int, PreparedTextView, inout Int) -> Int?

  /// Checks that `walk` and `reference` end alike and spend alike from every start of random
  /// texts, for random queries, whatever the budget; returns how many walks found a match.
  func compareWalks(seed: UInt64, options: SearchOptions, _ walk: Walk, _ reference: Walk) -> Int {
    var random = SplitMix64(seed: seed)
    var matched = 0
    for _ in 0..<TestScale.rounds(400) {
      let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in RandomText.text(using: &random) }.joined()
      let query = RandomText.query(for: text, using: &random)
      guard let prepared = PreparedQuery(query, options: options), prepared.pinyin.count <= 64 else { continue }
      PreparedText(text).withView { record in
        prepared.withMatcher { matcher in
          matched += Self.expectSameWalks(
            walk, reference, matcher: matcher, record: record, budgets: [Int.max, 1, 3],
            "\(query.debugDescription) in \(text.debugDescription)")
        }
      }
    }
    return matched
  }

  /// Checks that `walk` and `reference` end alike and spend alike from every start of `record`
  /// with each of `budgets`; returns how many walks found a match.
  static func expectSameWalks(
    _ walk: Walk, _ reference: Walk, matcher: Matcher, record: PreparedTextView, budgets: [Int],
    _ description: @autoclosure () -> String
  ) -> Int {
    var matched = 0
    for start in 0..<record.units.count {
      for initialBudget in budgets {
        var budget = initialBudget
        var referenceBudget = initialBudget
        let end = walk(matcher, start, record, &budget)
        let expected = reference(matcher, start, record, &referenceBudget)
        #expect(end == expected, "from \(start) with \(initialBudget): \(description())")
        #expect(budget == referenceBudget, "budget from \(start) with \(initialBudget): \(description())")
        if end != nil { matched += 1 }
      }
    }
    return matched
  }

  /// The full-pinyin walk that follows one query position, and falls back on position sets
  /// when a unit reaches two, ends where the walk with position sets ends.
  @Test(arguments: [61, 62, 63] as [UInt64])
  func theOnePositionWalkEndsWhereTheWalkWithPositionSetsEnds(seed: UInt64) {
    let matched = compareWalks(
      seed: seed, options: .default, { $0.fullPinyinEnd(from: $1, in: $2, budget: &$3) },
      { $0.fullPinyinEndWithPositionSets(from: $1, in: $2, budget: &$3) })
    #expect(matched > 100, "enough matches were compared: \(matched)")
  }

  /// 和 reads `hu` and `huo`: before `huoping` both occur, and only `huo` leads on to 平.
  @Test func aPolyphoneThatReachesTwoPositionsIsWalkedWithPositionSets() {
    let prepared = PreparedQuery("huoping")!
    PreparedText("和平").withView { record in
      prepared.withMatcher { matcher in
        #expect(matcher.fullPinyinEnd(from: 0, in: record) == 2)
        var budget = Int.max
        #expect(matcher.fullPinyinEndWithPositionSets(from: 0, in: record, budget: &budget) == 2)
      }
    }
    #expect(LinearScanEngine([Record(id: "1", text: "和平")]).search("huoping").map(\.range) == [0..<2])
    #expect(LinearScanEngine([Record(id: "1", text: "和平")]).search("hua").isEmpty)
  }

  /// The mixed walk over one-word position sets, taken by every query of at most 64 bytes, ends
  /// where the walk over word ranges ends.
  @Test(arguments: [71, 72, 73] as [UInt64])
  func theOneWordMixedWalkEndsWhereTheWalkOverWordRangesEnds(seed: UInt64) {
    let matched = compareWalks(
      seed: seed, options: SearchOptions(mixed: true), { $0.mixedEndInOneWord(from: $1, in: $2, budget: &$3) },
      { $0.mixedEndWithWordRanges(from: $1, in: $2, budget: &$3) })
    #expect(matched > 100, "enough matches were compared: \(matched)")
  }

  /// On a dial pad the one-word mixed walk looks a Han unit's pieces up in `PieceMasks`; it
  /// ends where the walk over word ranges, which tries every spelling, ends, in both keypad tables
  /// (with fuzzy variants and without), with masks kept from query to query as a search's
  /// scratch keeps them.
  @Test(arguments: [81, 82, 83] as [UInt64])
  func theWalkWithRememberedPiecesEndsWhereTheWalkOverWordRangesEnds(seed: UInt64) {
    let options = SearchOptions(mixed: true, fuzzy: .all, keypad: true)
    let storage = PieceMaskStorage()
    var random = SplitMix64(seed: seed)
    var matched = 0
    for _ in 0..<TestScale.rounds(400) {
      let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in RandomText.text(using: &random) }.joined()
      let letters = RandomText.query(for: text, using: &random).utf8.filter { $0 < 0x80 }
      let digits = String(decoding: letters.map { KeypadLayout.key(for: $0 | 0x20) }, as: UTF8.self)
      guard let prepared = PreparedQuery(digits, options: options), prepared.isDigits, prepared.pinyin.count <= 64
      else { continue }
      PreparedText(text).withView { record in
        prepared.withMatcher(pieceMasks: storage) { matcher in
          matcher.withKeypadForm(of: record) { keyed in
            for table in [matcher.tables.keypad!, matcher.tables.fuzzyKeypad!] {
              let reading = matcher.reading(table)
              #expect(reading.spellings.longestMember <= PieceMasks.maxLength, "the pieces are remembered")
              matched += Self.expectSameWalks(
                { $0.mixedEndInOneWord(from: $1, in: $2, budget: &$3) },
                { $0.mixedEndWithWordRanges(from: $1, in: $2, budget: &$3) }, matcher: reading, record: keyed,
                budgets: [Int.max, 1, 3], "\(digits) in \(text.debugDescription)")
            }
          }
        }
      }
    }
    #expect(matched > 100, "enough matches were compared: \(matched)")
  }
}

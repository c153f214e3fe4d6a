import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// The adjacent pairs that sift the candidates of mixed and keypad queries (`AdjacentPairs`):
/// a record with a match of the kind looked for always holds the pairs its query requires, and
/// most records without one do not.
@Suite struct AdjacentPairsTests {
  /// The pairs of `text` in the space of `options` (on a dial pad when `onKeypad`), as the index
  /// computes them.
  static func pairs(of text: String, options: SearchOptions, onKeypad: Bool) -> AdjacentPairs {
    let spelling = PieceSpelling(options: options, onKeypad: onKeypad)
    return PreparedText(text).withView { spelling.adjacentPairs(of: $0) }
  }

  /// The pairs `query` requires in the space of `options`.
  static func required(by query: String, options: SearchOptions, onKeypad: Bool) -> AdjacentPairs? {
    PreparedQuery(query, options: options).map { prepared in
      prepared.canonicalPinyin.withUnsafeBufferPointer { AdjacentPairs(requiredBy: $0, onKeypad: onKeypad) }
    }
  }

  /// The examples of the type's summary: 张伟 on a dial pad holds the pairs inside zhang and wei
  /// and those from any digit of zhang to the w of wei, and no others.
  @Test func aDialPadHoldsThePairsInsideAndAcrossUnits() throws {
    let options = SearchOptions(mixed: true, keypad: true)
    let pairs = Self.pairs(of: "张伟", options: options, onKeypad: true)
    for query in ["94264", "934", "93", "949", "99", "29", "69", "94269", "9426934"] {
      let required = try #require(Self.required(by: query, options: options, onKeypad: true))
      #expect(pairs.contains(required), "\(query)")
    }
    // 39 (from wei to zhang: the order is the text's), 44 and 22 (in no spelling).
    for query in ["39", "944", "922"] {
      let required = try #require(Self.required(by: query, options: options, onKeypad: true))
      #expect(!pairs.contains(required), "\(query)")
    }
    #expect(pairs.bits.nonzeroBitCount == 10, "94 42 26 64, 93 34, 99 49 29 69")
  }

  /// White space between two units is skipped, as it is by the matcher: `l d` pairs `5` with
  /// `3` across the space in 刘 德.
  @Test func whiteSpaceIsSkipped() throws {
    let options = SearchOptions(mixed: true, keypad: true)
    let pairs = Self.pairs(of: "刘 德", options: options, onKeypad: true)
    let required = try #require(Self.required(by: "53", options: options, onKeypad: true))
    #expect(pairs.contains(required))
  }

  /// A query of one symbol, or of symbols and other bytes only, requires nothing.
  @Test func pairsWithOtherBytesRequireNothing() throws {
    let options = SearchOptions(mixed: true)
    for query in ["l", "刘d", "l刘d", "a\u{301}b"] {
      let required = try #require(Self.required(by: query, options: options, onKeypad: false))
      #expect(required == AdjacentPairs(), "\(query)")
    }
  }

  /// Random records and queries typed for them under every set of options with mixed input or
  /// the dial pad: whenever the reference finds a match of the kind the index looks for among
  /// candidates — a mixed one on letters (any full-pinyin or initials match is one), a keypad
  /// one on digits — the record holds the pairs the query requires.
  @Test func aRecordWithAMatchHoldsTheRequiredPairs() {
    var random = SplitMix64(seed: 71)
    var checked = 0
    var rejected = 0
    let optionSets = (0..<16).map { (bits: Int) -> SearchOptions in
      SearchOptions(
        mixed: bits & 1 != 0, fuzzy: bits & 2 != 0 ? .all : [], traditional: bits & 4 != 0, keypad: bits & 8 != 0)
    }.filter { $0.mixed || $0.keypad }
    let textsPerSet = TestScale.rounds(quick: 25, full: 100)
    for options in optionSets {
      for number in 0..<textsPerSet {
        let text =
          number.isMultiple(of: 2) ? RandomText.text(using: &random) : RandomText.textWithTraditional(using: &random)
        let other = RandomText.text(using: &random)
        let query = RandomText.query(for: text, options: options, using: &random)
        guard let prepared = PreparedQuery(query, options: options) else { continue }
        let onKeypad = prepared.isDigits && options.keypad
        guard onKeypad || (options.mixed && !prepared.isDigits) else { continue }
        let required = prepared.canonicalPinyin.withUnsafeBufferPointer {
          AdjacentPairs(requiredBy: $0, onKeypad: onKeypad)
        }
        for candidate in [text, other] {
          guard let match = ReferenceSearch.match(query: query, text: candidate, options: options) else { continue }
          let kinds: Set<MatchKind> = onKeypad ? [.keypad] : [.fullPinyin, .initials, .mixed]
          if kinds.contains(match.kind) {
            let pairs = Self.pairs(of: candidate, options: options, onKeypad: onKeypad)
            #expect(pairs.contains(required), "\(options): \(query) in \(candidate) (\(match))")
            checked += 1
          }
        }
        let pairs = Self.pairs(of: other, options: options, onKeypad: onKeypad)
        if !pairs.contains(required) { rejected += 1 }
      }
    }
    #expect(checked > textsPerSet * 5 / 2, "enough matches were checked")
    #expect(rejected > textsPerSet / 4, "the pairs reject records")
  }
}

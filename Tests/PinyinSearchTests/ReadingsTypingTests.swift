import Testing

@testable import PinyinSearch

/// Which kinds the readings cannot type a query in on a record of Han units only
/// (`Matcher.kindsTheReadingsCannotType(_:)`), which lets a search under a keyboard walk only the
/// codes of such a candidate, and the whole spellings of the syllable trie it reads.
@Suite struct ReadingsTypingTests {
  /// The bits of `kinds`, as `MatchKind.ordinal` numbers them.
  private static func bits(_ kinds: MatchKind...) -> UInt8 {
    kinds.reduce(0) { $0 | 1 << $1.ordinal }
  }

  private static func kinds(_ query: String) -> UInt8 {
    Array(query.utf8).withUnsafeBufferPointer { Matcher.kindsTheReadingsCannotType($0) }
  }

  @Test func queriesTypedInPinyinAreLeftToTheReadings() {
    for query in ["l", "zhangsan", "ng", "er"] {
      #expect(Self.kinds(query) == 0, "\(query)")
    }
    // Full pinyin, but not initials: no spelling begins with `i`, `u` or `v`.
    for query in ["liuyifei", "liuy", "xian", "lv"] {
      #expect(Self.kinds(query) == Self.bits(.initials), "\(query)")
    }
    // Initials, but not full pinyin: `l` is no whole spelling, and no spelling begins `ly`.
    #expect(Self.kinds("lyf") == Self.bits(.fullPinyin))
  }

  @Test func queriesTypedInCodesAreNot() {
    // xiaohe: no spelling begins `lq`, and none begins with `i`.
    #expect(Self.kinds("lqyifw") == Self.bits(.fullPinyin, .initials))
    // Both letters begin spellings, but no spelling begins `lq`.
    #expect(Self.kinds("lq") == Self.bits(.fullPinyin))
    // zhuyin: `.` begins no spelling.
    #expect(Self.kinds("xu.uzo") == Self.bits(.fullPinyin, .initials))
    #expect(Self.kinds("5n") == Self.bits(.fullPinyin, .initials))
  }

  @Test func queriesNoProofIsTriedFor() {
    #expect(Self.kinds("") == 0)
    #expect(Self.kinds(String(repeating: "q", count: 65)) == 0)
  }

  @Test func theTrieKnowsItsWholeSpellings() {
    let trie = PinyinTable.syllablePrefixTrie
    func node(_ beginning: String) -> Int? {
      var node = SyllablePrefixTrie.root
      for byte in beginning.utf8 {
        guard let child = trie.child(of: node, byte) else { return nil }
        node = child
      }
      return node
    }
    for whole in ["liu", "li", "a", "zhuang", "zhua", "n", "ng", "lv"] {
      #expect(node(whole).map(trie.isWhole) == true, "\(whole)")
    }
    for beginning in ["zh", "l", "x"] {
      #expect(node(beginning).map(trie.isWhole) == false, "\(beginning)")
    }
    #expect(node("zhuan").map(trie.isWhole) == true)  // 转
    #expect(!trie.isWhole(SyllablePrefixTrie.root))
  }
}

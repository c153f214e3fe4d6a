import PinyinSearchSamples
import Testing

@testable import PinyinSearch

/// The keys a keyboard scheme adds to a record (`SearchOptions.keyboard`), against a reference
/// written from Docs/Semantics.md: the keys of the letters, and over the codes (one code per Han
/// unit, any other unit whole, white space skipped) every full-pinyin key cut after any key of
/// its last Han unit's code and every initials key of the codes' first keys, each kept with its
/// best match. The enumerator skips what the letters already gave (keys without a Han unit, the
/// initials keys whose every first key is also a reading's initial); the sets must not differ.
@Suite struct CodeKeyTests {
  typealias Keys = [[UInt8]: Match]

  static let maxKeyLength = 10

  /// Texts with zh, ch and sh (whose codes begin unlike their pinyin), syllables without an
  /// initial (`o…` in most double-pinyin schemes), polyphones, Han units before, between and
  /// after other units, and generated contacts.
  static let texts =
    [
      "张三", "安娜", "长城 Hotel", "Lily 陈晨", "欧阳娜娜", "二 Eric 朱", "行长", "Mr 王", "恩", "a 阿 b 额",
      "王 1380013 王", "上海 Shanghai 上", "ABC",
    ] + SampleContacts.records(count: 60, seed: 9).map(\.text)

  /// The keys the enumerator gives `text`.
  static func enumeratedKeys(of text: String, keyboard: Keyboard?) throws -> Keys {
    var enumerator = KeyEnumerator(
      configuration: IndexConfiguration(maxKeyLength: maxKeyLength, maxKeysPerRecord: 65_536),
      options: SearchOptions(keyboard: keyboard))
    let prepared = PreparedText(text)
    try #require(prepared.withView { enumerator.enumerate($0) })
    var keys: Keys = [:]
    enumerator.keys.forEachKey { key, _, best in keys[Array(key)] = best }
    return keys
  }

  /// Whether `match` ranks before `other` as the enumerator keeps a key's best: kind, exact
  /// before fuzzy, leftmost, shortest.
  static func isBetter(_ match: Match, than other: Match) -> Bool {
    (match.kind, match.isFuzzy ? 1 : 0, match.start, match.end)
      < (other.kind, other.isFuzzy ? 1 : 0, other.start, other.end)
  }

  static func keep(_ key: [UInt8], _ match: Match, in keys: inout Keys) {
    if let kept = keys[key], !isBetter(match, than: kept) { return }
    keys[key] = match
  }

  /// The full-pinyin and initials keys of `text` over the codes of `keyboard`.
  static func referenceCodeKeys(of text: String, keyboard: Keyboard) -> Keys {
    let prepared = PreparedText(text)
    var keys: Keys = [:]
    prepared.withView { record in
      let units = (0..<record.units.count).map { index in
        let bytes = Array(record.bytes[record.start(ofUnit: index)..<Int(record.units[index].end)])
        let codes =
          record.units[index].isHan
          ? Pinyin.codes(of: Character(String(decoding: bytes, as: UTF8.self)), keyboard: keyboard)
            .map { Array($0.utf8) } : []
        return (bytes: bytes, codes: codes, isSkipped: record.units[index].isTransparent)
      }
      func walk(_ key: [UInt8], from start: Int, at unit: Int, initials: Bool) {
        guard let unit = units.indices[unit...].first(where: { !units[$0].isSkipped }) else { return }
        let kind: MatchKind = initials ? .initials : .fullPinyin
        guard !units[unit].codes.isEmpty else {
          let longer = key + units[unit].bytes
          guard longer.count <= maxKeyLength else { return }
          keep(longer, Match(kind: kind, start: start, end: unit + 1), in: &keys)
          walk(longer, from: start, at: unit + 1, initials: initials)
          return
        }
        for code in units[unit].codes {
          for length in 1...(initials ? 1 : code.count) where key.count + length <= maxKeyLength {
            keep(key + code[..<length], Match(kind: kind, start: start, end: unit + 1), in: &keys)
          }
          let whole = key + code[..<(initials ? 1 : code.count)]
          if whole.count <= maxKeyLength { walk(whole, from: start, at: unit + 1, initials: initials) }
        }
      }
      for start in units.indices where !units[start].isSkipped {
        walk([], from: start, at: start, initials: false)
        walk([], from: start, at: start, initials: true)
      }
    }
    return keys
  }

  @Test(arguments: Keyboard.allCases)
  func theKeysOfAKeyboardAreTheLettersKeysAndEveryCodeKey(keyboard: Keyboard) throws {
    for text in Self.texts {
      var expected = try Self.enumeratedKeys(of: text, keyboard: nil)
      for (key, match) in Self.referenceCodeKeys(of: text, keyboard: keyboard) {
        Self.keep(key, match, in: &expected)
      }
      let keys = try Self.enumeratedKeys(of: text, keyboard: keyboard)
      #expect(keys.count == expected.count, "\(text)")
      for (key, match) in expected where keys[key] != match {
        Issue.record(
          "\(keyboard) \(text): \(String(decoding: key, as: UTF8.self)) is \(String(describing: keys[key])), not \(match)"
        )
      }
    }
  }

  @Test func anInitialOfACodeUnlikeThePinyinIsAKey() throws {
    // 张 zhang is `vh` in Xiaohe: `vs` types 张三's initials in codes, `zs` in letters.
    let keys = try Self.enumeratedKeys(of: "张三", keyboard: .xiaohe)
    #expect(keys[Array("vs".utf8)] == Match(kind: .initials, start: 0, end: 2))
    #expect(keys[Array("zs".utf8)] == Match(kind: .initials, start: 0, end: 2))
    #expect(keys[Array("vhsj".utf8)] == Match(kind: .fullPinyin, start: 0, end: 2))
    // 安 an is `oj` in Microsoft's scheme: `on` for 安娜.
    let microsoft = try Self.enumeratedKeys(of: "安娜", keyboard: .microsoft)
    #expect(microsoft[Array("on".utf8)] == Match(kind: .initials, start: 0, end: 2))
  }
}

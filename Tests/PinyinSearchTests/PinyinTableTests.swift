import Testing

@testable import PinyinSearch

/// The generated table, read through the public `Pinyin` API and the internal lookup.
@Suite struct PinyinTableTests {
  @Test func coversEveryUnihanScalarWithAReading() {
    let table = PinyinTable.shared
    #expect(Pinyin.unicodeVersion == "15.0.0")
    #expect(table.scalarCount == 41_421, "scalars with a reading in Unihan 15.0")
    #expect(table.syllableCount == 422)
    #expect(table.readingSetCount == 998)
  }

  @Test(
    arguments: [
      ("长", ["chang", "zhang"]), ("行", ["hang", "heng", "xing"]), ("单", ["chan", "dan", "shan"]),
      ("曾", ["ceng", "zeng"]), ("吕", ["lv"]), ("女", ["nv"]), ("略", ["lve"]),
      ("和", ["he", "hu", "huo"]), ("呣", ["m"]), ("嗯", ["n", "ng"]), ("欸", ["ai", "e", "ei"]),
      ("〇", []), ("𧒽", ["lei"]), ("𠀀", ["he"]), ("葛\u{E0100}", ["ge"]), ("一", ["yi"]),
      ("a", []), ("1", []), ("😀", []), ("葛\u{301}", []), ("ア", []),
    ] as [(Character, [String])])
  func readingsFollowSemantics(_ character: Character, _ readings: [String]) {
    #expect(Pinyin.readings(of: character) == readings)
  }

  @Test func readingsAreLowercaseASCIILetters() {
    let table = PinyinTable.shared
    for set in 1...UInt16(table.readingSetCount) {
      for reading in table.readings(inSet: set) {
        #expect(!reading.isEmpty && reading.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
      }
    }
  }

  @Test func lookupOutsideTheTableIsNotHan() {
    let table = PinyinTable.shared
    for scalar: UInt32 in [0, 0x41, 0x33FF, 0xFFFF, 0x10FFFF, 0x31350, 0xE0100] {
      #expect(table.readingSet(of: scalar) == 0)
    }
  }

  @Test func unitsGiveEachCharacterItsReadings() {
    let units = Pinyin.units(of: "重庆 QQ")
    #expect(units.map(\.character) == ["重", "庆", " ", "Q", "Q"])
    #expect(units.map(\.readings) == [["chong", "zhong"], ["qing"], [], [], []])
    #expect(units.map(\.isHan) == [true, true, false, false, false])
  }

  /// The trie of syllable beginnings holds exactly the beginnings of the table's syllables:
  /// every string of up to three letters, and every beginning of every syllable with one
  /// letter changed, checked against the set of beginnings made from the syllables directly.
  @Test func theSyllablePrefixTrieHoldsExactlyTheBeginningsOfSyllables() {
    let table = PinyinTable.shared
    var beginnings = Set<[UInt8]>()
    for syllable in 0..<table.syllableCount {
      let bytes = Array(table.bytes(ofSyllable: UInt16(syllable)))
      for length in 1...bytes.count { beginnings.insert(Array(bytes[..<length])) }
    }
    let letters = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
    var candidates: [[UInt8]] = [[], [UInt8(ascii: "A")], [UInt8(ascii: "1")]]
    for first in letters {
      candidates.append([first])
      for second in letters {
        candidates.append([first, second])
        for third in letters { candidates.append([first, second, third]) }
      }
    }
    for beginning in beginnings {
      for index in beginning.indices {
        for letter in letters + [UInt8(ascii: "0")] {
          var changed = beginning
          changed[index] = letter
          candidates.append(changed)
        }
      }
    }
    var found = 0
    for candidate in candidates {
      let isBeginning = candidate.withUnsafeBufferPointer { PinyinTable.syllablePrefixTrie.contains($0) }
      #expect(isBeginning == beginnings.contains(candidate), "\(String(decoding: candidate, as: UTF8.self))")
      if isBeginning { found += 1 }
    }
    #expect(found > 1000, "the beginnings were among the candidates: \(found)")
  }
}

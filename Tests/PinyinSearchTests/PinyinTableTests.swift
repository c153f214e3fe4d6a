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
}

import PinyinSearch
import Testing

@testable import PinyinSearchSamples

/// The sample-data generator: determinism, ids, the mix of kinds, and the shape of each kind.
@Suite struct SampleContactsTests {
  // MARK: - Determinism and ids

  @Test func sameSeedGivesSameRecords() {
    #expect(
      SampleContacts.records(count: 2000, seed: 42) == SampleContacts.records(count: 2000, seed: 42),
      "the records depend only on count and seed")
  }

  @Test func differentSeedsGiveDifferentRecords() {
    let first = SampleContacts.records(count: 200, seed: 1).map(\.text)
    let second = SampleContacts.records(count: 200, seed: 2).map(\.text)
    #expect(first != second, "another seed gives other texts")
  }

  @Test func builtInIsTheDocumentedDataSet() {
    #expect(SampleContacts.builtIn == SampleContacts.records(count: 3000, seed: 2024))
  }

  @Test func builtInStartsWithThePinnedTexts() {
    // The built-in set and the benchmark inputs must not drift silently: a change to a pool or
    // a weight changes these texts, and this list is then updated on purpose.
    let pinned = [
      "亲爱的家人群❤️", "朱燕轩", "夏康朝", "赵小", "温飞", "刘斌伟", "Kelly Cook", "深圳天行贸易有限责任公司",
    ]
    #expect(SampleContacts.builtIn.prefix(pinned.count).map(\.text) == pinned)
  }

  @Test(arguments: [0, 1, 2, 17, 1000])
  func idsCountFromC1(count: Int) {
    let records = SampleContacts.records(count: count, seed: 7)
    #expect(records.count == count)
    #expect(records.map(\.id) == (0..<count).map { "c\($0 + 1)" }, "ids are c1, c2, … in order")
  }

  @Test func fewerRecordsArePrefixOfMore() {
    let more = SampleContacts.records(count: 500, seed: 9)
    #expect(Array(more.prefix(300)) == SampleContacts.records(count: 300, seed: 9))
  }

  // MARK: - The built-in set shows every kind

  @Test func builtInHasEveryKindOfText() {
    let texts = SampleContacts.builtIn.map(\.text)
    #expect(texts.contains { $0.contains("曾") }, "a polyphonic surname")
    #expect(texts.contains { $0.contains("单") }, "a polyphonic surname")
    #expect(texts.contains(where: isPhoneLike), "a phone number")
    #expect(texts.contains { $0.contains(" ") && isPhoneLike($0) }, "a phone number with spaces")
    #expect(texts.contains(where: isLatinName), "a Latin-script name")
    #expect(texts.contains { $0.hasSuffix("群") && $0.count >= 5 }, "a group name")
    #expect(texts.contains { $0.hasSuffix("有限公司") }, "a company name")
    #expect(texts.contains(where: isMixedScript), "a text of Latin letters and Han")
    #expect(texts.contains { $0.contains(" ") && $0.unicodeScalars.contains(where: isHan) }, "Han with a space")
    #expect(texts.contains { $0.unicodeScalars.contains(where: isEmoji) }, "an emoji")
  }

  @Test func kindsHaveTheirShareOfBuiltIn() {
    let texts = SampleContacts.builtIn.map(\.text)
    let phones = texts.filter(isPhoneLike).count
    let latinNames = texts.filter(isLatinName).count
    // 10 % each; 3000 records leave a few standard deviations (about 16) of room.
    #expect((240...360).contains(phones), "about 10 % phone numbers, not \(phones)")
    #expect((240...360).contains(latinNames), "about 10 % Latin-script names, not \(latinNames)")
  }

  // MARK: - The mix and the shape of each kind

  @Test func kindPercentagesCoverAHundred() {
    let total = ContactKind.allCases.reduce(0) { (sum: Int, kind: ContactKind) in sum + kind.percentage }
    #expect(total == 100)
    for kind in ContactKind.allCases {
      let share = (0..<100).count(where: { (percentile: Int) in ContactKind(percentile: percentile) == kind })
      #expect(share == kind.percentage, "\(kind) has its percentage of the percentiles")
    }
  }

  @Test func groupNamesHaveFiveToTwentyUnits() {
    var generator = ContactGenerator(seed: 3)
    for _ in 0..<20_000 {
      let name = generator.groupName()
      #expect((5...20).contains(name.count), "\(name) has \(name.count) units")
    }
  }

  @Test func phoneNumbersAreDigitsAndSeparators() {
    var generator = ContactGenerator(seed: 4)
    for _ in 0..<20_000 {
      let number = generator.phoneNumber()
      #expect(isPhoneLike(number), "\(number) is digits and separators")
    }
  }

  @Test func englishNamesAreLatinWords() {
    var generator = ContactGenerator(seed: 5)
    for _ in 0..<5_000 {
      let name = generator.englishName()
      #expect(isLatinName(name) || name.allSatisfy(\.isLetter), "\(name) is one to three Latin words")
    }
  }

  @Test func polyphonicSurnamesAreAFewPercent() {
    var generator = ContactGenerator(seed: 6)
    let polyphonic = "曾单解乐仇区查朴盖缪覃种长尉万"
    let count = 100_000
    var hits = 0
    for _ in 0..<count where polyphonic.contains(generator.chineseName().first!) {
      hits += 1
    }
    // 万 is also a common surname of its own, so the share is a little above the boosted 4.8 %.
    #expect((3_000...8_000).contains(hits), "\(hits) of \(count) names have a polyphonic surname")
  }

  @Test func weightedPoolDrawsByWeight() {
    let pool = WeightedWordPool("甲2 乙3")
    #expect(pool.total == 5)
    #expect((0..<5).map(pool.word(at:)) == ["甲", "甲", "乙", "乙", "乙"])
  }

  // MARK: - Classifiers

  /// Digits and the separators ` - + ( )`, with 5 to 13 digits.
  private func isPhoneLike(_ text: String) -> Bool {
    let digits = text.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    return (5...13).contains(digits)
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || " -+()".utf8.contains(byte)
      }
  }

  /// Two or three words of ASCII letters (a middle initial may end in a period).
  private func isLatinName(_ text: String) -> Bool {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    return (2...3).contains(words.count)
      && words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0 == ".") }
      }
  }

  /// An ASCII letter and a Han character.
  private func isMixedScript(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
      && text.unicodeScalars.contains(where: isHan)
  }

  private func isHan(_ scalar: Unicode.Scalar) -> Bool {
    (0x4E00...0x9FFF).contains(scalar.value)
  }

  private func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && scalar.properties.isEmoji
  }
}

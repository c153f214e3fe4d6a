import Testing

@testable import PinyinSearch

/// The spelling tables a Han unit is typed with: the readings (`letters`), with their fuzzy
/// variants (`fuzzyLetters(_:)`), and both on a dial pad (`keypad`, `fuzzyKeypad(_:)`), with
/// each member's exactness, the sets' initials and the distinct beginnings mixed pieces type.
@Suite struct SpellingTableTests {
  /// The reading set of `character`.
  static func set(of character: Character) -> UInt16 {
    let set = PinyinTable.shared.readingSet(of: character)
    precondition(set != 0, "\(character) is Han")
    return set
  }

  /// The members of `set` in `table`, as strings.
  static func members(of set: UInt16, in table: SpellingTable) -> [String] {
    table.members(of: set).map { String(decoding: table.bytes(ofMember: $0), as: UTF8.self) }
  }

  /// The member of `set` in `table` spelled `spelling`.
  static func member(_ spelling: String, of set: UInt16, in table: SpellingTable) throws -> Int {
    try #require(table.members(of: set).first { table.bytes(ofMember: $0).elementsEqual(spelling.utf8) })
  }

  @Test func lettersHoldEachReadingSetsReadings() {
    let pinyin = PinyinTable.shared
    let table = SpellingTable.letters
    #expect(!table.isKeypad && table.initialBase == UInt8(ascii: "a"))
    #expect(table.members(of: 0).isEmpty, "set 0, not Han, has no members")
    var longest = 0
    for set in 1...UInt16(pinyin.readingSetCount) {
      let readings = pinyin.readings(inSet: set)
      #expect(Self.members(of: set, in: table) == readings, "set \(set)")
      for member in table.members(of: set) {
        let bytes = table.bytes(ofMember: member)
        longest = max(longest, bytes.count)
        #expect(table.isReading(member: member, of: set))
        #expect(table.isExact(member: member, length: bytes.count), "a reading is exact whole")
        #expect(table.initialsContain(set, bytes[0]))
      }
      let initials = Set(readings.map { $0.utf8.first! })
      for byte in UInt8(ascii: "a")...UInt8(ascii: "z") {
        #expect(table.initialsContain(set, byte) == initials.contains(byte), "set \(set), initial \(byte)")
      }
    }
    #expect(table.longestMember == longest && longest == 6, "zhuang")
    #expect(Self.members(of: Self.set(of: "长"), in: table) == ["chang", "zhang"])
  }

  @Test func fuzzyLettersAddVariantsAfterTheReadings() throws {
    let table = SpellingTable.fuzzyLetters([.zZh, .anAng])
    let set = Self.set(of: "张")
    #expect(Self.members(of: set, in: table) == ["zhang", "zhan", "zang", "zan"])
    let zhang = try Self.member("zhang", of: set, in: table)
    let zhan = try Self.member("zhan", of: set, in: table)
    let zang = try Self.member("zang", of: set, in: table)
    let zan = try Self.member("zan", of: set, in: table)
    #expect(table.isReading(member: zhang, of: set))
    #expect(![zhan, zang, zan].contains { table.isReading(member: $0, of: set) }, "variants are not readings")
    #expect(table.exactPrefixLengths[zhang] == 5, "the reading itself")
    #expect(table.exactPrefixLengths[zhan] == 4, "zhan begins zhang")
    #expect(table.exactPrefixLengths[zang] == 1, "only z begins zhang")
    #expect(table.exactPrefixLengths[zan] == 1)
    #expect(table.isExact(member: zhan, length: 4), "zhan's first 4 bytes begin zhang: typed whole, not fuzzy")
    #expect(table.isExact(member: zang, length: 1))
    #expect(!table.isExact(member: zang, length: 2), "za begins no reading")
    #expect(!table.isExact(member: zang, length: 4))
    // The same table is returned for the same rules.
    let again = SpellingTable.fuzzyLetters([.zZh, .anAng])
    #expect(Self.members(of: set, in: again) == ["zhang", "zhan", "zang", "zan"])
  }

  /// Every set of a fuzzy table: its readings first (those of `letters`), then each reading's
  /// variants once, each member exact exactly as far as it begins a reading.
  @Test(arguments: [.all, [.nL, .uV], [.zZh, .cCh, .sSh], [.inIng, .fH]] as [FuzzyRules])
  func fuzzyTablesAreTheReadingsAndTheirVariants(_ rules: FuzzyRules) {
    let table = SpellingTable.fuzzyLetters(rules)
    let pinyin = PinyinTable.shared
    for set in 1...UInt16(pinyin.readingSetCount) {
      let readings = pinyin.readings(inSet: set)
      var expected = readings
      for reading in readings {
        for variant in FuzzyVariants.of(reading, rules: rules) where !expected.contains(variant) {
          expected.append(variant)
        }
      }
      let members = Self.members(of: set, in: table)
      #expect(members == expected, "set \(set) with \(rules)")
      for (member, spelling) in zip(table.members(of: set), members) {
        #expect(table.isReading(member: member, of: set) == readings.contains(spelling))
        let exact = readings.map { zip($0.utf8, spelling.utf8).prefix { $0 == $1 }.count }.max()!
        #expect(Int(table.exactPrefixLengths[member]) == exact, "\(spelling) in set \(set)")
        #expect(table.initialsContain(set, spelling.utf8.first!))
      }
    }
  }

  @Test func nLAddsNToTheInitialsOfLiu() {
    let set = Self.set(of: "刘")
    let letters = SpellingTable.letters
    let fuzzy = SpellingTable.fuzzyLetters([.nL])
    #expect(letters.initialsContain(set, UInt8(ascii: "l")) && !letters.initialsContain(set, UInt8(ascii: "n")))
    #expect(fuzzy.initialsContain(set, UInt8(ascii: "l")) && fuzzy.initialsContain(set, UInt8(ascii: "n")))
    #expect(Self.members(of: set, in: fuzzy) == ["liu", "niu"])
    #expect(!fuzzy.initialsContain(set, UInt8(ascii: "r")) && !fuzzy.initialsContain(set, UInt8(ascii: "A")))
  }

  @Test func theKeypadTypesTheReadingsAsDigits() {
    let keypad = SpellingTable.keypad
    #expect(keypad.isKeypad && keypad.initialBase == UInt8(ascii: "0"))
    #expect(Self.members(of: Self.set(of: "刘"), in: keypad) == ["548"])
    #expect(Self.members(of: Self.set(of: "亦"), in: keypad) == ["94"])
    #expect(Self.members(of: Self.set(of: "菲"), in: keypad) == ["334"])
    let chang = Self.set(of: "长")
    #expect(Self.members(of: chang, in: keypad) == ["24264", "94264"])
    #expect(keypad.initialsContain(chang, UInt8(ascii: "2")) && keypad.initialsContain(chang, UInt8(ascii: "9")))
    #expect(!keypad.initialsContain(chang, UInt8(ascii: "c")) && !keypad.initialsContain(chang, UInt8(ascii: "3")))
    #expect(keypad.members(of: chang).allSatisfy { keypad.isReading(member: $0, of: chang) })
  }

  /// Members that become the same digits are one, the first kept: 吕's `lv` and its variant
  /// `lu` are both 58, a reading.
  @Test func membersWithTheSameDigitsAreMerged() throws {
    let set = Self.set(of: "吕")
    let letters = SpellingTable.fuzzyLetters([.uV])
    #expect(Self.members(of: set, in: letters) == ["lv", "lu"])
    let keypad = SpellingTable.fuzzyKeypad([.uV])
    #expect(Self.members(of: set, in: keypad) == ["58"])
    let member = try Self.member("58", of: set, in: keypad)
    #expect(keypad.isReading(member: member, of: set), "the reading is kept: typing 58 is exact")
    #expect(keypad.isExact(member: member, length: 2))
    // 女 nv with n-l and u-v: nv, nu (68), lv, lu (58): two members, one of them a reading.
    let nv = Self.set(of: "女")
    let nvKeypad = SpellingTable.fuzzyKeypad([.nL, .uV])
    #expect(Self.members(of: nv, in: nvKeypad) == ["68", "58"])
    let (nvDigits, lvDigits) = (
      try Self.member("68", of: nv, in: nvKeypad), try Self.member("58", of: nv, in: nvKeypad)
    )
    #expect(nvKeypad.isReading(member: nvDigits, of: nv) && !nvKeypad.isReading(member: lvDigits, of: nv))
    #expect(!nvKeypad.isExact(member: lvDigits, length: 1), "5 begins no reading of 女 on the keypad")
  }

  /// The pieces of a set, each distinct beginning once, exact when it begins a reading.
  @Test func piecesAreTheDistinctBeginningsWithTheirExactness() {
    func pieces(of set: UInt16, in table: SpellingTable) -> [String] {
      table.pieces(of: set).map { String(decoding: table.bytes(of: $0), as: UTF8.self) + ($0.isExact ? "" : "~") }
    }
    let zhang = Self.set(of: "张")
    #expect(
      pieces(of: zhang, in: .fuzzyLetters([.zZh, .anAng]))
        == ["z", "zh", "zha", "zhan", "zhang", "za~", "zan~", "zang~"])
    #expect(pieces(of: zhang, in: .letters) == ["z", "zh", "zha", "zhan", "zhang"])
    #expect(
      pieces(of: Self.set(of: "长"), in: .letters)
        == ["c", "ch", "cha", "chan", "chang", "z", "zh", "zha", "zhan", "zhang"])
    #expect(pieces(of: Self.set(of: "吕"), in: .fuzzyLetters([.uV])) == ["l", "lv", "lu~"])
    #expect(pieces(of: Self.set(of: "刘"), in: .keypad) == ["5", "54", "548"])
    #expect(SpellingTable.letters.pieces(of: 0).isEmpty)
  }

  @Test func piecesSayWhetherTheyAreWholeSpellingsOrReadings() {
    /// The pieces of `set` in `table`, with `=` after a whole reading and `+` after a whole
    /// spelling that is no reading.
    func pieces(of set: UInt16, in table: SpellingTable) -> [String] {
      table.pieces(of: set).map {
        String(decoding: table.bytes(of: $0), as: UTF8.self) + ($0.isWholeReading ? "=" : $0.isWhole ? "+" : "")
      }
    }
    #expect(
      pieces(of: Self.set(of: "张"), in: .fuzzyLetters([.zZh, .anAng]))
        == ["z", "zh", "zha", "zhan+", "zhang=", "za", "zan+", "zang+"])
    #expect(pieces(of: Self.set(of: "西"), in: .letters) == ["x", "xi="])
    #expect(pieces(of: Self.set(of: "刘"), in: .keypad) == ["5", "54", "548="])
  }

  /// `letters`, `fuzzyLetters` and their keypad projections: in every set, the pieces are
  /// distinct, begin a member, and are exact exactly when they begin a reading.
  @Test(arguments: [0, 1, 2, 3])
  func piecesOfEveryTableAreDistinctAndExactWhereAReadingBegins(_ which: Int) {
    let rules: FuzzyRules = [.zZh, .nL, .anAng, .uV]
    let table = [SpellingTable.letters, .fuzzyLetters(rules), .keypad, .fuzzyKeypad(rules)][which]
    for set in 0...UInt16(PinyinTable.shared.readingSetCount) {
      let members = table.members(of: set).map { Array(table.bytes(ofMember: $0)) }
      let readings = table.members(of: set).filter { table.isReading(member: $0, of: set) }.map {
        Array(table.bytes(ofMember: $0))
      }
      var seen = Set<[UInt8]>()
      for piece in table.pieces(of: set) {
        let bytes = Array(table.bytes(of: piece))
        #expect(!bytes.isEmpty && seen.insert(bytes).inserted, "set \(set): distinct beginnings")
        #expect(members.contains { $0.starts(with: bytes) })
        #expect(piece.isExact == readings.contains { $0.starts(with: bytes) }, "set \(set), piece \(bytes)")
      }
      let beginnings = Set(members.flatMap { member in (1...member.count).map { Array(member[..<$0]) } })
      #expect(seen == beginnings, "set \(set): every beginning")
    }
  }

  @Test(
    arguments: [
      ("abc", "2"), ("def", "3"), ("ghi", "4"), ("jkl", "5"), ("mno", "6"), ("pqrs", "7"), ("tuv", "8"),
      ("wxyz", "9"),
    ] as [(String, String)])
  func eachLetterIsOnItsKey(_ letters: String, _ key: String) {
    for letter in letters.utf8 {
      #expect(KeypadLayout.key(for: letter) == key.utf8.first!, "\(Character(Unicode.Scalar(letter)))")
    }
  }

  @Test func everyOtherByteIsKept() {
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    for byte in UInt8.min...UInt8.max where !letters.contains(byte) {
      #expect(KeypadLayout.key(for: byte) == byte, "byte \(byte)")
    }
    #expect(String(decoding: "liuyifei".utf8.map(KeypadLayout.key(for:)), as: UTF8.self) == "54894334")
  }
}

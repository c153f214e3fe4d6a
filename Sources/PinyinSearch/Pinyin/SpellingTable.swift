/// What each reading set of `PinyinTable` may be typed as in one way of typing: its readings
/// (`letters`), with their fuzzy variants (`fuzzyLetters(_:)`), or either of those on a phone's
/// dial pad (`keypad`, `keypadProjection()`). The matcher and the index read a Han unit's
/// spellings from a table; how a query is typed is a choice of table, not of code.
///
/// Set `n`'s spellings are the *members* `members(of: n)`, each a run of bytes; the readings come
/// first. For each member the table also keeps its *exact prefix*: how many of its first bytes
/// begin some reading of the set (all of them for a reading), so that a piece typed with it is
/// fuzzy exactly when it is longer (Docs/Semantics.md: "a prefix that is not a prefix of any
/// reading").
///
///     let table = SpellingTable.fuzzyLetters([.zZh])
///     // 张's set: zhang (a reading, exact prefix 5), zang (a variant, exact prefix 1: "z")
///
/// The storage is allocated once, filled during `init`, never mutated and never freed (tables
/// are cached per set of rules), which is why sharing its pointers is safe (`@unchecked Sendable`).
struct SpellingTable: @unchecked Sendable {
  /// The bytes of every member, member after member.
  private let memberBytes: UnsafeBufferPointer<UInt8>
  /// Member `m` is `memberBytes[memberStarts[m] ..< memberStarts[m + 1]]`.
  private let memberStarts: UnsafeBufferPointer<UInt32>
  /// The members of set `n` are `setStarts[n] ..< setStarts[n + 1]` (set 0, not Han, has none).
  private let setStarts: UnsafeBufferPointer<UInt32>
  /// Per member: the length of its longest beginning that begins a reading of its set.
  let exactPrefixLengths: UnsafeBufferPointer<UInt8>
  /// Per set: how many of its first members are its readings (the rest are fuzzy variants).
  private let readingCounts: UnsafeBufferPointer<UInt8>
  /// Per set: bit `b - initialBase` for each first byte `b` of its members below
  /// `initialBase + 32` (every letter, every keypad digit, every double-pinyin code).
  let setInitials: UnsafeBufferPointer<UInt32>
  /// Per set: bit `b - initialBase - 32` for each first byte `b` of its members from
  /// `initialBase + 32` to `initialBase + 95`; zero for every set of a table whose first bytes
  /// all lie below that (letters, keypad digits and double-pinyin codes do). Zhuyin's codes begin
  /// with 41 keys from `,` (0x2C) to `z` (0x7A), more than 32 bits hold: a second word, which the
  /// matcher reads only for a byte beyond the first 32, keeps the letters' test as it was.
  let setWideInitials: UnsafeBufferPointer<UInt64>
  /// The distinct non-empty beginnings of each set's members, each once: set `n`'s are
  /// `pieces[pieceStarts[n] ..< pieceStarts[n + 1]]`, in order of their member, shorter first.
  private let pieces: UnsafeBufferPointer<Piece>
  private let pieceStarts: UnsafeBufferPointer<UInt32>
  /// The byte that bit 0 of `setInitials` stands for: `a` for letters, `0` for keypad digits.
  let initialBase: UInt8
  /// Whether spellings are keypad digits rather than letters.
  let isKeypad: Bool
  /// The longest member, in bytes.
  let longestMember: Int

  /// The number of members of every set.
  var memberCount: Int { memberStarts.count - 1 }

  /// The members of reading set `set`.
  @inline(__always)
  func members(of set: UInt16) -> Range<Int> {
    Int(setStarts[Int(set)])..<Int(setStarts[Int(set) &+ 1])
  }

  /// The bytes of member `member`.
  @inline(__always)
  func bytes(ofMember member: Int) -> UnsafeBufferPointer<UInt8> {
    let start = Int(memberStarts[member])
    return UnsafeBufferPointer(rebasing: memberBytes[start..<Int(memberStarts[member &+ 1])])
  }

  /// Whether a member of `set` begins with `byte`.
  @inline(__always)
  func initialsContain(_ set: UInt16, _ byte: UInt8) -> Bool {
    let bit = byte &- initialBase
    if bit < 32 { return setInitials[Int(set)] & (1 << UInt32(bit)) != 0 }
    return bit < 96 && setWideInitials[Int(set)] & (1 << UInt64(bit &- 32)) != 0
  }

  /// Calls `body` with each distinct first byte of the members of `set`, in increasing order.
  @inline(__always)
  func forEachInitial(of set: UInt16, _ body: (UInt8) -> Void) {
    var remaining = setInitials[Int(set)]
    while remaining != 0 {
      body(initialBase &+ UInt8(remaining.trailingZeroBitCount))
      remaining &= remaining &- 1
    }
    var wide = setWideInitials[Int(set)]
    while wide != 0 {
      body(initialBase &+ 32 &+ UInt8(wide.trailingZeroBitCount))
      wide &= wide &- 1
    }
  }

  /// Whether `member` of `set` is one of its readings, not a fuzzy variant: a whole spelling
  /// typed with it is not fuzzy.
  @inline(__always)
  func isReading(member: Int, of set: UInt16) -> Bool {
    member - Int(setStarts[Int(set)]) < Int(readingCounts[Int(set)])
  }

  /// A non-empty beginning of a member, as a mixed piece types a Han unit: the first `length`
  /// bytes of `member`, whether some reading of the set begins with them, and whether they are
  /// a whole member or a whole reading (of any member of the set: `xi` of 西 is a whole reading,
  /// `xia` is neither).
  struct Piece {
    var member: UInt32
    var length: UInt8
    var isExact: Bool
    var isWhole: Bool
    var isWholeReading: Bool
  }

  /// The distinct beginnings of the members of `set` (a beginning that several members share,
  /// once, exact when it begins a reading).
  @inline(__always)
  func pieces(of set: UInt16) -> UnsafeBufferPointer<Piece> {
    UnsafeBufferPointer(rebasing: pieces[Int(pieceStarts[Int(set)])..<Int(pieceStarts[Int(set) &+ 1])])
  }

  /// The bytes of `piece`.
  @inline(__always)
  func bytes(of piece: Piece) -> UnsafeBufferPointer<UInt8> {
    let start = Int(memberStarts[Int(piece.member)])
    return UnsafeBufferPointer(rebasing: memberBytes[start..<(start + Int(piece.length))])
  }

  /// Whether the first `length` bytes of `member` begin a reading of its set: a piece typed
  /// with them is not fuzzy.
  @inline(__always)
  func isExact(member: Int, length: Int) -> Bool {
    length <= Int(exactPrefixLengths[member])
  }

  /// A table of these members: `sets[n]` lists set `n`'s members, readings first, with the
  /// number of readings among them.
  init(sets: [(members: [[UInt8]], readingCount: Int)], initialBase: UInt8, isKeypad: Bool) {
    var bytes: [UInt8] = []
    var memberStarts: [UInt32] = [0]
    var setStarts: [UInt32] = [0]
    var exact: [UInt8] = []
    var initials: [UInt32] = []
    var wideInitials: [UInt64] = []
    var readingCounts: [UInt8] = []
    var pieces: [Piece] = []
    var pieceStarts: [UInt32] = [0]
    var longest = 0
    for set in sets {
      var mask: UInt32 = 0
      var wideMask: UInt64 = 0
      var seen: [[UInt8]: Int] = [:]
      for (index, member) in set.members.enumerated() {
        bytes.append(contentsOf: member)
        memberStarts.append(UInt32(bytes.count))
        longest = max(longest, member.count)
        let common = set.members[..<set.readingCount].map { reading in
          zip(reading, member).prefix { $0 == $1 }.count
        }
        exact.append(UInt8(common.max() ?? 0))
        if let first = member.first {
          let bit = first &- initialBase
          precondition(bit < 96, "a spelling begins with a byte beyond the table's 96 initials")
          if bit < 32 { mask |= 1 << UInt32(bit) } else { wideMask |= 1 << UInt64(bit - 32) }
        }
        Self.addPieces(
          of: member, number: memberStarts.count - 2, exactLength: Int(exact.last!),
          isReading: index < set.readingCount, to: &pieces, seen: &seen)
      }
      pieceStarts.append(UInt32(pieces.count))
      setStarts.append(UInt32(memberStarts.count - 1))
      initials.append(mask)
      wideInitials.append(wideMask)
      readingCounts.append(UInt8(set.readingCount))
    }
    memberBytes = immortalCopy(of: bytes)
    self.memberStarts = immortalCopy(of: memberStarts)
    self.setStarts = immortalCopy(of: setStarts)
    exactPrefixLengths = immortalCopy(of: exact)
    setInitials = immortalCopy(of: initials)
    setWideInitials = immortalCopy(of: wideInitials)
    self.readingCounts = immortalCopy(of: readingCounts)
    self.pieces = immortalCopy(of: pieces)
    self.pieceStarts = immortalCopy(of: pieceStarts)
    self.initialBase = initialBase
    self.isKeypad = isKeypad
    longestMember = longest
  }

  /// Adds the pieces of `member` (member `number` of the table) to its set's `pieces`: one per
  /// beginning, or the flags of a beginning an earlier member of the set gave (`seen`).
  private static func addPieces(
    of member: [UInt8], number: Int, exactLength: Int, isReading: Bool, to pieces: inout [Piece],
    seen: inout [[UInt8]: Int]
  ) {
    for length in 1...max(member.count, 1) where length <= member.count {
      let isExact = length <= exactLength
      let isWhole = length == member.count
      let isWholeReading = isWhole && isReading
      if let known = seen[Array(member[..<length])] {
        pieces[known].isExact = pieces[known].isExact || isExact
        pieces[known].isWhole = pieces[known].isWhole || isWhole
        pieces[known].isWholeReading = pieces[known].isWholeReading || isWholeReading
      } else {
        seen[Array(member[..<length])] = pieces.count
        pieces.append(
          Piece(
            member: UInt32(number), length: UInt8(length), isExact: isExact, isWhole: isWhole,
            isWholeReading: isWholeReading))
      }
    }
  }

  /// The members of each set, readings first, with their reading counts.
  var memberLists: [(members: [[UInt8]], readingCount: Int)] {
    (0..<setInitials.count).map { set in
      (members(of: UInt16(set)).map { Array(bytes(ofMember: $0)) }, Int(readingCounts[set]))
    }
  }

  /// The readings of `table`, as they are: exact spellings in letters.
  static let letters: SpellingTable = {
    let table = PinyinTable.shared
    let sets = (0...table.readingSetCount).map { set -> (members: [[UInt8]], readingCount: Int) in
      let readings = table.syllables(inSet: UInt16(set)).map { Array(table.bytes(ofSyllable: table.setSyllables[$0])) }
      return (readings, readings.count)
    }
    return SpellingTable(sets: sets, initialBase: UInt8(ascii: "a"), isKeypad: false)
  }()

  /// The readings with their fuzzy variants under `rules`, after them in each set; built once
  /// per set of rules.
  static func fuzzyLetters(_ rules: FuzzyRules) -> SpellingTable {
    cachedTables(for: rules).letters
  }

  /// The readings typed on a dial pad: exact keypad spellings.
  static let keypad = letters.keypadProjection()

  /// The readings with their fuzzy variants under `rules`, typed on a dial pad.
  static func fuzzyKeypad(_ rules: FuzzyRules) -> SpellingTable {
    cachedTables(for: rules).keypad
  }

  /// This table typed on a dial pad: each member's letters made digits, members that become the
  /// same digits merged (the first kept, so a reading stays a reading: 吕's `lv` and its
  /// variant `lu` are both 58, an exact spelling).
  func keypadProjection() -> SpellingTable {
    let sets = memberLists.map { set -> (members: [[UInt8]], readingCount: Int) in
      var members: [[UInt8]] = []
      var readingCount = 0
      for (number, member) in set.members.enumerated() {
        let digits = member.map(KeypadLayout.key(for:))
        if members.contains(digits) { continue }
        members.append(digits)
        if number < set.readingCount { readingCount += 1 }
      }
      return (members, readingCount)
    }
    return SpellingTable(sets: sets, initialBase: UInt8(ascii: "0"), isKeypad: true)
  }

  /// The letters with fuzzy variants under `rules`, and their keypad projection.
  private static func makeTables(for rules: FuzzyRules) -> (letters: SpellingTable, keypad: SpellingTable) {
    let sets = letters.memberLists.map { set -> (members: [[UInt8]], readingCount: Int) in
      var members = set.members
      for reading in set.members {
        for variant in FuzzyVariants.of(String(decoding: reading, as: UTF8.self), rules: rules) {
          let bytes = Array(variant.utf8)
          if !members.contains(bytes) { members.append(bytes) }
        }
      }
      return (members, set.readingCount)
    }
    let fuzzy = SpellingTable(sets: sets, initialBase: UInt8(ascii: "a"), isKeypad: false)
    return (fuzzy, fuzzy.keypadProjection())
  }

  /// The tables built so far, by rules: at most one pair per set of rules (4,096 of them), each
  /// about 60 KB.
  /// Behind the POSIX `ReadWriteLocked`, which the thread sanitizer sees.
  private static let cache = ReadWriteLocked<[UInt16: (letters: SpellingTable, keypad: SpellingTable)]>([:])

  private static func cachedTables(for rules: FuzzyRules) -> (letters: SpellingTable, keypad: SpellingTable) {
    // Made once per set of rules: a table's storage lives as long as the process
    // (`immortalCopy(of:)`).
    cache.value(for: rules.rawValue) { makeTables(for: rules) }
  }
}

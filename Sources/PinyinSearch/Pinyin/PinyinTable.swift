/// The readings of every Han scalar, decoded once from the generated `PinyinTable+Data.swift`.
///
/// Lookup is two array reads: the scalar's 256-scalar block gives a page, and the page gives the
/// scalar's reading-set number. Reading sets and syllables are stored flat, as bytes and offsets,
/// so that the matcher reads a polyphone's spellings without touching a `String`.
///
/// The storage is allocated once, filled during `init`, never mutated and never freed; that is why
/// sharing its pointers between threads is safe (`@unchecked Sendable`).
struct PinyinTable: @unchecked Sendable {
  /// The table the library uses, decoded on first use (about 1 ms).
  static let shared = PinyinTable()

  /// The number of distinct syllables.
  let syllableCount: Int
  /// The number of distinct reading sets (set numbers run from 1 through this; 0 is "not Han").
  let readingSetCount: Int
  /// The number of scalars with readings.
  let scalarCount: Int

  /// Syllable `s` is `syllableBytes[syllableStarts[s] ..< syllableStarts[s + 1]]`.
  let syllableBytes: UnsafeBufferPointer<UInt8>
  let syllableStarts: UnsafeBufferPointer<UInt16>
  /// The syllables of set `n` are `setSyllables[setStarts[n] ..< setStarts[n + 1]]` (set 0 is empty).
  let setSyllables: UnsafeBufferPointer<UInt16>
  let setStarts: UnsafeBufferPointer<UInt16>
  /// Bit `c - 97` is set when a reading of set `n` begins with the ASCII letter `c`.
  let setInitials: UnsafeBufferPointer<UInt32>
  /// The page of each 256-scalar block (`scalar >> 8`); page 0 is all zeros.
  let blockPages: UnsafeBufferPointer<UInt16>
  /// Reading-set numbers, 256 per page.
  let pages: UnsafeBufferPointer<UInt16>

  private init() {
    let (bytes, starts) = Self.decodedSyllables()
    syllableCount = starts.count - 1
    let (members, setStarts, initials) = Self.decodedReadingSets(syllableBytes: bytes, syllableStarts: starts)
    readingSetCount = initials.count - 1
    let (blockPages, pages, scalars) = Self.decodedScalars()
    scalarCount = scalars

    syllableBytes = immortalCopy(of: bytes)
    syllableStarts = immortalCopy(of: starts)
    setSyllables = immortalCopy(of: members)
    self.setStarts = immortalCopy(of: setStarts)
    setInitials = immortalCopy(of: initials)
    self.blockPages = immortalCopy(of: blockPages)
    self.pages = immortalCopy(of: pages)
  }

  /// The syllables of `encodedSyllables`: their bytes one after the other, and where each
  /// starts (with the end of the last).
  private static func decodedSyllables() -> (bytes: [UInt8], starts: [UInt16]) {
    var bytes: [UInt8] = []
    var starts: [UInt16] = [0]
    for syllable in encodedSyllables.utf8.split(separator: UInt8(ascii: " ")) {
      bytes.append(contentsOf: syllable)
      starts.append(UInt16(bytes.count))
    }
    return (bytes, starts)
  }

  /// The reading sets of `encodedReadingSets`, numbered from 1 (set 0 is the empty set of a
  /// scalar that is not Han): their syllables one after the other, where each set starts, and
  /// each set's initials (bit `c - 97` for a reading that begins with `c`).
  private static func decodedReadingSets(
    syllableBytes bytes: [UInt8], syllableStarts starts: [UInt16]
  ) -> (members: [UInt16], setStarts: [UInt16], initials: [UInt32]) {
    var members: [UInt16] = []
    var setStarts: [UInt16] = [0, 0]
    var initials: [UInt32] = [0]
    for set in encodedReadingSets.utf8.split(separator: UInt8(ascii: " ")) {
      var mask: UInt32 = 0
      var index = set.startIndex
      while index < set.endIndex {
        let syllable = decode(set[index], set[set.index(after: index)])
        members.append(syllable)
        mask |= 1 << UInt32(bytes[Int(starts[Int(syllable)])] &- UInt8(ascii: "a"))
        index = set.index(index, offsetBy: 2)
      }
      setStarts.append(UInt16(members.count))
      initials.append(mask)
    }
    return (members, setStarts, initials)
  }

  /// The reading-set number of every scalar of `encodedScalars` — runs of `HEX:` followed by
  /// two digits per consecutive scalar — as pages of 256 numbers (page 0 all zeros) and the
  /// page of each 256-scalar block; and how many scalars there are.
  private static func decodedScalars() -> (blockPages: [UInt16], pages: [UInt16], count: Int) {
    var blockPages: [UInt16] = []
    var pages = [UInt16](repeating: 0, count: 256)
    var count = 0
    for line in encodedScalars.utf8.split(separator: UInt8(ascii: "\n")) {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
      var scalar = line[..<colon].reduce(0) { $0 << 4 | UInt32(hexValue($1)) }
      var index = line.index(after: colon)
      while index < line.endIndex {
        let block = Int(scalar >> 8)
        if block >= blockPages.count {
          blockPages.append(contentsOf: repeatElement(0, count: block + 1 - blockPages.count))
        }
        if blockPages[block] == 0 {
          blockPages[block] = UInt16(pages.count / 256)
          pages.append(contentsOf: repeatElement(0, count: 256))
        }
        pages[Int(blockPages[block]) * 256 + Int(scalar & 0xFF)] = decode(line[index], line[line.index(after: index)])
        count += 1
        scalar += 1
        index = line.index(index, offsetBy: 2)
      }
    }
    return (blockPages, pages, count)
  }

  /// The reading-set number of `scalar`: 0 when it has no readings.
  @inline(__always)
  func readingSet(of scalar: UInt32) -> UInt16 {
    let block = Int(scalar >> 8)
    guard block < blockPages.count else { return 0 }
    return pages[Int(blockPages[block]) &* 256 &+ Int(scalar & 0xFF)]
  }

  /// The reading set of a Han unit: its first scalar's, when every further scalar is a
  /// variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF); otherwise 0.
  @inline(__always)
  func readingSet(of character: Character) -> UInt16 {
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    let set = readingSet(of: first.value)
    guard set != 0 else { return 0 }
    while let scalar = scalars.next() {
      guard (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value) else {
        return 0
      }
    }
    return set
  }

  /// The syllable numbers of reading set `set`.
  @inline(__always)
  func syllables(inSet set: UInt16) -> Range<Int> {
    Int(setStarts[Int(set)])..<Int(setStarts[Int(set) + 1])
  }

  /// The bytes of syllable number `syllable`.
  @inline(__always)
  func bytes(ofSyllable syllable: UInt16) -> UnsafeBufferPointer<UInt8> {
    let start = Int(syllableStarts[Int(syllable)])
    let end = Int(syllableStarts[Int(syllable) + 1])
    return UnsafeBufferPointer(rebasing: syllableBytes[start..<end])
  }

  /// The readings of reading set `set`, as strings (for the public API, not for matching).
  func readings(inSet set: UInt16) -> [String] {
    syllables(inSet: set).map { String(decoding: bytes(ofSyllable: setSyllables[$0]), as: UTF8.self) }
  }

  /// A 64-bit FNV-1a hash of the encoded table: changes whenever the generated data changes.
  static let fingerprint: UInt64 = {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in [unicodeVersion, encodedSyllables, encodedReadingSets, encodedScalars] {
      for byte in part.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    return hash
  }()

  private static func decode(_ high: UInt8, _ low: UInt8) -> UInt16 {
    UInt16(digitValue(high)) << 6 | UInt16(digitValue(low))
  }

  /// The value of one digit of the generator's base-64 alphabet `0-9 A-Z a-z - _`.
  private static func digitValue(_ digit: UInt8) -> UInt8 {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "z"): digit - UInt8(ascii: "a") + 36
    case UInt8(ascii: "-"): 62
    default: 63
    }
  }

  private static func hexValue(_ digit: UInt8) -> UInt8 {
    digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "A") + 10
  }
}

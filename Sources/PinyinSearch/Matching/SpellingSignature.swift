/// 256 bits that summarize how a text's Han characters can be typed: a bit for each syllable
/// beginning of two letters or more that a spelling of one of them has (`zh`, `zha`, `zhan` and
/// `zhang` for 张; with fuzzy rules, those of its variants too; on a dial pad, digits), and a
/// bit for each of them typed as itself (by reading set, or by folded character). The bits are
/// chosen by hashing, so two beginnings may share one: a Bloom filter with one hash.
///
/// A mixed match spells each Han character with a beginning of one of its readings, or with the
/// character itself; a text whose signature lacks a bit that the query's pieces require has no
/// such match. The index checks this before it runs the matcher on a candidate: four word
/// comparisons instead of a match.
///
///     var required = SpellingSignature()
///     required.requireLetters("shan".utf8)   // sh, sha, shan
///     // the signature of 刘山 holds these bits: 山 reads shan
struct SpellingSignature: Sendable, Equatable {
  /// The bits, 64 a word.
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// A signature with no bits: every text holds it.
  init() {}

  /// The signature of `text`: the union of its Han units' signatures in `sets` (by reading set,
  /// `setSignatures(of:charactersBySet:)`), and with `folding`, the bit of each Han unit's
  /// character folded to its simplified form (a character typed as itself may then be any of
  /// its traditional or simplified twins).
  init(of text: PreparedTextView, sets: [SpellingSignature], folding: SimplifiedFolding?) {
    sets.withUnsafeBufferPointer { signatures in
      for (number, unit) in text.units.enumerated() where unit.readingSet != 0 {
        formUnion(signatures[Int(unit.readingSet)])
        if let folding {
          let scalar = UTF8Scalar.decode(text.bytes, at: text.start(ofUnit: number)).value
          requireCharacter(Self.characterKey(scalar: folding.folded(scalar)))
        }
      }
    }
  }

  static func == (left: SpellingSignature, right: SpellingSignature) -> Bool {
    left.words == right.words
  }

  /// The 256 bits folded into 64, each the union of four: a signature holds `required` only
  /// if its folded bits hold the folded requirement, which one word of a dense array tells
  /// before the whole signature is read.
  var folded: UInt64 { words.0 | words.1 | words.2 | words.3 }

  /// Whether every bit of `required` is set here.
  @inline(__always)
  func contains(_ required: SpellingSignature) -> Bool {
    words.0 & required.words.0 == required.words.0 && words.1 & required.words.1 == required.words.1
      && words.2 & required.words.2 == required.words.2 && words.3 & required.words.3 == required.words.3
  }

  /// Requires what a Han unit spelled with `letters`, a beginning of one of its readings, has:
  /// the bits of its beginnings of two letters or more (none for a single letter, which the
  /// initials key already holds).
  mutating func requireLetters(_ letters: some Collection<UInt8>) {
    var piece = GrowingPiece()
    for letter in letters { piece.append(letter) }
    formUnion(piece.required)
  }

  /// What a piece of letters requires (`requireLetters(_:)`), grown one letter at a time, so
  /// that the pieces from one query position cost one pass over its letters.
  ///
  ///     var piece = SpellingSignature.GrowingPiece()
  ///     for letter in "sha".utf8 { piece.append(letter) }  // piece.required: the bits of sh, sha
  struct GrowingPiece {
    /// The requirements of the letters appended so far.
    private(set) var required = SpellingSignature()
    private var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    private var count = 0

    /// An empty piece, which requires nothing.
    init() {}

    /// Appends `letter`: a beginning of two letters or more adds its bit.
    mutating func append(_ letter: UInt8) {
      hash = (hash ^ UInt64(letter)) &* 0x0000_0100_0000_01B3
      if count >= 1 { required.insert(hash) }
      count += 1
    }
  }

  /// Requires the bit of a Han character typed as itself, by its key: `characterKey(readingSet:)`,
  /// or with traditional characters folded `characterKey(scalar:)` of the folded character.
  mutating func requireCharacter(_ key: UInt64) {
    insert(key)
  }

  /// The key of a Han character by its reading set: characters that read alike share it.
  static func characterKey(readingSet: UInt16) -> UInt64 {
    UInt64(readingSet) &+ 0x5BD1_E995_0000_0000
  }

  /// The key of a character by its scalar (folded to its simplified form by the caller).
  static func characterKey(scalar: UInt32) -> UInt64 {
    UInt64(scalar) &+ 0x2F6B_3C45_0000_0000
  }

  /// The requirements of both `self` and `other`: what a text needs for either, so that one of
  /// two ways to the same candidates can stand for both.
  func intersection(_ other: SpellingSignature) -> SpellingSignature {
    var common = SpellingSignature()
    common.words = (
      words.0 & other.words.0, words.1 & other.words.1, words.2 & other.words.2, words.3 & other.words.3
    )
    return common
  }

  /// The requirements of `self` and of `other` together.
  func union(_ other: SpellingSignature) -> SpellingSignature {
    var both = self
    both.formUnion(other)
    return both
  }

  /// Sets the bit that `hash` picks.
  fileprivate mutating func insert(_ hash: UInt64) {
    let mixed = hash &* 0x9E37_79B9_7F4A_7C15
    let bit: UInt64 = 1 << (mixed >> 58)
    switch (mixed >> 56) & 3 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  /// Adds every bit of `other`.
  private mutating func formUnion(_ other: SpellingSignature) {
    words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
  }

  /// The signature of every reading set, by set number (set 0 has none): the beginnings of two
  /// bytes or more of every spelling of the set in `table`, and with `charactersBySet` the bit
  /// of a character of the set typed as itself.
  static func setSignatures(of table: SpellingTable, charactersBySet: Bool) -> [SpellingSignature] {
    let setCount = table.setInitials.count
    var signatures = [SpellingSignature](repeating: SpellingSignature(), count: setCount)
    for set in signatures.indices.dropFirst() {
      for member in table.members(of: UInt16(set)) {
        signatures[set].requireLetters(table.bytes(ofMember: member))
      }
      if charactersBySet { signatures[set].requireCharacter(characterKey(readingSet: UInt16(set))) }
    }
    return signatures
  }
}

/// How the pieces of a mixed query are typed, for the index's search of mixed candidates
/// (`IndexedStore+Mixed.swift`): on letters, each Han unit as a beginning of one of its
/// spellings (with their fuzzy variants when fuzzy rules are on) or as itself; on a dial pad
/// (`SearchOptions.keypad` with `SearchOptions.mixed`), as the digits of such a beginning.
///
/// It gathers what the ways of cutting a query and the sifting of candidates read: the spelling
/// table, the trie of the beginnings of its spellings, and each reading set's spelling
/// signature; built once per index (about a millisecond).
struct PieceSpelling: Sendable {
  /// The spellings of a Han unit in this space: the widest the options allow (fuzzy variants
  /// included), as candidates must include every record that may match.
  let table: SpellingTable
  /// Every beginning of every spelling of `table`.
  let trie: SyllablePrefixTrie
  /// Each reading set's signature in this space.
  let setSignatures: [SpellingSignature]
  /// What each reading set's spellings give to a text's adjacent pairs, by set number.
  let setPairs: [AdjacentPairs.UnitPairs]
  /// Whether a Han unit may be typed as itself: on letters, not on a dial pad.
  let typesCharacters: Bool
  /// The folding of traditional characters, on letters with `SearchOptions.traditional`: a
  /// character typed as itself then stands for all its twins.
  let folding: SimplifiedFolding?

  /// The space of `options` on letters, or on a dial pad when `onKeypad`.
  init(options: SearchOptions, onKeypad: Bool) {
    let fuzzy = options.fuzzy
    if onKeypad {
      table = fuzzy.isEmpty ? .keypad : .fuzzyKeypad(fuzzy)
    } else {
      table = fuzzy.isEmpty ? .letters : .fuzzyLetters(fuzzy)
    }
    trie = fuzzy.isEmpty && !onKeypad ? PinyinTable.syllablePrefixTrie : SyllablePrefixTrie(table: table)
    typesCharacters = !onKeypad
    folding = options.traditional && !onKeypad ? .shared : nil
    setSignatures = SpellingSignature.setSignatures(of: table, charactersBySet: typesCharacters && folding == nil)
    let table = table
    setPairs = (0..<table.setInitials.count).map { set in
      var pairs = AdjacentPairs.UnitPairs()
      if set != 0 {
        for member in table.members(of: UInt16(set)) { pairs.add(table.bytes(ofMember: member), onKeypad: onKeypad) }
      }
      return pairs
    }
  }

  /// The pairs of symbols that may stand side by side in a query `record` matches in this space.
  func adjacentPairs(of record: PreparedTextView) -> AdjacentPairs {
    let onKeypad = table.isKeypad
    return setPairs.withUnsafeBufferPointer { setPairs in
      let units = record.units.indices.lazy.filter { !record.units[$0].isTransparent }.map { number in
        let unit = record.units[number]
        if unit.isHan { return setPairs[Int(unit.readingSet)] }
        var pairs = AdjacentPairs.UnitPairs()
        let bytes = record.bytes[record.start(ofUnit: number)..<Int(unit.end)]
        if onKeypad {
          pairs.add(bytes.lazy.map(KeypadLayout.key(for:)), onKeypad: true)
        } else {
          pairs.add(bytes, onKeypad: false)
        }
        return pairs
      }
      return AdjacentPairs(units: units, onKeypad: onKeypad)
    }
  }

  /// The spelling signature of `record` in this space.
  func signature(of record: PreparedTextView) -> SpellingSignature {
    SpellingSignature(of: record, sets: setSignatures, folding: folding)
  }

  /// How the character `scalar` of a query (simplified, with traditional characters folded) may
  /// be typed as a Han unit typed as itself: the first letters of its readings (of all its
  /// twins', with traditional characters folded), and the key of its signature bit; nil when it
  /// is no Han unit's character.
  func characterTyping(of scalar: UInt32) -> (initials: UInt32, key: UInt64)? {
    guard typesCharacters else { return nil }
    let table = PinyinTable.shared
    guard let folding else {
      let set = table.readingSet(of: scalar)
      guard set != 0 else { return nil }
      return (table.setInitials[Int(set)], SpellingSignature.characterKey(readingSet: set))
    }
    var initials: UInt32 = 0
    if let members = folding.classMembers(of: scalar) {
      for member in members { initials |= table.setInitials[Int(table.readingSet(of: member))] }
    } else {
      initials = table.setInitials[Int(table.readingSet(of: scalar))]
    }
    guard initials != 0 else { return nil }
    return (initials, SpellingSignature.characterKey(scalar: folding.folded(scalar)))
  }
}

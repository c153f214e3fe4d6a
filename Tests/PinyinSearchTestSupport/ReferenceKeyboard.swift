import PinyinSearch

/// The keyboard schemes of Docs/Semantics.md, "keyboard", as the reference reads them: a Han unit's second notation,
/// its codes (the code of each spelling: readings, and their fuzzy variants under the rules), typed in pieces as the
/// readings are; a match takes every piece from one notation. The codes themselves come from
/// `Pinyin.codes(of:keyboard:fuzzy:)`, whose tables `KeyboardCodesTests` checks against the contract.
enum ReferenceKeyboard {
  /// The pieces of Han `unit` in the code notation for `way`: before the last unit (`middle`) and as the last unit
  /// (`last`), each fuzzy when the codes of the unit's readings could not give it.
  static func pieces(
    of unit: ReferenceUnit, way: MatchKind, keyboard: Keyboard, fuzzy rules: FuzzyRules
  ) -> (middle: [ReferencePiece], last: [ReferencePiece]) {
    let scalar = unit.character.unicodeScalars.first!
    let exact = Self.codes(of: scalar, keyboard: keyboard, fuzzy: [])
    let codes = Self.codes(of: scalar, keyboard: keyboard, fuzzy: rules)
    let whole = codes.map { ReferencePiece(scalars: $0, isFuzzy: !exact.contains($0)) }
    let prefixes = ReferencePiece.unique(
      codes.flatMap { code in
        (1...code.count).map { length in
          let prefix = Array(code.prefix(length))
          return ReferencePiece(scalars: prefix, isFuzzy: !exact.contains { $0.starts(with: prefix) })
        }
      })
    switch way {
    case .fullPinyin:
      return (ReferencePiece.unique(whole), prefixes)
    case .initials:
      let initials = ReferencePiece.unique(
        codes.map { code in ReferencePiece(scalars: [code[0]], isFuzzy: !exact.contains { $0.first == code[0] }) })
      return (initials, initials)
    default:
      let mixed = prefixes + unit.mixedPieces.filter { $0.simplified != nil }
      return (mixed, mixed)
    }
  }
}

extension ReferenceKeyboard {
  /// The codes of `scalar` (`Pinyin.codes(of:keyboard:fuzzy:)`), remembered: the reference asks for a unit's codes at
  /// every start of every query.
  static func codes(of scalar: Unicode.Scalar, keyboard: Keyboard, fuzzy rules: FuzzyRules) -> [[Unicode.Scalar]] {
    let key = "\(scalar.value) \(keyboard) \(rules.rawValue)"
    if let known = cache.withLock({ $0[key] }) { return known }
    let codes = Pinyin.codes(of: Character(scalar), keyboard: keyboard, fuzzy: rules).map { Array($0.unicodeScalars) }
    cache.withLock { $0[key] = codes }
    return codes
  }

  /// The codes asked for so far.
  private static let cache = Locked<[String: [[Unicode.Scalar]]]>([:])
}

extension ReferenceQuery {
  /// The best match of `way` over the readings and, with a keyboard, over the codes: exact before fuzzy, then the
  /// smaller start, then the smaller end, of either notation.
  func notationsMatch(in text: [ReferenceUnit], way: MatchKind) -> ReferenceMatch? {
    let letters = pinyinMatch(in: text, way: way, keypad: false)
    guard keyboard != nil, let codes = pinyinMatch(in: text, way: way, keypad: false, codes: true) else {
      return letters
    }
    guard let letters else { return codes }
    return codes.isBetter(than: letters) ? codes : letters
  }
}

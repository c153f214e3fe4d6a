import PinyinSearch

/// A deliberately simple, brute-force implementation of Docs/Semantics.md, the oracle that the real engines are
/// compared with.
///
/// Written from the contract alone, sentence by sentence, with no shared code with the engines' matchers: units are
/// `Character`s, folded units are arrays of `Unicode.Scalar`, every start is tried, and every choice of spellings is
/// followed. Only two facts come from the library: the readings of a single Han scalar (`Pinyin.readings(of:)`) and
/// one step of Unihan's `kSimplifiedVariant` (`Pinyin.simplifiedVariant(of:)`). Whether a unit is Han, the fuzzy
/// variants of a reading, the keypad's letters and the repeated simplified mapping are decided here.
///
/// Every option of the contract is followed. Each way of typing a unit is a *piece* that knows whether it is fuzzy
/// (a whole spelling that is not a reading, a beginning or an initial that begins no reading); a match is exact when
/// some choice of pieces typing it is exact, and a record's best match is the best kind, then exact before fuzzy,
/// then the smallest start and end. On the keypad the pieces are the keypad forms of the fullPinyin, initials and
/// (with mixed) mixed pieces. With traditional, literal units and a Han unit typed as itself are compared simplified.
///
///     var reference = ReferenceSearch([Record(id: "1", text: "刘亦菲")])
///     reference.search("lyf", limit: 20, offset: 0)  // [SearchResult(id: "1", …, kind: .initials, range: 0..<3, …)]
///     ReferenceSearch.bestMatch(query: "an", text: "黄安")  // (.fullPinyin, 1..<2)
///     ReferenceSearch.match(query: "zangsan", text: "张三", options: SearchOptions(fuzzy: .zZh))
///     // fullPinyin fuzzy 0..<2
///
/// Slow on purpose: a search tries every start in every record, and sorts every match.
public struct ReferenceSearch: Sendable {
  /// The records in insertion order, each with its prepared units.
  private var entries: [(record: Record, units: [ReferenceUnit])] = []
  /// The options searches follow.
  public let options: SearchOptions
  /// The keyboard scheme whose codes are a second notation of every Han unit, or nil.
  public let keyboard: Keyboard?

  /// Creates an empty reference searching with `options` (and the codes of `keyboard`, by default the options' own
  /// `SearchOptions.keyboard`).
  public init(options: SearchOptions = .default, keyboard: Keyboard? = nil) {
    self.options = options
    self.keyboard = keyboard ?? options.keyboard
  }

  /// Creates a reference holding `records`; a later record replaces an earlier one with its id.
  public init(_ records: some Sequence<Record>, options: SearchOptions = .default, keyboard: Keyboard? = nil) {
    self.options = options
    self.keyboard = keyboard ?? options.keyboard
    add(contentsOf: records)
  }

  /// The number of records.
  public var count: Int { entries.count }

  /// Adds `record`, or replaces the text and rank of the record whose id has the same UTF-8 bytes.
  ///
  /// - Returns: Whether a record with that id was replaced.
  @discardableResult
  public mutating func add(_ record: Record) -> Bool {
    let entry = (record: record, units: ReferenceUnit.units(of: record.text, fuzzy: options.fuzzy))
    if let index = index(ofID: record.id) {
      entries[index] = entry
      return true
    }
    entries.append(entry)
    return false
  }

  /// Adds every record of `records` in order, as `add(_:)` does.
  public mutating func add(contentsOf records: some Sequence<Record>) {
    for record in records { add(record) }
  }

  /// Removes the record whose id has the same UTF-8 bytes as `id`.
  ///
  /// - Returns: Whether there was such a record.
  @discardableResult
  public mutating func remove(id: String) -> Bool {
    guard let index = index(ofID: id) else { return false }
    entries.remove(at: index)
    return true
  }

  /// The results of `query` as Docs/Semantics.md defines them: every record's best match, fully sorted, then the slice
  /// of `limit` results from position `offset` on.
  ///
  /// - Parameters:
  ///   - query: The query as typed; it is trimmed and folded here.
  ///   - limit: The most results to return; zero or less returns none.
  ///   - offset: The number of results to skip; a negative offset counts as zero.
  /// - Returns: The page of results, best first.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    guard limit > 0, let prepared = ReferenceQuery(query, options: options, keyboard: keyboard) else { return [] }
    var results: [(result: SearchResult, rank: Int64, length: Int)] = []
    for entry in entries {
      guard let match = prepared.bestMatch(in: entry.units) else { continue }
      let utf16Range = Self.utf16Range(of: match.range, in: entry.units)
      let result = SearchResult(
        id: entry.record.id, text: entry.record.text, rank: entry.record.rank, kind: match.kind,
        isFuzzy: match.isFuzzy, range: match.range, utf16Range: utf16Range)
      results.append((result, entry.record.rank, entry.units.count))
    }
    results.sort {
      Self.precedes($0.result, rank: $0.rank, length: $0.length, $1.result, rank: $1.rank, length: $1.length)
    }
    return Array(results.map(\.result).dropFirst(max(offset, 0)).prefix(limit))
  }

  /// The best match of `query` in `text`: its kind, whether it is fuzzy, and its unit range; nil when it does not
  /// match.
  ///
  ///     ReferenceSearch.match(query: "nyf", text: "刘亦菲", options: SearchOptions(fuzzy: .nL))  // initials fuzzy 0..<3
  public static func match(
    query: String, text: String, options: SearchOptions = .default, keyboard: Keyboard? = nil
  ) -> ReferenceMatch? {
    guard let prepared = ReferenceQuery(query, options: options, keyboard: keyboard) else { return nil }
    return prepared.bestMatch(in: ReferenceUnit.units(of: text, fuzzy: options.fuzzy))
  }

  /// The best match of `query` in `text`: its kind and its unit range, or nil when it does not match.
  ///
  ///     ReferenceSearch.bestMatch(query: "nzg", text: "我 爱你 中   国")  // (.initials, 3..<10)
  public static func bestMatch(
    query: String, text: String, options: SearchOptions = .default
  ) -> (MatchKind, Range<Int>)? {
    match(query: query, text: text, options: options).map { ($0.kind, $0.range) }
  }

  /// The best match of `query` in `text` under this reference's options, as the static
  /// `match(query:text:options:)`; the records play no part.
  public func match(query: String, text: String) -> ReferenceMatch? {
    Self.match(query: query, text: text, options: options)
  }

  /// The best match of `query` in `text` under this reference's options, as the static
  /// `bestMatch(query:text:options:)`; the records play no part.
  public func bestMatch(query: String, text: String) -> (MatchKind, Range<Int>)? {
    Self.bestMatch(query: query, text: text, options: options)
  }

  private func index(ofID id: String) -> Int? {
    entries.firstIndex { $0.record.id.utf8.elementsEqual(id.utf8) }
  }

  /// The result order: kind, exact before fuzzy, start, the record's rank (higher first), the text's length in
  /// units, then the id by UTF-8 bytes.
  static func precedes(
    _ a: SearchResult, rank aRank: Int64, length aLength: Int, _ b: SearchResult, rank bRank: Int64, length bLength: Int
  ) -> Bool {
    if a.kind != b.kind { return a.kind < b.kind }
    if a.isFuzzy != b.isFuzzy { return !a.isFuzzy }
    if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
    if aRank != bRank { return aRank > bRank }
    if aLength != bLength { return aLength < bLength }
    return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
  }

  static func utf16Range(of range: Range<Int>, in units: [ReferenceUnit]) -> Range<Int> {
    var start = 0
    for unit in units[..<range.lowerBound] { start += unit.character.utf16.count }
    var end = start
    for unit in units[range] { end += unit.character.utf16.count }
    return start..<end
  }
}

/// One way of typing a unit in a pinyin or mixed match: its scalars, and whether only a fuzzy spelling gives them.
struct ReferencePiece: Sendable {
  /// What is typed.
  var scalars: [Unicode.Scalar]
  /// Docs/Semantics.md, "fuzzy": a full spelling that is not a reading, or a beginning (an initial) that begins no
  /// reading of the unit.
  var isFuzzy: Bool
  /// For a Han unit typed as itself (mixed): the folded unit with every scalar simplified, which `traditional`
  /// compares; nil for every other piece.
  var simplified: [Unicode.Scalar]? = nil

  /// `pieces` without repeated scalars, in their order; of two pieces with the same scalars the exact one stays.
  static func unique(_ pieces: [ReferencePiece]) -> [ReferencePiece] {
    var unique: [ReferencePiece] = []
    var indices: [[Unicode.Scalar]: Int] = [:]
    for piece in pieces {
      precondition(piece.simplified == nil, "a Han unit typed as itself is kept apart")
      if let index = indices[piece.scalars] {
        unique[index].isFuzzy = unique[index].isFuzzy && piece.isFuzzy
      } else {
        indices[piece.scalars] = unique.count
        unique.append(piece)
      }
    }
    return unique
  }

  /// The piece typed on a phone keypad: every ASCII letter its key's digit, every other scalar as it is.
  var keypadForm: ReferencePiece {
    ReferencePiece(scalars: scalars.map(ReferenceKeypad.digit), isFuzzy: isFuzzy)
  }
}

/// One unit (`Character`) of a text or a query as folding and literal comparison see it.
struct ReferenceFolding: Sendable {
  /// The unit as written.
  let character: Character
  /// The folded unit: `String(character).lowercased()`, full-width U+FF01–FF5E to ASCII, U+3000 to U+0020.
  let folded: [Unicode.Scalar]
  /// `folded` with every scalar simplified (`ReferenceSimplified.scalar(_:)`): what `traditional` compares.
  let simplified: [Unicode.Scalar]
  /// `Character.isWhitespace`.
  let isWhitespace: Bool
  /// A folded digit `0`–`9`.
  let isDigit: Bool
  /// White space or one of `- . ( ) / +` after folding.
  let isSeparator: Bool
  /// The folded unit is one apostrophe, `'` (U+0027, also U+FF07 folded) or `’` (U+2019): a syllable separator.
  let isApostrophe: Bool
  /// White space or an apostrophe: what the pinyin kinds skip in a text and remove from a query.
  var isTransparent: Bool { isWhitespace || isApostrophe }

  init(_ character: Character) {
    self.character = character
    folded = Self.fold(character)
    simplified = folded.map(ReferenceSimplified.scalar)
    isWhitespace = character.isWhitespace
    isDigit = folded.count == 1 && ("0"..."9").contains(folded[0])
    isSeparator = isWhitespace || (folded.count == 1 && "-.()/+".unicodeScalars.contains(folded[0]))
    isApostrophe = folded == ["'"] || folded == ["\u{2019}"]
  }

  /// What the literal kind compares: the folded unit, with `traditional` also simplified.
  func literalForm(traditional: Bool) -> [Unicode.Scalar] {
    traditional ? simplified : folded
  }

  static func fold(_ character: Character) -> [Unicode.Scalar] {
    String(character).lowercased().unicodeScalars.map { scalar in
      switch scalar.value {
      case 0xFF01...0xFF5E: Unicode.Scalar(scalar.value - 0xFF01 + 0x21)!
      case 0x3000: " "
      default: scalar
      }
    }
  }
}

/// One unit (`Character`) of a text with everything the contract says about it, under one set of fuzzy rules.
final class ReferenceUnit: Sendable {
  /// The unit folded.
  let folding: ReferenceFolding
  /// Whether the first scalar has readings and every further scalar is a variation selector.
  let isHan: Bool
  /// The readings of a Han unit; empty for any other unit.
  let readings: [[Unicode.Scalar]]
  /// The readings and their fuzzy variants for a Han unit, else the folded form alone.
  let spellings: [[Unicode.Scalar]]
  /// Each spelling whole, fuzzy when it is not a reading (fullPinyin before the last unit).
  let wholeSpellings: [ReferencePiece]
  /// Each non-empty beginning of each spelling of a Han unit, fuzzy when it begins no reading (fullPinyin's last
  /// unit, mixed); the folded form alone for any other unit.
  let spellingPrefixes: [ReferencePiece]
  /// The first letter of each spelling of a Han unit, fuzzy when it begins no reading; the folded form alone for any
  /// other unit.
  let initials: [ReferencePiece]
  /// The pieces of a mixed match: `spellingPrefixes`, and for a Han unit the unit itself (never fuzzy, compared
  /// simplified under `traditional`).
  let mixedPieces: [ReferencePiece]
  /// The keypad forms of `wholeSpellings`, `spellingPrefixes` and `initials`, without repeats (`lv` and its fuzzy
  /// variant `lu` are one exact `58`). The keypad form of `spellingPrefixes` is also that of `mixedPieces`: a Han unit
  /// typed as itself is impossible on a keypad.
  let keypadWholeSpellings: [ReferencePiece]
  let keypadSpellingPrefixes: [ReferencePiece]
  let keypadInitials: [ReferencePiece]

  // The folding's facts, read through the unit.
  var character: Character { folding.character }
  var folded: [Unicode.Scalar] { folding.folded }
  var isWhitespace: Bool { folding.isWhitespace }
  var isDigit: Bool { folding.isDigit }
  var isSeparator: Bool { folding.isSeparator }
  var isTransparent: Bool { folding.isTransparent }

  init(_ character: Character, fuzzy rules: FuzzyRules) {
    folding = ReferenceFolding(character)
    let folded = folding.folded
    let scalars = Array(character.unicodeScalars)
    let readings = Pinyin.readings(of: Character(scalars[0]))
    isHan = !readings.isEmpty && scalars.dropFirst().allSatisfy(Self.isVariationSelector)
    if isHan {
      self.readings = readings.map { Array($0.unicodeScalars) }
      var spellings: [String] = []
      for reading in readings {
        for spelling in ReferenceFuzzy.variants(of: reading, rules: rules) where !spellings.contains(spelling) {
          spellings.append(spelling)
        }
      }
      self.spellings = spellings.map { Array($0.unicodeScalars) }
    } else {
      self.readings = []
      spellings = [folded]
    }
    let exact = ReferencePiece(scalars: folded, isFuzzy: false)
    if isHan {
      let readings = self.readings
      wholeSpellings = ReferencePiece.unique(
        spellings.map { ReferencePiece(scalars: $0, isFuzzy: !readings.contains($0)) })
      spellingPrefixes = ReferencePiece.unique(
        spellings.flatMap { spelling in
          (1...spelling.count).map { length in
            let prefix = Array(spelling.prefix(length))
            return ReferencePiece(scalars: prefix, isFuzzy: !readings.contains { $0.starts(with: prefix) })
          }
        })
      initials = ReferencePiece.unique(
        spellings.map { spelling in
          ReferencePiece(scalars: [spelling[0]], isFuzzy: !readings.contains { $0.first == spelling[0] })
        })
      mixedPieces =
        spellingPrefixes + [ReferencePiece(scalars: folded, isFuzzy: false, simplified: folding.simplified)]
    } else {
      wholeSpellings = [exact]
      spellingPrefixes = [exact]
      initials = [exact]
      mixedPieces = [exact]
    }
    keypadWholeSpellings = ReferencePiece.unique(wholeSpellings.map(\.keypadForm))
    keypadSpellingPrefixes = ReferencePiece.unique(spellingPrefixes.map(\.keypadForm))
    keypadInitials = ReferencePiece.unique(initials.map(\.keypadForm))
  }

  static func units(of text: String, fuzzy rules: FuzzyRules) -> [ReferenceUnit] {
    text.map { ReferenceUnit($0, fuzzy: rules) }
  }

  static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
    (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
  }
}

/// Fuzzy pinyin as Docs/Semantics.md, "fuzzy", words it: a reading splits into an initial and a final; a rule on
/// initials or on whole finals gives a part a partner; the variants are every partner-or-self initial with every
/// partner-or-self final.
enum ReferenceFuzzy {
  /// The initials a reading may begin with; the longest one it begins with is its initial.
  static let initials = [
    "zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h", "j", "q", "x", "r",
    "z", "c", "s", "y", "w",
  ]
  /// The rules on initials, each with its two sides.
  static let initialRules: [(rule: FuzzyRules, sides: (String, String))] = [
    (.zZh, ("z", "zh")), (.cCh, ("c", "ch")), (.sSh, ("s", "sh")), (.nL, ("n", "l")), (.rL, ("r", "l")),
    (.fH, ("f", "h")),
  ]
  /// The rules on whole finals, each with its two sides.
  static let finalRules: [(rule: FuzzyRules, sides: (String, String))] = [
    (.anAng, ("an", "ang")), (.enEng, ("en", "eng")), (.inIng, ("in", "ing")), (.ianIang, ("ian", "iang")),
    (.uanUang, ("uan", "uang")),
  ]
  /// `u-v`, which applies only to the final of a reading whose own initial is `n` or `l`.
  static let uVRules: [(rule: FuzzyRules, sides: (String, String))] = [(.uV, ("v", "u")), (.uV, ("ve", "ue"))]

  /// `reading`'s initial (the longest of `initials` it begins with, possibly none) and its final (the rest).
  static func split(_ reading: String) -> (initial: String, final: String) {
    var initial = ""
    for candidate in initials where reading.hasPrefix(candidate) && candidate.count > initial.count {
      initial = candidate
    }
    return (initial, String(reading.dropFirst(initial.count)))
  }

  /// The direct partners of `part` under the enabled `rules` among `candidates`: the other side of each rule that
  /// has `part` as one side. Not transitive.
  static func partners(
    of part: String, among candidates: [(rule: FuzzyRules, sides: (String, String))], rules: FuzzyRules
  ) -> [String] {
    var partners: [String] = []
    for candidate in candidates where rules.contains(candidate.rule) {
      if part == candidate.sides.0 { partners.append(candidate.sides.1) }
      if part == candidate.sides.1 { partners.append(candidate.sides.0) }
    }
    return partners
  }

  /// The reading itself and its fuzzy variants under `rules`: every combination of its initial or a direct partner
  /// of it with its final or a direct partner of it; the reading alone when it has no vowel (`a e i o u v`).
  static func variants(of reading: String, rules: FuzzyRules) -> [String] {
    guard reading.unicodeScalars.contains(where: { "aeiouv".unicodeScalars.contains($0) }) else { return [reading] }
    let (initial, final) = split(reading)
    let initials = [initial] + partners(of: initial, among: initialRules, rules: rules)
    let finalCandidates = initial == "n" || initial == "l" ? finalRules + uVRules : finalRules
    let finals = [final] + partners(of: final, among: finalCandidates, rules: rules)
    var variants: [String] = []
    for initial in initials {
      for final in finals where !variants.contains(initial + final) { variants.append(initial + final) }
    }
    return variants
  }
}

/// The phone keypad of Docs/Semantics.md, "keypad".
enum ReferenceKeypad {
  /// The digit of an ASCII letter (either case); any other scalar as it is.
  static func digit(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar {
    case "a"..."c", "A"..."C": "2"
    case "d"..."f", "D"..."F": "3"
    case "g"..."i", "G"..."I": "4"
    case "j"..."l", "J"..."L": "5"
    case "m"..."o", "M"..."O": "6"
    case "p"..."s", "P"..."S": "7"
    case "t"..."v", "T"..."V": "8"
    case "w"..."z", "W"..."Z": "9"
    default: scalar
    }
  }
}

/// A trimmed, folded query.
struct ReferenceQuery {
  /// The units of the trimmed query, folded; white space included (for literal matching).
  var units: [ReferenceFolding]
  /// The digits of the query with its separators removed, when the phone rule applies to it: it has only digits
  /// and separators, and at least one digit.
  var phoneDigits: [[Unicode.Scalar]]?
  /// The scalars of the folded query without its white-space and apostrophe units (for the pinyin kinds).
  var pinyinScalars: [Unicode.Scalar]
  /// The positions in `pinyinScalars` where an apostrophe stood: no piece may contain one strictly inside it.
  var separators: Set<Int>
  /// `pinyinScalars` with every scalar simplified: what `traditional` compares with a Han unit typed as itself.
  var simplifiedPinyinScalars: [Unicode.Scalar]
  /// Whether the query is also tried on the keypad: the option is on and `pinyinScalars` are all digits `0`–`9`.
  var isKeypad: Bool
  /// The options the query is matched under.
  var options: SearchOptions
  /// The keyboard scheme whose codes are a second notation, or nil.
  var keyboard: Keyboard?

  /// Nil when the query is empty after trimming.
  init?(_ query: String, options: SearchOptions, keyboard: Keyboard? = nil) {
    self.options = options
    self.keyboard = keyboard ?? options.keyboard
    var characters = Array(query)
    while let first = characters.first, first.isWhitespace { characters.removeFirst() }
    while let last = characters.last, last.isWhitespace { characters.removeLast() }
    guard !characters.isEmpty else { return nil }
    units = characters.map(ReferenceFolding.init)
    let digits = units.filter(\.isDigit).map(\.folded)
    let isPhone = units.allSatisfy { $0.isDigit || $0.isSeparator } && !digits.isEmpty
    phoneDigits = isPhone ? digits : nil
    pinyinScalars = units.filter { !$0.isTransparent }.flatMap(\.folded)
    var separators = Set<Int>()
    var position = 0
    for unit in units where !unit.isWhitespace {
      if unit.isApostrophe { separators.insert(position) } else { position += unit.folded.count }
    }
    self.separators = separators
    simplifiedPinyinScalars = pinyinScalars.map(ReferenceSimplified.scalar)
    isKeypad = options.keypad && !pinyinScalars.isEmpty && pinyinScalars.allSatisfy { ("0"..."9").contains($0) }
  }

  /// The best kind; then exact before fuzzy; then the smallest start; then the smallest end.
  func bestMatch(in text: [ReferenceUnit]) -> ReferenceMatch? {
    if let range = plainLiteralMatch(in: text) ?? phoneMatch(in: text) {
      return ReferenceMatch(kind: .literal, isFuzzy: false, range: range)
    }
    for way in options.mixed ? [MatchKind.fullPinyin, .initials, .mixed] : [.fullPinyin, .initials] {
      if let match = notationsMatch(in: text, way: way) { return match }
    }
    guard isKeypad else { return nil }
    // The digits of a fullPinyin, initials or (with mixed) mixed match: the best of the three, as one kind.
    let ways: [MatchKind] = options.mixed ? [.fullPinyin, .initials, .mixed] : [.fullPinyin, .initials]
    var best: ReferenceMatch?
    for way in ways {
      guard let match = pinyinMatch(in: text, way: way, keypad: true) else { continue }
      if best == nil || match.isBetter(than: best!) { best = match }
    }
    return best.map { ReferenceMatch(kind: .keypad, isFuzzy: $0.isFuzzy, range: $0.range) }
  }

  /// The first `i` where the query's units equal the text's units `i ..< i+m`: folded, and with `traditional` also
  /// simplified on both sides.
  func plainLiteralMatch(in text: [ReferenceUnit]) -> Range<Int>? {
    let m = units.count
    guard m <= text.count else { return nil }
    let traditional = options.traditional
    for i in 0...(text.count - m) {
      var k = 0
      while k < m
        && text[i + k].folding.literalForm(traditional: traditional) == units[k].literalForm(traditional: traditional)
      {
        k += 1
      }
      if k == m { return i..<(i + m) }
    }
    return nil
  }

  /// The phone rule: the query's digits against a run of the text's digits with separators between them, starting
  /// and ending at a digit. The first start wins; its end is then determined.
  func phoneMatch(in text: [ReferenceUnit]) -> Range<Int>? {
    guard let digits = phoneDigits else { return nil }
    for i in text.indices {
      var matched = 0
      var k = i
      while k < text.count {
        if text[k].isDigit {
          guard text[k].folded == digits[matched] else { break }
          matched += 1
          if matched == digits.count { return i..<(k + 1) }
        } else if !(text[k].isSeparator && matched > 0) {
          break
        }
        k += 1
      }
    }
    return nil
  }

  /// The best match of `way` — fullPinyin (whole spellings, the last unit a beginning of one), initials, or mixed
  /// (each Han unit a beginning of a spelling or the unit itself) — or, with `keypad`, of the keypad digits of such
  /// matches. For each non-white start `i` in order, follow every choice of piece per non-white unit, tracking the
  /// query positions reached and whether only fuzzy pieces reach them; each unit `j` at which the whole query is
  /// typed is a match `i..<j+1`, fuzzy when no exact choice reaches it. The first exact one is the best; else the
  /// best fuzzy one.
  func pinyinMatch(in text: [ReferenceUnit], way: MatchKind, keypad: Bool, codes: Bool = false) -> ReferenceMatch? {
    let queryCount = pinyinScalars.count
    var best: ReferenceMatch?
    // The query positions typed so far, each with whether only fuzzy pieces type it.
    var reached: [(position: Int, isFuzzy: Bool)] = []
    var next: [(position: Int, isFuzzy: Bool)] = []
    for i in text.indices where !text[i].isTransparent {
      reached.removeAll(keepingCapacity: true)
      reached.append((0, false))
      for j in i..<text.count where !text[j].isTransparent {
        let (middle, last) = pieces(of: text[j], way: way, keypad: keypad, codes: codes)
        next.removeAll(keepingCapacity: true)
        for (position, isFuzzy) in reached {
          for piece in last where position + piece.scalars.count == queryCount && types(piece, at: position) {
            let match = ReferenceMatch(kind: way, isFuzzy: isFuzzy || piece.isFuzzy, range: i..<(j + 1))
            if best == nil || match.isBetter(than: best!) { best = match }
          }
          for piece in middle where position + piece.scalars.count < queryCount && types(piece, at: position) {
            let reachedAt = (position: position + piece.scalars.count, isFuzzy: isFuzzy || piece.isFuzzy)
            if let index = next.firstIndex(where: { $0.position == reachedAt.position }) {
              next[index].isFuzzy = next[index].isFuzzy && reachedAt.isFuzzy
            } else {
              next.append(reachedAt)
            }
          }
        }
        // Starts and ends are tried in increasing order: the first exact match is the best.
        if let best, !best.isFuzzy { return best }
        swap(&reached, &next)
        if reached.isEmpty { break }
      }
    }
    return best
  }

  /// What `unit` may be typed as, whole, in a match of `way`: before the last unit (`middle`) and as the last unit
  /// (`last`). fullPinyin: whole spellings, and for the last unit any beginning of one; initials: initials; mixed:
  /// any beginning of a spelling, or a Han unit itself. On the keypad every piece is its keypad form, and a Han unit
  /// typed as itself is impossible.
  func pieces(
    of unit: ReferenceUnit, way: MatchKind, keypad: Bool, codes: Bool = false
  ) -> (middle: [ReferencePiece], last: [ReferencePiece]) {
    if codes, unit.isHan, let keyboard {
      return ReferenceKeyboard.pieces(of: unit, way: way, keyboard: keyboard, fuzzy: options.fuzzy)
    }
    return switch (way, keypad) {
    case (.fullPinyin, false): (unit.wholeSpellings, unit.spellingPrefixes)
    case (.fullPinyin, true): (unit.keypadWholeSpellings, unit.keypadSpellingPrefixes)
    case (.initials, false): (unit.initials, unit.initials)
    case (.initials, true): (unit.keypadInitials, unit.keypadInitials)
    case (.mixed, false): (unit.mixedPieces, unit.mixedPieces)
    case (.mixed, true): (unit.keypadSpellingPrefixes, unit.keypadSpellingPrefixes)
    case (.literal, _), (.keypad, _): preconditionFailure("\(way) is not a way of typing pinyin")
    }
  }

  /// Whether the pinyin scalars from `position` on begin with `piece`: as they are, or for a Han unit typed as
  /// itself under `traditional`, both sides simplified; and no apostrophe stood strictly inside the piece.
  func types(_ piece: ReferencePiece, at position: Int) -> Bool {
    if piece.scalars.count > 1
      && ((position + 1)..<(position + piece.scalars.count)).contains(where: separators.contains)
    {
      return false
    }
    if options.traditional, let simplified = piece.simplified {
      return Self.scalars(simplifiedPinyinScalars, at: position, begin: simplified)
    }
    return Self.scalars(pinyinScalars, at: position, begin: piece.scalars)
  }

  /// Whether `scalars[position...]` begins with `beginning`.
  static func scalars(_ scalars: [Unicode.Scalar], at position: Int, begin beginning: [Unicode.Scalar]) -> Bool {
    guard position + beginning.count <= scalars.count else { return false }
    var k = 0
    while k < beginning.count && scalars[position + k] == beginning[k] { k += 1 }
    return k == beginning.count
  }
}

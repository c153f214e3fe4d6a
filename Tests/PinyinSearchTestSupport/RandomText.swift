import PinyinSearch
import PinyinSearchSamples

/// Seeded generators of record texts, record ids and queries for differential tests.
///
/// Texts mix Han characters (many of them polyphones), Latin letters of both cases, digits and phone-number
/// separators, ASCII, ideographic and other white space, full-width forms, symbols, emoji, combining marks,
/// variation selectors and supplementary-plane Han. Queries are derived from a text so that many of them match:
/// substrings, spellings and initials from a unit boundary (sometimes cut mid-syllable), digit runs with separators
/// inserted or removed, upper-cased and full-width variants, queries padded with white space, random short letter
/// strings and long queries. For the options of Docs/Semantics.md there are random option sets, texts rich in
/// traditional characters, and queries that also swap spellings fuzzily, type them on a keypad, or swap the
/// characters between traditional and simplified.
///
///     var random = SplitMix64(seed: 1)
///     let text = RandomText.text(using: &random)
///     let query = RandomText.query(for: text, using: &random)
///     let options = RandomText.options(using: &random)
///     let optionQuery = RandomText.query(for: RandomText.textWithTraditional(using: &random), options: options,
///       using: &random)
public enum RandomText {
  /// Han characters with several readings each.
  static let polyphones = Array("长行单曾重乐会和大解仇朝传都还了着卡西安先黄王刘亦菲银音")
  /// Other Han characters, mostly with one reading.
  static let otherHan = Array("我爱你中国张李手机经沧海吕女葛德华")
  /// Han with a variation selector, supplementary-plane Han, and Han followed by a combining mark (not Han).
  static let specialHan = ["葛\u{E0100}", "长\u{FE00}", "行\u{E0101}", "𧒽", "𠀀", "长\u{301}", "安\u{FE0F}"]
  static let separators = ["-", " ", ".", "(", ")", "/", "+"]
  static let whiteSpace = [" ", " ", "\u{3000}", "  ", "\t", "\n", "\r\n", "\u{A0}"]
  static let fullWidth = ["Ａ", "ｂ", "１", "２", "９", "Ｚ", "ｘ", "（", "）", "－", "＋", "\u{3000}"]
  static let symbols = ["@", "#", "&", "*", "!", "?", ",", ":", "_", "~", "·", "%", "、", "。"]
  static let emoji = ["👍", "👍🏽", "👨‍👩‍👧", "🇨🇳", "🇺🇸", "❤️"]
  static let marked = ["e\u{301}", "é", "E\u{301}", "İ", "ß", "Σ", "ü", "u\u{308}"]
  /// Texts from Docs/Semantics.md and other short texts, so that ties on start and length are common.
  static let fixedTexts = [
    "刘亦菲", "西安", "先", "黄安", "长大", "银行", "我 爱你 中   国", "曾经沧海", "iPhone手机", "138 0013 8000",
    "王菲", "刘德华", "音乐", "行长", "重庆", "长", "安", "12a34", "(010) 6552-1234", "", " ", "大 大",
  ]
  static let idPrefixes = ["r", "R", "é", "e\u{301}", "e\u{301}x", "中", "a", "", "Z-"]
  /// Traditional characters, their simplified forms, and characters that `traditional` leaves alone (乾, 著, 干,
  /// 着): 薴 → 苧 → 苎 takes two steps, and 髮 and 發 are both 发.
  static let traditionalHan = Array("劉德華發髮薴苧苎乾著長東國愛會刘华发长东国爱会干着")
  /// Traditional Han with a combining mark (not Han, yet mapped by literal comparison) or a variation selector (Han),
  /// and U+9FAD, which has no readings but a simplified variant, U+29A0E.
  static let specialTraditional = [
    "劉\u{301}", "長\u{301}", "刘\u{301}", "長\u{FE00}", "长\u{FE00}", "\u{9FAD}", "\u{29A0E}",
  ]
  /// The other script's forms of the characters of `traditionalHan`, for swapping a query's script.
  static let scriptPartners: [Character: [Character]] = [
    "劉": ["刘"], "刘": ["劉"], "華": ["华"], "华": ["華"], "發": ["发", "髮"], "髮": ["发", "發"], "发": ["發", "髮"],
    "薴": ["苧", "苎"], "苧": ["薴", "苎"], "苎": ["苧", "薴"], "長": ["长"], "长": ["長"], "東": ["东"], "东": ["東"],
    "國": ["国"], "国": ["國"], "愛": ["爱"], "爱": ["愛"], "會": ["会"], "会": ["會"], "乾": ["干"], "干": ["乾"],
    "著": ["着"], "着": ["著"], "\u{9FAD}": ["\u{29A0E}"], "\u{29A0E}": ["\u{9FAD}"],
  ]
  /// The fuzzy rules' pairs of initials, longer side first where one begins the other.
  static let fuzzyInitialPairs = [("zh", "z"), ("ch", "c"), ("sh", "s"), ("n", "l"), ("r", "l"), ("f", "h")]
  /// The fuzzy rules' pairs of finals, longer side first where one ends the other.
  static let fuzzyFinalPairs = [
    ("ang", "an"), ("eng", "en"), ("ing", "in"), ("iang", "ian"), ("uang", "uan"), ("v", "u"), ("ve", "ue"),
  ]

  /// A random record text of up to about 40 units.
  public static func text(using random: inout SplitMix64) -> String {
    if Int.random(in: 0..<8, using: &random) == 0 { return fixedTexts.randomElement(using: &random)! }
    var text = ""
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      text += piece(using: &random)
    }
    return text
  }

  static func piece(using random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<30:
      let count = Int.random(in: 1...4, using: &random)
      return String((0..<count).map { _ in polyphones.randomElement(using: &random)! })
    case 30..<38:
      let count = Int.random(in: 1...3, using: &random)
      return String((0..<count).map { _ in otherHan.randomElement(using: &random)! })
    case 38..<43: return specialHan.randomElement(using: &random)!
    case 43..<55:
      let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
      let count = Int.random(in: 1...6, using: &random)
      return String((0..<count).map { _ in letters.randomElement(using: &random)! })
    case 55..<65: return digitRun(using: &random)
    case 65..<72: return separators.randomElement(using: &random)!
    case 72..<80: return whiteSpace.randomElement(using: &random)!
    case 80..<85: return fullWidth.randomElement(using: &random)!
    case 85..<89: return symbols.randomElement(using: &random)!
    case 89..<94: return emoji.randomElement(using: &random)!
    case 94..<98: return marked.randomElement(using: &random)!
    default: return fixedTexts.randomElement(using: &random)!
    }
  }

  /// Digits, sometimes with phone-number separators (one or two) between them.
  static func digitRun(using random: inout SplitMix64) -> String {
    var run = ""
    for index in 0..<Int.random(in: 1...11, using: &random) {
      if index > 0 && Int.random(in: 0..<4, using: &random) == 0 {
        run += separators.randomElement(using: &random)!
        if Bool.random(using: &random) { run += separators.randomElement(using: &random)! }
      }
      run += String(Int.random(in: 0...9, using: &random))
    }
    return run
  }

  /// A random record text of up to about 40 units with many traditional characters and their simplified forms
  /// (`traditionalHan`, `specialTraditional`) among the pieces of `text(using:)`.
  public static func textWithTraditional(using random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let count = Int.random(in: 1...4, using: &random)
        text += String((0..<count).map { _ in traditionalHan.randomElement(using: &random)! })
      case 5..<7: text += specialTraditional.randomElement(using: &random)!
      default: text += piece(using: &random)
      }
    }
    return text
  }

  /// A random set of options: `mixed`, `traditional` and `keypad` each on or off, and `fuzzy` empty, `.all` or a
  /// random set of rules, a third of the time each.
  public static func options(using random: inout SplitMix64) -> SearchOptions {
    let fuzzy: FuzzyRules
    switch Int.random(in: 0..<3, using: &random) {
    case 0: fuzzy = []
    case 1: fuzzy = .all
    default: fuzzy = FuzzyRules(rawValue: UInt16.random(in: 0...UInt16.max, using: &random))
    }
    return SearchOptions(
      mixed: Bool.random(using: &random), fuzzy: fuzzy, traditional: Bool.random(using: &random),
      keypad: Bool.random(using: &random))
  }

  /// A random id made unique by `number`, with a prefix that makes UTF-8 order and `String` order differ.
  public static func id(_ number: Int, using random: inout SplitMix64) -> String {
    idPrefixes.randomElement(using: &random)! + String(number)
  }

  /// `count` records with random texts, unique ids and ranks: mostly 0, some small, some the extremes.
  public static func records(count: Int, using random: inout SplitMix64) -> [Record] {
    (0..<count).map { Record(id: id($0, using: &random), text: text(using: &random), rank: rank(using: &random)) }
  }

  /// A random rank: 0 three times in four, else a small number or an extreme of `Int64`.
  public static func rank(using random: inout SplitMix64) -> Int64 {
    guard Int.random(in: 0..<4, using: &random) == 0 else { return 0 }
    return [-2, -1, 1, 2, 3, .max, .min].randomElement(using: &random)!
  }

  /// A random query derived from `text`, so that many queries match it; then sometimes upper-cased, made
  /// full-width, or given leading, trailing or inner white space.
  public static func query(for text: String, using random: inout SplitMix64) -> String {
    let units = Array(text)
    var query: String
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<15: query = substring(of: units, using: &random)
    case 15..<45: query = spelling(of: units, initialsOnly: false, using: &random)
    case 45..<60: query = spelling(of: units, initialsOnly: true, using: &random)
    case 60..<70: query = digits(of: units, using: &random) ?? spelling(of: units, initialsOnly: false, using: &random)
    case 70..<80: query = letters(count: Int.random(in: 1...4, using: &random), using: &random)
    case 80..<85: query = longQuery(for: units, using: &random)
    case 85..<92:
      let spelled = spelling(of: units, initialsOnly: false, using: &random)
      query = String(spelled.dropFirst(Int.random(in: 0...max(spelled.count - 1, 0), using: &random)))
    default: query = mixedSpelling(of: units, using: &random)
    }
    return decorate(query, using: &random)
  }

  /// A random query derived from `text` for an engine with `options`: half the time one of `query(for:using:)`,
  /// else a fuzzy spelling (`zangsan` for 张三), the keypad digits of a spelling, of initials or of a mixed spelling
  /// (`548` for 刘亦菲), or a piece of the text with its characters swapped between traditional and simplified; the
  /// options that are on are asked for more often. Decorated as `query(for:using:)` decorates.
  public static func query(for text: String, options: SearchOptions, using random: inout SplitMix64) -> String {
    let fuzzyWeight = options.fuzzy.isEmpty ? 5 : 20
    let keypadWeight = options.keypad ? 20 : 5
    let traditionalWeight = options.traditional ? 15 : 5
    let choice = Int.random(in: 0..<(50 + fuzzyWeight + keypadWeight + traditionalWeight), using: &random)
    let units = Array(text)
    let query: String
    if choice < 50 {
      return self.query(for: text, using: &random)
    } else if choice < 50 + fuzzyWeight {
      query = fuzzySpelling(of: units, using: &random)
    } else if choice < 50 + fuzzyWeight + keypadWeight {
      query = keypadDigits(of: units, mixed: options.mixed, using: &random)
    } else {
      query = scriptSwapped(of: units, using: &random)
    }
    return decorate(query, using: &random)
  }

  /// One spelling per unit from a random unit on — half the time whole readings, else initials, or each piece whole,
  /// an initial or a random beginning as a mixed spelling types them — each reading changed by a random fuzzy swap
  /// half the time (`zhang` → `zang`, `liu` → `niu`, `lv` → `lu`, `xian` → `xiang`), the last piece sometimes cut
  /// short. Some swaps are not fuzzy variants (`xu` → `xv`), so that they are seen not to match.
  static func fuzzySpelling(of units: [Character], using random: inout SplitMix64) -> String {
    guard !units.isEmpty else { return letters(count: 3, using: &random) }
    let way = Int.random(in: 0..<4, using: &random)
    let initialsOnly = way == 2
    let start = Int.random(in: 0..<units.count, using: &random)
    let end = min(units.count, start + Int.random(in: 1...5, using: &random))
    var pieces: [String] = []
    for unit in units[start..<end] {
      if unit.isWhitespace {
        pieces.append(Bool.random(using: &random) ? " " : "")
        continue
      }
      guard var spelled = Pinyin.readings(of: unit).randomElement(using: &random) else {
        pieces.append(String(unit))
        continue
      }
      if Bool.random(using: &random) { spelled = fuzzySwap(of: spelled, using: &random) }
      if Int.random(in: 0..<4, using: &random) == 0 { spelled = fuzzySwap(of: spelled, using: &random) }
      switch way {
      case 2: spelled = String(spelled.prefix(1))
      case 3:
        switch Int.random(in: 0..<3, using: &random) {
        case 0: break
        case 1: spelled = String(spelled.prefix(1))
        default: spelled = String(spelled.prefix(Int.random(in: 1...spelled.count, using: &random)))
        }
      default: break
      }
      pieces.append(spelled)
    }
    if !initialsOnly, let last = pieces.last, last.count > 1, Int.random(in: 0..<4, using: &random) == 0 {
      pieces[pieces.count - 1] = String(last.prefix(Int.random(in: 1..<last.count, using: &random)))
    }
    return pieces.joined()
  }

  /// `spelling` with one of its initials or finals swapped for the other side of a fuzzy pair, or as it is when no
  /// pair applies.
  static func fuzzySwap(of spelling: String, using random: inout SplitMix64) -> String {
    var swapped: [String] = []
    for (longer, shorter) in fuzzyInitialPairs {
      if spelling.hasPrefix(longer) {
        swapped.append(shorter + spelling.dropFirst(longer.count))
      } else if spelling.hasPrefix(shorter) {
        swapped.append(longer + spelling.dropFirst(shorter.count))
      }
    }
    for (longer, shorter) in fuzzyFinalPairs {
      if spelling.hasSuffix(longer) {
        swapped.append(spelling.dropLast(longer.count) + shorter)
      } else if spelling.hasSuffix(shorter) {
        swapped.append(spelling.dropLast(shorter.count) + longer)
      }
    }
    return swapped.randomElement(using: &random) ?? spelling
  }

  /// The keypad digits of a spelling, of initials, of a fuzzy spelling or (with `mixed`) of a mixed spelling of the
  /// text: every ASCII letter its key's digit, everything else as it is.
  static func keypadDigits(of units: [Character], mixed: Bool, using random: inout SplitMix64) -> String {
    let spelled: String
    switch Int.random(in: 0..<4, using: &random) {
    case 0: spelled = spelling(of: units, initialsOnly: false, using: &random)
    case 1: spelled = spelling(of: units, initialsOnly: true, using: &random)
    case 2 where mixed: spelled = mixedSpelling(of: units, using: &random)
    default: spelled = fuzzySpelling(of: units, using: &random)
    }
    return String(String.UnicodeScalarView(spelled.unicodeScalars.map(ReferenceKeypad.digit)))
  }

  /// A substring or a mixed spelling of the text with most of its characters swapped between traditional and
  /// simplified (`劉德华` for 刘德华), through `scriptPartners`, else through the first simplified variant.
  static func scriptSwapped(of units: [Character], using random: inout SplitMix64) -> String {
    let query =
      Bool.random(using: &random) ? substring(of: units, using: &random) : mixedSpelling(of: units, using: &random)
    var swapped = ""
    for character in query {
      guard Int.random(in: 0..<4, using: &random) > 0 else {
        swapped.append(character)
        continue
      }
      if let partners = scriptPartners[character] {
        swapped.append(partners.randomElement(using: &random)!)
      } else {
        swapped.unicodeScalars.append(
          contentsOf: character.unicodeScalars.map { Pinyin.simplifiedVariant(of: $0) ?? $0 })
      }
    }
    return swapped
  }

  static func substring(of units: [Character], using random: inout SplitMix64) -> String {
    guard !units.isEmpty else { return letters(count: 1, using: &random) }
    let start = Int.random(in: 0..<units.count, using: &random)
    let end = Int.random(in: (start + 1)...min(units.count, start + 6), using: &random)
    return String(units[start..<end])
  }

  /// One random spelling (or initial) per unit from a random unit on, white space typed as a space or left out,
  /// the last piece sometimes cut short.
  static func spelling(of units: [Character], initialsOnly: Bool, using random: inout SplitMix64) -> String {
    guard !units.isEmpty else { return letters(count: 2, using: &random) }
    let start = Int.random(in: 0..<units.count, using: &random)
    let end = min(units.count, start + Int.random(in: 1...5, using: &random))
    var pieces: [String] = []
    for unit in units[start..<end] {
      pieces.append(spelling(of: unit, initialsOnly: initialsOnly, using: &random))
    }
    if !initialsOnly, let last = pieces.last, last.count > 1, Int.random(in: 0..<5, using: &random) < 2 {
      pieces[pieces.count - 1] = String(last.prefix(Int.random(in: 1..<last.count, using: &random)))
    }
    var query = pieces.joined()
    if Int.random(in: 0..<20, using: &random) == 0 && query.count > 1 {
      query = String(query.prefix(Int.random(in: 1..<query.count, using: &random)))
    }
    return query
  }

  static func spelling(of unit: Character, initialsOnly: Bool, using random: inout SplitMix64) -> String {
    if unit.isWhitespace { return Bool.random(using: &random) ? " " : "" }
    let readings = Pinyin.readings(of: unit)
    guard let reading = readings.randomElement(using: &random) else { return String(unit) }
    return initialsOnly ? String(reading.prefix(1)) : reading
  }

  /// Each unit from a random one on typed as a mixed piece: a Han unit as a random beginning of one of its
  /// readings (often the whole reading or its initial) or as itself, any other unit as itself (`liuyf`, `刘dh`,
  /// `ldhua`); the pinyin kinds match these only where every piece is whole or every piece an initial.
  public static func mixedSpelling(of units: [Character], using random: inout SplitMix64) -> String {
    guard !units.isEmpty else { return letters(count: 3, using: &random) }
    let start = Int.random(in: 0..<units.count, using: &random)
    let end = min(units.count, start + Int.random(in: 2...5, using: &random))
    var query = ""
    for unit in units[start..<end] {
      if unit.isWhitespace {
        query += Bool.random(using: &random) ? " " : ""
        continue
      }
      guard let reading = Pinyin.readings(of: unit).randomElement(using: &random) else {
        query.append(unit)
        continue
      }
      switch Int.random(in: 0..<5, using: &random) {
      case 0: query += reading
      case 1: query += reading.prefix(1)
      case 2: query.append(unit)
      default: query += reading.prefix(Int.random(in: 1...reading.count, using: &random))
      }
    }
    return query
  }

  /// A run of the text's digits (ASCII or full-width), with separators inserted or removed.
  static func digits(of units: [Character], using random: inout SplitMix64) -> String? {
    let digits = units.filter { $0.isASCII ? $0.isNumber : ("０"..."９").contains($0) }
    guard !digits.isEmpty else { return nil }
    let start = Int.random(in: 0..<digits.count, using: &random)
    let end = Int.random(in: (start + 1)...digits.count, using: &random)
    var query = ""
    for (index, digit) in digits[start..<end].enumerated() {
      if index > 0 && Int.random(in: 0..<4, using: &random) == 0 {
        query += (separators + ["  ", "\u{3000}"]).randomElement(using: &random)!
      }
      query.append(digit)
    }
    return query
  }

  /// Random lowercase letters, biased towards those common in pinyin.
  static func letters(count: Int, using random: inout SplitMix64) -> String {
    let alphabet = Array("aaeeiioouuchangzhxdlyfbjqswnmrk")
    return String((0..<count).map { _ in alphabet.randomElement(using: &random)! })
  }

  /// A query of 30 or more characters: the spelling of the whole text, the text repeated, or random letters.
  static func longQuery(for units: [Character], using random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      var query = ""
      for unit in units { query += spelling(of: unit, initialsOnly: false, using: &random) }
      while query.count < 30 { query += letters(count: 5, using: &random) }
      return query
    case 1:
      var query = String(units)
      while query.count < 30 { query += units.isEmpty ? "长" : String(units) }
      return query
    default:
      return letters(count: Int.random(in: 30...60, using: &random), using: &random)
    }
  }

  static func decorate(_ query: String, using random: inout SplitMix64) -> String {
    var query = query
    if Int.random(in: 0..<7, using: &random) == 0 { query = query.uppercased() }
    if Int.random(in: 0..<10, using: &random) == 0 {
      query = String(
        String.UnicodeScalarView(
          query.unicodeScalars.map { scalar in
            guard (0x21...0x7E).contains(scalar.value), Bool.random(using: &random) else { return scalar }
            return Unicode.Scalar(scalar.value - 0x21 + 0xFF01)!
          }))
    }
    if Int.random(in: 0..<7, using: &random) == 0, query.count > 1 {
      var characters = Array(query)
      let space = whiteSpace.randomElement(using: &random)!
      characters.insert(contentsOf: space, at: Int.random(in: 1..<characters.count, using: &random))
      query = String(characters)
    }
    if Int.random(in: 0..<7, using: &random) == 0 { query = whiteSpace.randomElement(using: &random)! + query }
    if Int.random(in: 0..<7, using: &random) == 0 { query += whiteSpace.randomElement(using: &random)! }
    return query
  }
}

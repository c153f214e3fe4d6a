import PinyinSearch

/// The letters a keypad (T9) query's digits stand for in a keypad match: `548` on 刘亦菲 is
/// `liu`, `593` is `lyf`, `474663` on iPhone is `iphone`. The interactive screen shows them
/// beside a keypad match, so that a person sees what the digits were taken for.
///
/// A result says where the digits matched, not how, so the letters are found again here: a
/// *typing* of the result's units, that is, for each unit of its range (white space skipped, as
/// the pinyin kinds skip it) a piece of letters, such that the pieces' keypad digits are the
/// query's digits (folded, white space removed). A Han unit's piece comes from one of its
/// spellings under the engine's fuzzy rules (`Pinyin.spellings(of:fuzzy:)`); a non-Han unit is
/// typed whole, its folded form, whose ASCII letters become digits and whose other characters
/// stay as they are (Docs/Semantics.md, "keypad"). The typings tried, best first:
///
/// 1. `fullSpellings`: whole spellings, the last unit's cut to the digits left (full pinyin);
/// 2. `initials`: one spelling's first letter per Han unit;
/// 3. `prefixes`: a non-empty beginning of a spelling per Han unit (mixed input);
///
/// each first with the readings alone, then, with fuzzy rules, with their fuzzy variants too, so
/// that an exact match never shows fuzzy letters. Within a typing, spellings are tried in the
/// order `Pinyin.spellings(of:fuzzy:)` lists them, and longer beginnings before shorter ones.
///
///     KeypadLetters.letters(typing: "548", in: "刘亦菲", range: 0..<1, fuzzy: [])  // "liu"
///     KeypadLetters.letters(typing: "593", in: "刘亦菲", range: 0..<3, fuzzy: [])  // "lyf"
///     KeypadLetters.letters(typing: "693", in: "刘亦菲", range: 0..<3, fuzzy: .nL)  // "nyf"
///
/// Each typing is a depth-first search over the states (unit, digits typed so far), each state
/// given up at most once, so the work is bounded by the range's length × the query's length
/// (times the spellings of a unit and their lengths, which the pinyin table bounds), whatever the
/// text and query; past `maximumStates` no letters are looked for.
enum KeypadLetters {
  /// How each Han unit of the range is typed.
  enum Typing: CaseIterable {
    /// Whole spellings, the last unit's possibly cut short: a full-pinyin match.
    case fullSpellings
    /// One letter per Han unit, the first of a spelling: an initials match.
    case initials
    /// Any non-empty beginning of a spelling: a mixed match.
    case prefixes
  }

  /// The letters that `query`'s digits stand for in units `range` of `text`, or nil when
  /// `query` is not made of digits (and white space), or no typing of the range gives them.
  ///
  /// - Parameters:
  ///   - query: The query as typed; folded (full-width digits are digits) and its white space
  ///     removed.
  ///   - text: The result's text.
  ///   - range: The result's range, in units (`Character`s) of `text`.
  ///   - rules: The engine's fuzzy rules (`SearchOptions.fuzzy`).
  /// - Returns: The pieces' letters, joined: `liu`, `lyf`.
  /// - Complexity: O(n × q) states for a range of n units and a query of q digits, at most
  ///   `maximumStates` (beyond, nil).
  static func letters(typing query: String, in text: String, range: Range<Int>, fuzzy rules: FuzzyRules) -> String? {
    guard let digits = keypadDigits(of: query) else { return nil }
    let units = Array(text)
    let clamped = range.clamped(to: 0..<units.count)
    let typed = units[clamped].filter { !$0.isWhitespace }
    guard !typed.isEmpty, typed.count <= digits.count, typed.count * (digits.count + 1) <= maximumStates else {
      return nil
    }
    for spellingRules in rules.isEmpty ? [rules] : [[], rules] {
      let pieces = typed.map { Unit($0, fuzzy: spellingRules) }
      for typing in Typing.allCases {
        var search = Search(units: pieces, digits: digits, typing: typing)
        if let letters = search.letters() { return letters }
      }
    }
    return nil
  }

  /// The most states (unit, digits typed) a search may visit: a range of 1,000 units typed by as
  /// many digits, far beyond a name; past it, no letters are shown.
  static let maximumStates = 1 << 20

  /// The keypad digit of an ASCII letter (`a`–`z`, lower case), or the byte itself.
  ///
  ///     KeypadLetters.digit(UInt8(ascii: "s"))  // UInt8(ascii: "7")
  static func digit(_ byte: UInt8) -> UInt8 {
    guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) else { return byte }
    return digitsOfLetters[Int(byte - UInt8(ascii: "a"))]
  }

  /// The keys of `a` to `z`: abc 2, def 3, ghi 4, jkl 5, mno 6, pqrs 7, tuv 8, wxyz 9.
  private static let digitsOfLetters = Array("22233344455566677778889999".utf8)

  /// The ASCII digits of `query` folded, its white space removed; nil when anything else is
  /// left, or nothing.
  static func keypadDigits(of query: String) -> [UInt8]? {
    var digits: [UInt8] = []
    for character in query where !character.isWhitespace {
      for byte in folded(character).utf8 {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        digits.append(byte)
      }
    }
    return digits.isEmpty ? nil : digits
  }

  /// `character` folded as the engines fold a unit: lower case, full-width forms U+FF01–U+FF5E
  /// to their ASCII twins, the ideographic space to a space.
  static func folded(_ character: Character) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in String(character).lowercased().unicodeScalars {
      switch scalar.value {
      case 0xFF01...0xFF5E: scalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
      case 0x3000: scalars.append(" ")
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// One unit of the range as the search types it.
  private struct Unit {
    /// The spellings of a Han unit, as bytes; empty for a non-Han unit.
    var spellings: [[UInt8]]
    /// A non-Han unit's folded form, typed whole; empty for a Han unit.
    var whole: [UInt8]

    init(_ character: Character, fuzzy rules: FuzzyRules) {
      spellings = Pinyin.spellings(of: character, fuzzy: rules).map { Array($0.utf8) }
      whole = spellings.isEmpty ? Array(folded(character).utf8) : []
    }

    /// The pieces `typing` allows for this unit with `left` digits left to type, best first;
    /// `isLast`, those that type exactly the digits left.
    func pieces(_ typing: Typing, left: Int, isLast: Bool) -> [ArraySlice<UInt8>] {
      guard !spellings.isEmpty else { return [whole[...]] }
      var pieces: [ArraySlice<UInt8>] = []
      func offer(_ piece: ArraySlice<UInt8>) {
        if !pieces.contains(piece) { pieces.append(piece) }
      }
      for spelling in spellings {
        switch typing {
        case .fullSpellings:
          if isLast {
            if left <= spelling.count { offer(spelling.prefix(left)) }
          } else {
            offer(spelling[...])
          }
        case .initials:
          offer(spelling.prefix(1))
        case .prefixes:
          if isLast {
            if left <= spelling.count { offer(spelling.prefix(left)) }
          } else {
            for length in stride(from: min(spelling.count, left), through: 1, by: -1) {
              offer(spelling.prefix(length))
            }
          }
        }
      }
      return pieces
    }
  }

  /// One depth-first search for a typing of `units` whose keypad digits are `digits`.
  private struct Search {
    let units: [Unit]
    let digits: [UInt8]
    let typing: Typing
    /// The states (unit, digits typed) from which the rest has no typing: `unit × (q + 1) + typed`.
    var failed: [Bool]
    /// The pieces chosen so far, one per unit before the current one.
    var chosen: [ArraySlice<UInt8>] = []

    init(units: [Unit], digits: [UInt8], typing: Typing) {
      self.units = units
      self.digits = digits
      self.typing = typing
      failed = Array(repeating: false, count: units.count * (digits.count + 1))
    }

    /// The letters of the first typing found, or nil.
    mutating func letters() -> String? {
      guard type(unit: 0, typed: 0) else { return nil }
      return String(decoding: chosen.joined(), as: UTF8.self)
    }

    /// Whether units `unit...` can type the digits from `typed` on; if so, their pieces are
    /// appended to `chosen`.
    private mutating func type(unit: Int, typed: Int) -> Bool {
      let left = digits.count - typed
      if unit == units.count { return left == 0 }
      // Each unit types at least one digit.
      guard units.count - unit <= left, !failed[unit * (digits.count + 1) + typed] else { return false }
      let isLast = unit == units.count - 1
      for piece in units[unit].pieces(typing, left: left, isLast: isLast) where piece.count <= left {
        guard zip(piece, digits[typed...]).allSatisfy({ KeypadLetters.digit($0) == $1 }) else { continue }
        chosen.append(piece)
        if type(unit: unit + 1, typed: typed + piece.count) { return true }
        chosen.removeLast()
      }
      failed[unit * (digits.count + 1) + typed] = true
      return false
    }
  }
}

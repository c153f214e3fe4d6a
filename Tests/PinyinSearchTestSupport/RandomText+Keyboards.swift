import PinyinSearch
import PinyinSearchSamples

/// Queries typed in a keyboard scheme (Docs/Semantics.md, "keyboard"), for differential tests: from a random unit on,
/// each Han unit typed as one of its codes (of a reading, or of a fuzzy variant under any rule), as the first key of one, as a beginning of one, or as itself; other units as they are; sometimes a unit
/// typed in the readings' notation instead (a query mixing notations, which must not match across them); the last
/// piece sometimes cut short; and adversarial strings of the zhuyin keys' punctuation and digits.
///
///     var random = SplitMix64(seed: 1)
///     RandomText.keyboardQuery(for: "刘亦菲", keyboard: .xiaohe, options: .default, using: &random)  // "lqyifw", "lyf", …
extension RandomText {
  /// A query typed in `keyboard` for `text` under `options` (its fuzzy rules and mixed input), decorated as other
  /// random queries are (upper case, full-width forms, white space).
  public static func keyboardQuery(
    for text: String, keyboard: Keyboard, options: SearchOptions, using random: inout SplitMix64
  ) -> String {
    let choice = Int.random(in: 0..<20, using: &random)
    if choice < 2 { return keyQuery(using: &random) }
    if choice < 5 { return query(for: text, options: options, using: &random) }
    return decorate(codeSpelling(of: Array(text), keyboard: keyboard, using: &random), using: &random)
  }

  /// A random string of zhuyin's keys that are not letters (`; , . / -` and digits), with an apostrophe or white
  /// space now and then, up to 300 characters long: a query that must be answered within the usual bounds.
  public static func keyQuery(using random: inout SplitMix64) -> String {
    let keys = Array(";,./-0123456789")
    let count =
      Int.random(in: 0...3, using: &random) == 0
      ? Int.random(in: 40...300, using: &random) : Int.random(in: 1...8, using: &random)
    return String(
      (0..<count).map { _ in
        switch Int.random(in: 0..<20, using: &random) {
        case 0: "'"
        case 1: " "
        default: keys.randomElement(using: &random)!
        }
      })
  }

  /// One piece per unit from a random unit on, in one way chosen for the whole query: whole codes (the last cut
  /// short now and then), first keys, or a mixed choice of whole codes, beginnings and the unit itself.
  static func codeSpelling(of units: [Character], keyboard: Keyboard, using random: inout SplitMix64) -> String {
    guard !units.isEmpty else { return keyQuery(using: &random) }
    let way = Int.random(in: 0..<3, using: &random)
    let start = Int.random(in: 0..<units.count, using: &random)
    let end = min(units.count, start + Int.random(in: 1...5, using: &random))
    var pieces: [String] = []
    for unit in units[start..<end] {
      if unit.isWhitespace {
        pieces.append(Bool.random(using: &random) ? " " : "")
        continue
      }
      // A code of a reading, or now and then of a fuzzy variant under any rule; once in a while a reading (the
      // other notation: one match never takes pieces of both).
      let codes = Pinyin.codes(
        of: unit, keyboard: keyboard, fuzzy: Int.random(in: 0..<4, using: &random) == 0 ? .all : [])
      guard let code = codes.randomElement(using: &random) else {
        pieces.append(String(unit))
        continue
      }
      let spelled =
        Int.random(in: 0..<8, using: &random) == 0 ? Pinyin.readings(of: unit).randomElement(using: &random)! : code
      switch way {
      case 1: pieces.append(String(spelled.prefix(1)))
      case 2:
        switch Int.random(in: 0..<4, using: &random) {
        case 0: pieces.append(spelled)
        case 1: pieces.append(String(spelled.prefix(1)))
        case 2: pieces.append(String(unit))
        default: pieces.append(String(spelled.prefix(Int.random(in: 1...spelled.count, using: &random))))
        }
      default: pieces.append(spelled)
      }
    }
    if way != 1, let last = pieces.last, last.count > 1, Int.random(in: 0..<4, using: &random) == 0 {
      pieces[pieces.count - 1] = String(last.prefix(Int.random(in: 1..<last.count, using: &random)))
    }
    return pieces.joined()
  }
}

import PinyinSearch
import PinyinSearchSamples

/// Texts and queries with syllable separators (Docs/Semantics.md, "Syllable separators"): apostrophes
/// `'`, `’` and full-width `＇` put between units, at the ends, several in a row, and next to
/// combining marks (where an apostrophe and the mark make one unit that is no apostrophe).
///
///     var random = SplitMix64(seed: 1)
///     RandomText.withApostrophes("xian", using: &random)  // for instance "xi'an" or "x’i'an'"
extension RandomText {
  /// The apostrophes a text or a query may hold.
  static let apostrophes = ["'", "'", "\u{2019}", "\u{FF07}", "''", "'\u{301}", "\u{301}'"]

  /// `string` with one to three apostrophes put between its units (sometimes at an end), or
  /// left as it is one time in five.
  public static func withApostrophes(_ string: String, using random: inout SplitMix64) -> String {
    guard Int.random(in: 0..<5, using: &random) != 0 else { return string }
    var units = Array(string).map(String.init)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let position = Int.random(in: 0...units.count, using: &random)
      units.insert(apostrophes.randomElement(using: &random)!, at: position)
    }
    return units.joined()
  }

  /// A random record text of `text(using:)`, half the time with apostrophes between its units,
  /// sometimes a text of apostrophes alone.
  public static func textWithApostrophes(using random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<20, using: &random) {
    case 0: return String(repeating: "'", count: Int.random(in: 1...4, using: &random))
    case 1: return ["Xi'an Hotel", "O'Brien", "xi’an", "西'安", "刘'亦菲", "3'3'6'6'8"].randomElement(using: &random)!
    case 2..<11: return withApostrophes(text(using: &random), using: &random)
    default: return text(using: &random)
    }
  }

  /// A random query for `text` under `options` (`query(for:options:using:)`) with apostrophes put
  /// between its units most of the time, or one of apostrophes alone.
  public static func queryWithApostrophes(
    for text: String, options: SearchOptions, using random: inout SplitMix64
  ) -> String {
    if Int.random(in: 0..<25, using: &random) == 0 {
      return String(
        repeating: ["'", "\u{2019}"].randomElement(using: &random)!, count: Int.random(in: 1...3, using: &random))
    }
    return withApostrophes(query(for: text, options: options, using: &random), using: &random)
  }
}

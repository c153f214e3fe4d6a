/// How a speaker who does not tell some sounds apart types a reading: the benchmark's model of
/// what fuzzy pinyin (`SearchOptions.fuzzy`) is for.
///
/// A reading splits as Docs/Semantics.md splits it ("fuzzy"): its initial is the longest of `zh
/// ch sh b p m f d t n l g k h j q x r z c s y w` it begins with (possibly none), its final the
/// rest. The speaker swaps the initials `z`↔`zh`, `c`↔`ch`, `s`↔`sh`, `n`↔`l` and the whole
/// finals `an`↔`ang`, `en`↔`eng`, `in`↔`ing`, both in one reading when both apply; a reading
/// without a vowel (`a e i o u v`) is typed as it is, as the rules leave it alone. Every
/// swapped reading is a fuzzy variant under `FuzzyRules.all`.
///
///     MergedSounds.typed("zhang")  // "zan"
///     MergedSounds.typed("liu")    // "niu"
///     MergedSounds.typed("xian")   // "xian": the final is ian, not an
enum MergedSounds {
  /// The initials a reading may begin with, longest first so that `zh` wins over `z`.
  static let initials = [
    "zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h", "j", "q", "x", "r", "z", "c", "s", "y",
    "w",
  ]

  /// The initial typed for each initial the speaker merges with another.
  static let initialSwaps = ["z": "zh", "zh": "z", "c": "ch", "ch": "c", "s": "sh", "sh": "s", "n": "l", "l": "n"]

  /// The final typed for each final the speaker merges with another.
  static let finalSwaps = ["an": "ang", "ang": "an", "en": "eng", "eng": "en", "in": "ing", "ing": "in"]

  /// `reading` (lowercase ASCII) as the speaker types it.
  static func typed(_ reading: String) -> String {
    guard reading.contains(where: { "aeiouv".contains($0) }) else { return reading }
    let initial = initials.first { reading.hasPrefix($0) } ?? ""
    let final = String(reading.dropFirst(initial.count))
    return (initialSwaps[initial] ?? initial) + (finalSwaps[final] ?? final)
  }
}

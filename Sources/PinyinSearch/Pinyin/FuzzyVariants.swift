/// The fuzzy variants of a reading under some `FuzzyRules` (Docs/Semantics.md, "fuzzy"): every
/// combination of the reading's initial or a direct partner of it with its final or a direct
/// partner of it, but the reading itself.
///
/// A reading splits into its initial — the longest of `zh ch sh b p m f d t n l g k h j q x r z
/// c s y w` it begins with, possibly none — and its final, the rest. Only readings with a vowel
/// (`a e i o u v`) have variants, so the syllabic `m`, `n`, `ng`, `hm`, `hng` have none.
/// Partners are not transitive: with `n-l` and `r-l`, `l` has the partners `n` and `r`, but `n`
/// and `r` are not partners of each other.
///
///     FuzzyVariants.of("zhang", rules: [.zZh, .anAng])  // ["zhan", "zang", "zan"]
///     FuzzyVariants.of("lv", rules: [.nL, .uV])         // ["lu", "nv", "nu"]
enum FuzzyVariants {
  /// The initials a reading may begin with, longest first so that `zh` wins over `z`.
  static let initials = [
    "zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h", "j", "q", "x", "r", "z", "c", "s", "y",
    "w",
  ]

  /// The rules on initials, as pairs.
  static let initialPairs: [(FuzzyRules, String, String)] = [
    (.zZh, "z", "zh"), (.cCh, "c", "ch"), (.sSh, "s", "sh"), (.nL, "n", "l"), (.rL, "r", "l"), (.fH, "f", "h"),
  ]

  /// The rules on whole finals, as pairs.
  static let finalPairs: [(FuzzyRules, String, String)] = [
    (.anAng, "an", "ang"), (.enEng, "en", "eng"), (.inIng, "in", "ing"), (.ianIang, "ian", "iang"),
    (.uanUang, "uan", "uang"),
  ]

  /// The finals `u-v` pairs after the initials `n` and `l`.
  static let vowelPairs: [(String, String)] = [("v", "u"), ("ve", "ue")]

  /// The variants of `reading` (lowercase ASCII), in a fixed order, without the reading itself
  /// and without repeats.
  static func of(_ reading: String, rules: FuzzyRules) -> [String] {
    guard !rules.isEmpty, reading.contains(where: { "aeiouv".contains($0) }) else { return [] }
    let initial = initials.first { reading.hasPrefix($0) } ?? ""
    let final = String(reading.dropFirst(initial.count))
    var initialChoices = [initial]
    for (rule, first, second) in initialPairs where rules.contains(rule) {
      if initial == first { initialChoices.append(second) }
      if initial == second { initialChoices.append(first) }
    }
    var finalChoices = [final]
    for (rule, first, second) in finalPairs where rules.contains(rule) {
      if final == first { finalChoices.append(second) }
      if final == second { finalChoices.append(first) }
    }
    if rules.contains(.uV) && (initial == "n" || initial == "l") {
      for (first, second) in vowelPairs {
        if final == first { finalChoices.append(second) }
        if final == second { finalChoices.append(first) }
      }
    }
    var variants: [String] = []
    for initialChoice in initialChoices {
      for finalChoice in finalChoices {
        let variant = initialChoice + finalChoice
        if variant != reading && !variants.contains(variant) { variants.append(variant) }
      }
    }
    return variants
  }
}

/// The pinyin readings the library matches with: every toneless reading of every Han character
/// in Unihan (kMandarin, kTGHZ2013 and kXHC1983, else kHanyuPinyin), `ü` written `v`.
///
///     Pinyin.readings(of: "长")          // ["chang", "zhang"]
///     Pinyin.readings(of: "a")           // []
///     Pinyin.units(of: "重庆").map(\.readings)  // [["chong", "zhong"], ["qing"]]
public enum Pinyin {
  /// The readings of `character`, sorted; empty when it is not a Han unit.
  ///
  /// A character is Han when its first scalar has readings and any further scalars are
  /// variation selectors.
  public static func readings(of character: Character) -> [String] {
    let table = PinyinTable.shared
    return table.readings(inSet: table.readingSet(of: character))
  }

  /// The spellings of `character` under fuzzy pinyin `rules`: its readings, then their fuzzy
  /// variants (Docs/Semantics.md, "fuzzy"); empty when it is not a Han unit.
  ///
  ///     Pinyin.spellings(of: "张", fuzzy: [.zZh, .anAng])  // ["zhang", "zhan", "zang", "zan"]
  ///     Pinyin.spellings(of: "张", fuzzy: [])              // ["zhang"]
  public static func spellings(of character: Character, fuzzy rules: FuzzyRules) -> [String] {
    let readings = readings(of: character)
    var spellings = readings
    for reading in readings {
      for variant in FuzzyVariants.of(reading, rules: rules) where !spellings.contains(variant) {
        spellings.append(variant)
      }
    }
    return spellings
  }

  /// Each unit (`Character`) of `text` with its readings.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func units(of text: String) -> [PinyinUnit] {
    text.map { PinyinUnit(character: $0, readings: readings(of: $0)) }
  }

  /// The simplified variant that Unihan lists first for `scalar` (`kSimplifiedVariant`), or nil
  /// when it lists none or lists `scalar` itself among them: one step of the folding that
  /// `SearchOptions.traditional` applies.
  ///
  ///     Pinyin.simplifiedVariant(of: "劉")  // "刘"
  ///     Pinyin.simplifiedVariant(of: "薴")  // "苧", whose own variant is "苎"
  ///     Pinyin.simplifiedVariant(of: "乾")  // nil: 乾 lists itself
  public static func simplifiedVariant(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    SimplifiedFolding.shared.listedVariant(of: scalar.value).flatMap(Unicode.Scalar.init)
  }

  /// `scalar` folded as `SearchOptions.traditional` compares it: its simplified variant, that
  /// one's, and so on until the scalar no longer changes; `scalar` itself when it has none.
  ///
  ///     Pinyin.simplified("薴")  // "苎"
  ///     Pinyin.simplified("a")   // "a"
  public static func simplified(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    Unicode.Scalar(SimplifiedFolding.shared.folded(scalar.value)) ?? scalar
  }

  /// The number of Unicode scalars that have readings (41,421 in Unicode 15.0).
  public static var scalarCount: Int { PinyinTable.shared.scalarCount }

  /// The Unicode version of the Unihan data the table was generated from, e.g. "15.0.0".
  public static var unicodeVersion: String { PinyinTable.unicodeVersion }
}

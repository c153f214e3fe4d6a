/// Which pairs of sounds fuzzy pinyin (模糊音) treats as one, for speakers who do not tell them
/// apart: each rule makes two spellings interchangeable (Docs/Semantics.md, "fuzzy").
///
/// Rules on initials swap a reading's initial (`z-zh`: 张 `zhang` is also `zang`); rules on
/// finals swap its whole final (`an-ang`: 张 is also `zhan`); `u-v` swaps `u` and `v` (`ue` and
/// `ve`) after `n` and `l` (吕 `lv` is also `lu`). Rules combine: with `z-zh` and `an-ang` 张 is
/// also `zan`. The names are those of `SearchOptions` on the command line (`--fuzzy z-zh,n-l`).
///
///     let rules: FuzzyRules = [.zZh, .nL]
///     rules.names            // ["z-zh", "n-l"]
///     FuzzyRules(name: "an-ang")  // .anAng
public struct FuzzyRules: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// One bit per rule, in the order of `names`.
  public let rawValue: UInt16

  /// The rules whose bits are set in `rawValue`; bits above the last rule are ignored.
  public init(rawValue: UInt16) {
    self.rawValue = rawValue & (1 << Self.ruleNames.count - 1)
  }

  /// `z` and `zh` (资 `zi`, 知 `zhi`).
  public static let zZh = FuzzyRules(rawValue: 1 << 0)
  /// `c` and `ch`.
  public static let cCh = FuzzyRules(rawValue: 1 << 1)
  /// `s` and `sh`.
  public static let sSh = FuzzyRules(rawValue: 1 << 2)
  /// `n` and `l` (南 `nan`, 兰 `lan`).
  public static let nL = FuzzyRules(rawValue: 1 << 3)
  /// `r` and `l`.
  public static let rL = FuzzyRules(rawValue: 1 << 4)
  /// `f` and `h`.
  public static let fH = FuzzyRules(rawValue: 1 << 5)
  /// The finals `an` and `ang`.
  public static let anAng = FuzzyRules(rawValue: 1 << 6)
  /// The finals `en` and `eng`.
  public static let enEng = FuzzyRules(rawValue: 1 << 7)
  /// The finals `in` and `ing`.
  public static let inIng = FuzzyRules(rawValue: 1 << 8)
  /// The finals `ian` and `iang`.
  public static let ianIang = FuzzyRules(rawValue: 1 << 9)
  /// The finals `uan` and `uang`.
  public static let uanUang = FuzzyRules(rawValue: 1 << 10)
  /// `u` and `v` (`ue` and `ve`) after the initials `n` and `l`.
  public static let uV = FuzzyRules(rawValue: 1 << 11)

  /// Every rule.
  public static let all = FuzzyRules(rawValue: 1 << ruleNames.count - 1)

  /// The name of each rule, by bit.
  static let ruleNames = [
    "z-zh", "c-ch", "s-sh", "n-l", "r-l", "f-h", "an-ang", "en-eng", "in-ing", "ian-iang", "uan-uang", "u-v",
  ]

  /// Every rule's name, in the order of the contract: `z-zh c-ch s-sh n-l r-l f-h an-ang en-eng
  /// in-ing ian-iang uan-uang u-v`.
  public static var allNames: [String] { ruleNames }

  /// The rule named `name` (lower case, as `allNames` spells it), or nil when there is none.
  public init?(name: String) {
    guard let bit = Self.ruleNames.firstIndex(of: name) else { return nil }
    self.init(rawValue: 1 << bit)
  }

  /// The names of the rules that are on, in the order of `allNames`.
  public var names: [String] {
    Self.ruleNames.indices.filter { rawValue & (1 << $0) != 0 }.map { Self.ruleNames[$0] }
  }

  /// The rules as the command line takes them: `all`, the names joined by commas, or `none`.
  public var description: String {
    if self == .all { return "all" }
    return isEmpty ? "none" : names.joined(separator: ",")
  }
}

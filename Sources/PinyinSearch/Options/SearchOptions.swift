/// Which kinds of input an engine understands beyond the three of the original design (literal,
/// full pinyin, initials), given when the engine is created and fixed for its life: an index and
/// a snapshot are built for one set of options.
///
/// Every option is off by default, and with all of them off every answer is the original
/// design's (Docs/Semantics.md, "Options").
///
///     let engine = HybridEngine(contacts, options: SearchOptions(mixed: true, fuzzy: [.zZh, .nL], keypad: true))
///     engine.search("liuyf").first?.kind  // .mixed
///     engine.search("zangsan").first?.isFuzzy  // true: 张三 through z-zh
///     engine.search("548").first?.kind  // .keypad: 刘亦菲 typed on a phone's dial pad
public struct SearchOptions: Hashable, Sendable, CustomStringConvertible {
  /// Mixed input: each character typed as a prefix of one of its readings or as itself, so
  /// that abbreviations spelling some syllables (`liuyf`, `lyfei`, `ldhua` for 刘德华) and
  /// Chinese mixed with pinyin (`刘dh`, `刘德hua`, `阿里bb` for 阿里巴巴) find their records,
  /// as matches of the kind `MatchKind.mixed`, ranked after initials.
  public var mixed: Bool

  /// Fuzzy pinyin (模糊音): the rules under which two spellings of a sound are one (`zangsan`
  /// finds 张三 with `z-zh`, `nyf` finds 刘亦菲 with `n-l`). A match that needs a rule is fuzzy
  /// (`SearchResult.isFuzzy`) and comes after the exact matches of its kind. Empty: off.
  public var fuzzy: FuzzyRules

  /// Traditional and simplified characters are the same to literal comparison (`刘德华` finds
  /// 劉德華, `劉` finds 刘), through Unihan's `kSimplifiedVariant`; readings, pinyin and
  /// ranges are unchanged.
  public var traditional: Bool

  /// The phone keypad (T9): a query of digits also matches as typed on a dial pad, `abc` → 2
  /// … `wxyz` → 9 (`548` and `593` find 刘亦菲), as matches of the kind `MatchKind.keypad`,
  /// ranked last.
  public var keypad: Bool

  /// A keyboard scheme (double pinyin or zhuyin) whose codes are a second notation of every Han
  /// unit: each pinyin kind is also read over the codes, one notation per match (`lqyifw` finds
  /// 刘亦菲 under `Keyboard.xiaohe`, `xu.uzo` under `Keyboard.zhuyin`; `liuyfw` mixes the two
  /// and finds nothing). Nil: off. The command line refuses it beside `keypad`; the library
  /// answers both, the keypad over the readings only.
  public var keyboard: Keyboard?

  /// Options; all off by default.
  public init(
    mixed: Bool = false, fuzzy: FuzzyRules = [], traditional: Bool = false, keypad: Bool = false,
    keyboard: Keyboard? = nil
  ) {
    self.mixed = mixed
    self.fuzzy = fuzzy
    self.traditional = traditional
    self.keypad = keypad
    self.keyboard = keyboard
  }

  /// Every option off: the original design's answers.
  public static let `default` = SearchOptions()

  /// The options that are on, as the command line names them (`mixed, fuzzy z-zh,n-l,
  /// traditional, keypad, keyboard xiaohe`), or `none`.
  public var description: String {
    var parts: [String] = []
    if mixed { parts.append("mixed") }
    if !fuzzy.isEmpty { parts.append("fuzzy \(fuzzy)") }
    if traditional { parts.append("traditional") }
    if keypad { parts.append("keypad") }
    if let keyboard { parts.append("keyboard \(keyboard)") }
    return parts.isEmpty ? "none" : parts.joined(separator: ", ")
  }
}

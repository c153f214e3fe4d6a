/// Which kinds of input an engine understands beyond the three of the original design (literal,
/// full pinyin, initials), given when the engine is created and fixed for its life: an index and
/// a snapshot are built for one set of options.
///
/// Every option is off by default, and with all of them off every answer is the original
/// design's.
///
///     let engine = HybridEngine(contacts, options: SearchOptions(mixed: true))
///     engine.search("liuyf").first?.kind  // .mixed
public struct SearchOptions: Hashable, Sendable, CustomStringConvertible {
  /// Mixed input: each character typed as a prefix of one of its readings or as itself, so
  /// that abbreviations spelling some syllables (`liuyf`, `lyfei`, `ldhua` for 刘德华) and
  /// Chinese mixed with pinyin (`刘dh`, `刘德hua`, `阿里bb` for 阿里巴巴) find their records,
  /// as matches of the kind `MatchKind.mixed`, ranked after initials.
  public var mixed: Bool

  /// Options; all off by default.
  public init(mixed: Bool = false) {
    self.mixed = mixed
  }

  /// Every option off: the original design's answers.
  public static let `default` = SearchOptions()

  /// The options that are on, as the command line names them (`mixed`), or `none`.
  public var description: String {
    mixed ? "mixed" : "none"
  }
}

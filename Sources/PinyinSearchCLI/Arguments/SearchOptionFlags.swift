import PinyinSearch

/// The flags that choose the `SearchOptions` an engine is built with — `--mixed`,
/// `--fuzzy RULES`, `--traditional`, `--keypad`, `--keyboard NAME` — and the one place that
/// turns them into options.
///
/// Every command that builds an engine or opens a snapshot — `search`, `batch`, `interactive`,
/// `index`, `verify` — accepts `options`, reads them with `searchOptions(parsing:)` and prints
/// `optionHelp(for:)` in its help, so that they mean the same everywhere. A snapshot is built
/// for one set of options; `flags(for:)` spells a set back as flags, for the message that says
/// which options a snapshot was built for.
///
/// The commands that search (`search`, `batch`, `interactive`) also accept `--no-options`
/// (`searchingOptions`) and read the flags with `requestedOptions(parsing:)`: with `--snapshot`
/// or `--redis` they choose a subset of the options the index was built with, and no flag at
/// all means every one of those.
///
///     let parsed = try Arguments(parsing: ["liuyf", "--mixed"], options: SearchOptionFlags.options, command: .search)
///     try SearchOptionFlags.searchOptions(parsing: parsed)  // SearchOptions(mixed: true)
///     SearchOptionFlags.flags(for: SearchOptions(mixed: true, fuzzy: [.zZh, .nL]))
///     // ["--mixed", "--fuzzy", "z-zh,n-l"]
enum SearchOptionFlags {
  /// The flags, for the commands' lists of options.
  static let options: [OptionDefinition] = [.mixed, .fuzzy, .traditional, .keypad, .keyboard]

  /// The flags and `--no-options`, for the commands that search.
  static let searchingOptions: [OptionDefinition] = options + [.noOptions]

  /// The options the flags of `arguments` ask a search for: nil when neither a flag nor
  /// `--no-options` is given (the index's own options, or none for an engine built here),
  /// `SearchOptions.default` for `--no-options`.
  ///
  /// - Throws: `CommandLineError.invalidFuzzyRule` as `searchOptions(parsing:)`, and
  ///   `.conflictingOptions` for `--no-options` beside a flag.
  static func requestedOptions(parsing arguments: Arguments) throws(CommandLineError) -> SearchOptions? {
    let given = options.first { arguments.isSet($0) || arguments.value(of: $0) != nil }
    if arguments.isSet(.noOptions) {
      if let given {
        throw .conflictingOptions(OptionDefinition.noOptions.name, given.name, command: arguments.command)
      }
      return .default
    }
    return given == nil ? nil : try searchOptions(parsing: arguments)
  }

  /// The options the flags of `arguments` ask for; every option is off without its flag.
  ///
  /// - Throws: `CommandLineError.invalidFuzzyRule` for a value of `--fuzzy` that is not `all` or
  ///   rule names joined by commas (see `fuzzyRules(parsing:command:)`); `.invalidValue` for a
  ///   value of `--keyboard` that names no scheme (empty, upper case or unknown); and
  ///   `.conflictingOptions` for `--keyboard` beside `--keypad` (Docs/Semantics.md: one types
  ///   letters on a plain keyboard, the other digits on a phone's).
  static func searchOptions(parsing arguments: Arguments) throws(CommandLineError) -> SearchOptions {
    var fuzzy: FuzzyRules = []
    if let value = arguments.value(of: .fuzzy) { fuzzy = try fuzzyRules(parsing: value, command: arguments.command) }
    var keyboard: Keyboard?
    if let value = arguments.value(of: .keyboard) {
      guard let scheme = Keyboard(rawValue: value) else {
        throw .invalidValue(
          value, option: OptionDefinition.keyboard.name,
          expected: "one of " + Keyboard.allCases.map(\.rawValue).joined(separator: " "), command: arguments.command)
      }
      if arguments.isSet(.keypad) {
        throw .conflictingOptions(
          OptionDefinition.keyboard.name, OptionDefinition.keypad.name, command: arguments.command)
      }
      keyboard = scheme
    }
    return SearchOptions(
      mixed: arguments.isSet(.mixed), fuzzy: fuzzy, traditional: arguments.isSet(.traditional),
      keypad: arguments.isSet(.keypad), keyboard: keyboard)
  }

  /// The rules `value` of `--fuzzy` names: `all` alone, or rule names (`FuzzyRules.allNames`,
  /// lower case) joined by commas without spaces; a name given twice counts once.
  ///
  ///     try fuzzyRules(parsing: "z-zh,n-l", command: .search)  // [.zZh, .nL]
  ///     try fuzzyRules(parsing: "all", command: .search)       // .all
  ///
  /// - Throws: `CommandLineError.invalidFuzzyRule` naming the first name that is empty, unknown
  ///   (upper case included) or `all` beside other names.
  /// - Complexity: O(n) in the length of `value`.
  static func fuzzyRules(parsing value: String, command: Command) throws(CommandLineError) -> FuzzyRules {
    do throws(FuzzyRules.UnknownName) {
      return try FuzzyRules(list: value)
    } catch {
      throw .invalidFuzzyRule(error.name, value: value, command: command)
    }
  }

  /// The arguments that give `options`, as typed on a command line, in the order of `options`:
  /// `--mixed`, `--fuzzy` and its rules (`all` for every rule), `--traditional`, `--keypad`,
  /// `--keyboard` and its scheme; empty for the default options. Parsing them gives `options`
  /// back.
  ///
  ///     flags(for: SearchOptions(fuzzy: .all, keypad: true))  // ["--fuzzy", "all", "--keypad"]
  static func flags(for options: SearchOptions) -> [String] {
    var flags: [String] = []
    if options.mixed { flags.append(OptionDefinition.mixed.name) }
    if !options.fuzzy.isEmpty { flags += [OptionDefinition.fuzzy.name, options.fuzzy.description] }
    if options.traditional { flags.append(OptionDefinition.traditional.name) }
    if options.keypad { flags.append(OptionDefinition.keypad.name) }
    if let keyboard = options.keyboard { flags += [OptionDefinition.keyboard.name, keyboard.rawValue] }
    return flags
  }

  /// The flags' lines of the OPTIONS help of `command`, with what they mean for the snapshot it
  /// opens or writes, and how its output shows fuzzy and keypad matches.
  static func optionHelp(for command: Command) -> String {
    switch command {
    case .verify: verifyHelp
    case .index: buildingHelp(fuzzyMatches: fuzzyOrder, snapshot: indexSnapshotNote)
    case .search: buildingHelp(fuzzyMatches: fuzzyOrderAndTilde, snapshot: subsetNote)
    case .batch: buildingHelp(fuzzyMatches: fuzzyOrderAndField, snapshot: subsetNote)
    case .interactive, .pinyin:
      buildingHelp(fuzzyMatches: fuzzyOrderAndTilde, keypadMatches: keypadLetters, snapshot: subsetNote)
    }
  }

  /// The flags' lines for a command that builds an engine: each flag, then after `--fuzzy`
  /// how the command orders and shows fuzzy matches, after `--keypad` how it shows keypad
  /// matches, and last what the options mean for its snapshot.
  private static func buildingHelp(fuzzyMatches: String, keypadMatches: String? = nil, snapshot: String) -> String {
    [mixedHelp, fuzzyHelp, fuzzyMatches, traditionalHelp, keypadHelp, keypadMatches, keyboardHelp, snapshot]
      .compactMap { $0 }.joined(separator: "\n")
  }

  /// The flags of `verify`: what the snapshot was built with.
  private static let verifyHelp = """
      --mixed          The snapshot was built with --mixed ('index --mixed'):
                       a mix of syllables, their beginnings and characters
                       also matches (liuyf finds 刘亦菲, 刘dh finds 刘德华).
      --fuzzy RULES    The snapshot was built with --fuzzy RULES: fuzzy
                       pinyin under RULES, all or rule names joined by
                       commas (z-zh,n-l; see 'pinyin-search index --help').
      --traditional    The snapshot was built with --traditional:
                       traditional and simplified characters are the same
                       to literal matching (劉 finds 刘).
      --keypad         The snapshot was built with --keypad: digits also
                       match as typed on a phone keypad (548 finds 刘亦菲).
      --keyboard NAME  The snapshot was built with --keyboard NAME: pinyin
                       also typed in that scheme (lqyifw finds 刘亦菲 in
                       xiaohe). A snapshot built for other options than
                       these is an error.
    """

  /// `--mixed`, for the commands that build an engine.
  private static let mixedHelp = """
      --mixed          Also match a mix of syllables, their beginnings and
                       characters (kind mixed, after initials): liuyf finds
                       刘亦菲, 刘dh finds 刘德华.
    """

  /// `--fuzzy RULES` and the rules, for the commands that build an engine.
  private static let fuzzyHelp = """
      --fuzzy RULES    Fuzzy pinyin: each rule makes two sounds one (zangsan
                       finds 张三 with z-zh, nyf finds 刘亦菲 with n-l). RULES
                       is all, or rule names joined by commas (z-zh,n-l):
                       z-zh c-ch s-sh n-l r-l f-h (initials), an-ang en-eng
                       in-ing ian-iang uan-uang (finals), u-v (lu and lv).
    """

  /// `--traditional`, for the commands that build an engine.
  private static let traditionalHelp = """
      --traditional    Traditional and simplified characters are the same
                       to literal matching (刘德华 finds 劉德華, 劉 finds 刘);
                       pinyin matches either, as it always did.
    """

  /// `--keypad`, for the commands that build an engine.
  private static let keypadHelp = """
      --keypad         Digits also match as typed on a phone keypad (abc 2,
                       def 3, ghi 4, jkl 5, mno 6, pqrs 7, tuv 8, wxyz 9;
                       kind keypad, last): 548 and 593 find 刘亦菲.
    """

  /// `--keyboard NAME`, for the commands that build an engine.
  private static let keyboardHelp = """
      --keyboard NAME  Pinyin also typed in a keyboard scheme, as people
                       who use one type on a plain keyboard: NAME is a
                       double pinyin (xiaohe ziranma microsoft sogou: two
                       keys a syllable) or zhuyin (Dachen keys). Same kinds
                       as the readings: lqyifw (xiaohe) and xu.uzo (zhuyin)
                       find 刘亦菲. Not with --keypad.
    """

  /// Where a fuzzy match comes, for `index`, which shows none.
  private static let fuzzyOrder = """
                       A fuzzy match comes after the exact ones of its kind.
    """

  /// Where a fuzzy match comes and how `search` and `interactive` mark it.
  private static let fuzzyOrderAndTilde = """
                       A fuzzy match comes after the exact ones of its kind,
                       and ~ follows its kind (fullPinyin~).
    """

  /// Where a fuzzy match comes and how `batch` marks it.
  private static let fuzzyOrderAndField = """
                       A fuzzy match comes after the exact ones of its kind,
                       with "fuzzy": true.
    """

  /// How `interactive` shows a keypad match.
  private static let keypadLetters = """
                       A keypad match shows after its text, in cyan, the
                       letters its digits stand for (548: liu, 593: lyf).
    """

  /// What the options mean for the snapshot `index` writes.
  private static let indexSnapshotNote = """
                       The snapshot holds an index for these options: open
                       it with the same ones.
    """

  /// `--no-options`, and what the flags mean with a snapshot or an index in Redis, for
  /// `search`, `batch` and `interactive`.
  private static let subsetNote = """
                       With --snapshot or --redis, the flags given choose
                       which of the options the index was built with to
                       search with; none given: all of them. One it was
                       not built with is an error (status 1). With --data
                       FILE --update, they choose the options the snapshot
                       is saved for (none given: those it had).
      --no-options     With --snapshot or --redis: search with none of the
                       index's options.
    """
}

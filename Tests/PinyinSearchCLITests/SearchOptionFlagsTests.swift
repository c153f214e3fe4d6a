import PinyinSearch
import Testing

@testable import PinyinSearchCLI

/// What the usage error of a bad `--fuzzy` value says after the problem.
private let fuzzyExpectation =
  "; expected 'all' or rules joined by commas: z-zh c-ch s-sh n-l r-l f-h an-ang en-eng in-ing ian-iang uan-uang u-v\n"

/// The arguments that make each command that builds an engine reach its search options.
private let commandArguments: [(Command, [String])] = [
  (.search, ["search", "x"]), (.batch, ["batch"]), (.interactive, ["interactive"]),
  (.index, ["index", "--data", "a.tsv", "--out", "b.snapshot"]), (.verify, ["verify", "b.snapshot"]),
]

/// `--mixed`, `--fuzzy RULES`, `--traditional` and `--keypad`: parsed alike by every command
/// that builds an engine, spelled back for a snapshot's message, explained in every help.
@Suite struct SearchOptionFlagsTests {
  @Test func parsesEveryFlagOnEveryCommandThatBuildsAnEngine() throws {
    let flags = ["--mixed", "--fuzzy", "z-zh,n-l", "--traditional", "--keypad"]
    let all = SearchOptions(mixed: true, fuzzy: [.zZh, .nL], traditional: true, keypad: true)
    #expect(try SearchCommand(parsing: flags + ["x"]).searchOptions == all)
    #expect(try BatchCommand(parsing: flags).searchOptions == all)
    #expect(try InteractiveCommand(parsing: flags).searchOptions == all)
    #expect(try IndexCommand(parsing: ["--data", "a", "--out", "b"] + flags).searchOptions == all)
    #expect(try VerifyCommand(parsing: ["a"] + flags).searchOptions == all)
    #expect(try SearchCommand(parsing: ["--keypad", "548"]).searchOptions == SearchOptions(keypad: true))
    #expect(try BatchCommand(parsing: ["--traditional"]).searchOptions == SearchOptions(traditional: true))
    #expect(try BatchCommand(parsing: ["--fuzzy=all"]).searchOptions == SearchOptions(fuzzy: .all))
    #expect(throws: CommandLineError.repeatedOption("--fuzzy", command: .batch), "no last one wins") {
      try BatchCommand(parsing: ["--fuzzy", "z-zh", "--fuzzy", "u-v"])
    }
    #expect(try SearchCommand(parsing: ["x"]).searchOptions == nil)
  }

  @Test(
    arguments: [
      ("all", .all), ("z-zh", .zZh), ("z-zh,n-l", [.zZh, .nL]), ("n-l,z-zh", [.zZh, .nL]), ("u-v,u-v", .uV),
      ("an-ang,en-eng,in-ing,ian-iang,uan-uang", [.anAng, .enEng, .inIng, .ianIang, .uanUang]),
      (FuzzyRules.allNames.joined(separator: ","), .all),
    ] as [(String, FuzzyRules)])
  func readsRuleNamesJoinedByCommas(value: String, rules: FuzzyRules) throws {
    #expect(try SearchOptionFlags.fuzzyRules(parsing: value, command: .search) == rules)
  }

  @Test func readsEveryRuleByItsName() throws {
    for name in FuzzyRules.allNames {
      let rules = try SearchOptionFlags.fuzzyRules(parsing: name, command: .batch)
      #expect(rules.names == [name])
    }
  }

  @Test(arguments: [
    ("Z-ZH", "unknown rule 'Z-ZH' (rule names are lower case)"),
    ("z-zh,N-L", "unknown rule 'N-L' (rule names are lower case)"),
    ("z-zh,,n-l", "empty rule name"),
    ("", "empty rule name"),
    ("z-zh,", "empty rule name"),
    (",z-zh", "empty rule name"),
    ("all,n-l", "'all' must stand alone"),
    ("n-l,all", "'all' must stand alone"),
    ("ALL", "unknown rule 'ALL'"),
    ("none", "unknown rule 'none'"),
    ("zh-z", "unknown rule 'zh-z'"),
    ("z-zh;n-l", "unknown rule 'z-zh;n-l'"),
    ("z-zh, n-l", "unknown rule ' n-l' (no spaces between rules)"),
    ("z-zh,x-y,n-l", "unknown rule 'x-y'"),
  ])
  func refusesABadRuleNamingIt(value: String, problem: String) {
    let message = "pinyin-search: invalid value '\(value)' for '--fuzzy': \(problem)" + fuzzyExpectation
    #expect(
      runTool(["search", "--fuzzy", value, "lyf"])
        == ToolOutput(status: 2, standardOutput: "", standardError: message + searchUsage))
  }

  @Test func refusesABadRuleOnEveryCommandWithItsUsage() {
    for (command, arguments) in commandArguments {
      #expect(
        runTool(arguments + ["--fuzzy=z-zh,,n-l"])
          == ToolOutput(
            status: 2, standardOutput: "",
            standardError: "pinyin-search: invalid value 'z-zh,,n-l' for '--fuzzy': empty rule name" + fuzzyExpectation
              + "USAGE: \(command.synopsis)\nSee 'pinyin-search \(command.rawValue) --help'.\n"),
        "\(command)")
      #expect(runTool(arguments + ["--fuzzy"]).standardError.hasPrefix("pinyin-search: missing value for '--fuzzy'\n"))
      #expect(
        runTool(arguments + ["--keypad=1"]).standardError.hasPrefix("pinyin-search: option '--keypad' takes no value\n")
      )
      #expect(
        runTool(arguments + ["--traditional=yes"]).standardError.hasPrefix(
          "pinyin-search: option '--traditional' takes no value\n"))
    }
    #expect(runTool(["pinyin", "--keypad", "刘"]).status == 2, "pinyin builds no engine")
    #expect(runTool(["pinyin", "--fuzzy", "all", "刘"]).status == 2)
  }

  @Test func makesABadRuleAUsageErrorOfItsCommand() {
    let error = CommandLineError.invalidFuzzyRule("", value: "z-zh,,n-l", command: .batch)
    #expect(error.exitStatus == .usageError && error.isUsageError)
    #expect(error.command == .batch)
    #expect(
      error.message == "invalid value 'z-zh,,n-l' for '--fuzzy': empty rule name" + fuzzyExpectation.dropLast())
  }

  @Test(arguments: [
    (SearchOptions.default, [String]()),
    (SearchOptions(mixed: true), ["--mixed"]),
    (SearchOptions(fuzzy: [.nL, .zZh]), ["--fuzzy", "z-zh,n-l"]),
    (SearchOptions(fuzzy: .all), ["--fuzzy", "all"]),
    (SearchOptions(traditional: true), ["--traditional"]),
    (SearchOptions(keypad: true), ["--keypad"]),
    (
      SearchOptions(mixed: true, fuzzy: [.uV, .anAng], traditional: true, keypad: true),
      ["--mixed", "--fuzzy", "an-ang,u-v", "--traditional", "--keypad"]
    ),
  ])
  func spellsOptionsBackAsFlags(options: SearchOptions, flags: [String]) {
    #expect(SearchOptionFlags.flags(for: options) == flags)
  }

  @Test func readsTheFlagsItSpellsAsTheOptionsTheyCameFrom() throws {
    let fuzzySets: [FuzzyRules] = [[], .zZh, .uV, [.cCh, .fH, .inIng], .all, FuzzyRules(rawValue: 0x0FFE)]
    for mixed in [false, true] {
      for traditional in [false, true] {
        for keypad in [false, true] {
          for fuzzy in fuzzySets {
            let options = SearchOptions(mixed: mixed, fuzzy: fuzzy, traditional: traditional, keypad: keypad)
            let parsed = try Arguments(
              parsing: SearchOptionFlags.flags(for: options), options: SearchOptionFlags.options, command: .batch)
            #expect(try SearchOptionFlags.searchOptions(parsing: parsed) == options, "\(options)")
          }
        }
      }
    }
  }

  @Test func namesTheFlagsASnapshotWasBuiltWith() {
    let found = SearchOptions(mixed: true, fuzzy: [.zZh, .nL], keypad: true)
    #expect(
      CommandLineError.snapshot(.options(path: "people.snapshot", expected: .default, found: found)).message
        == "people.snapshot: snapshot built for search options mixed, fuzzy z-zh,n-l, keypad, not none; open it "
        + "with --mixed --fuzzy z-zh,n-l --keypad, or rebuild it (index, or --data FILE --update)")
    #expect(
      CommandLineError.snapshot(
        .options(path: "a", expected: SearchOptions(traditional: true), found: SearchOptions(fuzzy: .all))
      ).message
        == "a: snapshot built for search options fuzzy all, not traditional; open it with --fuzzy all, or rebuild "
        + "it (index, or --data FILE --update)")
  }

  @Test(arguments: [Command.search, .batch, .interactive, .index, .verify])
  func explainsEveryFlagInTheHelpAndTheUsage(command: Command) {
    let help = runTool([command.rawValue, "--help"]).standardOutput
    for option in ["--mixed          ", "--fuzzy RULES    ", "--traditional    ", "--keypad         "] {
      #expect(help.contains("\n  " + option), "\(option) in the help of \(command)")
    }
    for flag in ["[--mixed]", "[--fuzzy RULES]", "[--traditional]", "[--keypad]"] {
      #expect(command.synopsis.contains(flag), "\(flag) in the usage of \(command)")
    }
    #expect(help.contains("z-zh,n-l"), "an example of RULES")
    #expect(help.contains("劉 finds 刘"))
    #expect(help.contains("548"))
    if command != .verify {
      for name in FuzzyRules.allNames { #expect(help.contains(name), "\(name) in the help of \(command)") }
      #expect(help.contains("zangsan\n                   finds 张三 with z-zh"))
      #expect(help.contains("abc 2,\n                   def 3, ghi 4, jkl 5, mno 6, pqrs 7, tuv 8, wxyz 9;"))
    }
  }

  @Test func describesHowEachCommandShowsFuzzyAndKeypadMatches() {
    let search = SearchOptionFlags.optionHelp(for: .search)
    #expect(search.contains("A fuzzy match comes after the exact ones of its kind,\n"))
    #expect(search.contains("and ~ follows its kind (fullPinyin~).\n"))
    #expect(SearchCommand.help.contains("\n  fullPinyin~ c2  [张三]\n"))
    #expect(SearchOptionFlags.optionHelp(for: .batch).contains(#"with "fuzzy": true."#))
    #expect(BatchCommand.help.contains("keypad with --keypad"))
    #expect(!BatchCommand.help.contains("no\nfuzzy pinyin yet"), "fuzzy is no longer always false")
    #expect(
      SearchOptionFlags.optionHelp(for: .interactive).contains(
        "A keypad match shows after its text, in cyan, the\n"
          + "                   letters its digits stand for (548: liu, 593: lyf).\n"))
    #expect(InteractiveCommand.help.contains("yellow ~ when fuzzy"))
    #expect(SearchOptionFlags.optionHelp(for: .index).contains("The snapshot holds an index for these options"))
    for command in [Command.search, .batch, .interactive] {
      let help = SearchOptionFlags.optionHelp(for: command)
      #expect(
        help.hasSuffix(
          "  --no-options     With --snapshot or --redis: search with none of the\n"
            + "                   index's options."), "\(command)")
      #expect(command.synopsis.contains("[--no-options]"))
    }
  }

  /// The whole of the flags' help, as `search --help` prints it.
  @Test func printsTheFlagsHelpOfSearch() {
    #expect(
      SearchOptionFlags.optionHelp(for: .search) == """
          --mixed          Also match a mix of syllables, their beginnings and
                           characters (kind mixed, after initials): liuyf finds
                           刘亦菲, 刘dh finds 刘德华.
          --fuzzy RULES    Fuzzy pinyin: each rule makes two sounds one (zangsan
                           finds 张三 with z-zh, nyf finds 刘亦菲 with n-l). RULES
                           is all, or rule names joined by commas (z-zh,n-l):
                           z-zh c-ch s-sh n-l r-l f-h (initials), an-ang en-eng
                           in-ing ian-iang uan-uang (finals), u-v (lu and lv).
                           A fuzzy match comes after the exact ones of its kind,
                           and ~ follows its kind (fullPinyin~).
          --traditional    Traditional and simplified characters are the same
                           to literal matching (刘德华 finds 劉德華, 劉 finds 刘);
                           pinyin matches either, as it always did.
          --keypad         Digits also match as typed on a phone keypad (abc 2,
                           def 3, ghi 4, jkl 5, mno 6, pqrs 7, tuv 8, wxyz 9;
                           kind keypad, last): 548 and 593 find 刘亦菲.
          --keyboard NAME  Pinyin also typed in a keyboard scheme, as people
                           who use one type on a plain keyboard: NAME is a
                           double pinyin (xiaohe ziranma microsoft sogou: two
                           keys a syllable) or zhuyin (Dachen keys). Same kinds
                           as the readings: lqyifw (xiaohe) and xu.uzo (zhuyin)
                           find 刘亦菲. Not with --keypad.
                           With --snapshot or --redis, the flags given choose
                           which of the options the index was built with to
                           search with; none given: all of them. One it was
                           not built with is an error (status 1). With --data
                           FILE --update, they choose the options the snapshot
                           is saved for (none given: those it had).
          --no-options     With --snapshot or --redis: search with none of the
                           index's options.
        """)
  }

  /// The whole of the flags' help, as `verify --help` prints it.
  @Test func printsTheFlagsHelpOfVerify() {
    #expect(
      SearchOptionFlags.optionHelp(for: .verify) == """
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
        """)
  }
}

/// How `search` prints fuzzy and keypad matches for a person.
@Suite struct SearchResultLineTests {
  @Test(arguments: [
    (MatchKind.fullPinyin, true, 0..<2, "fullPinyin~ c2  [张三]"),
    (.fullPinyin, false, 0..<2, "fullPinyin  c2  [张三]"),
    (.initials, true, 0..<2, "initials~   c2  [张三]"),
    (.literal, false, 1..<2, "literal     c2  张[三]"),
    (.mixed, true, 0..<2, "mixed~      c2  [张三]"),
    (.keypad, false, 0..<1, "keypad      c2  [张]三"),
    (.keypad, true, 0..<2, "keypad~     c2  [张三]"),
  ])
  func marksAFuzzyMatchRightAfterItsKind(kind: MatchKind, isFuzzy: Bool, range: Range<Int>, line: String) {
    let result = SearchResult(id: "c2", text: "张三", kind: kind, isFuzzy: isFuzzy, range: range, utf16Range: range)
    #expect(SearchCommand.line(for: result, style: .brackets) == line)
    #expect(KindLabel.text(for: result) == kind.rawValue + (isFuzzy ? "~" : ""))
  }

  @Test func keepsTheIDsAlignedWhateverTheKind() {
    for kind in MatchKind.allCases {
      for isFuzzy in [false, true] {
        let result = SearchResult(id: "c2", text: "张三", kind: kind, isFuzzy: isFuzzy, range: 0..<2, utf16Range: 0..<2)
        let line = SearchCommand.line(for: result, style: .brackets)
        #expect(line.dropFirst(12).hasPrefix("c2  "), "the id at column 13: \(line)")
      }
    }
  }
}

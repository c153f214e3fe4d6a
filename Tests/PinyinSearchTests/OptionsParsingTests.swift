import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// `SearchOptions(parsing:)`, the C interface's and the Python package's options strings, and
/// `FuzzyRules(list:)`, the one parser of rule lists.
@Suite struct OptionsParsingTests {
  @Test(arguments: [
    ("", SearchOptions()),
    ("none", SearchOptions()),
    ("mixed", SearchOptions(mixed: true)),
    ("mixed,fuzzy=z-zh,n-l,keypad", SearchOptions(mixed: true, fuzzy: [.zZh, .nL], keypad: true)),
    ("fuzzy=all,traditional", SearchOptions(fuzzy: .all, traditional: true)),
    ("keypad,fuzzy=u-v", SearchOptions(fuzzy: .uV, keypad: true)),
    ("fuzzy=z-zh,mixed,fuzzy=n-l", SearchOptions(mixed: true, fuzzy: [.zZh, .nL])),
    ("mixed,mixed", SearchOptions(mixed: true)),
    ("keyboard=xiaohe", SearchOptions(keyboard: .xiaohe)),
    ("fuzzy=z-zh,keyboard=zhuyin,mixed", SearchOptions(mixed: true, fuzzy: .zZh, keyboard: .zhuyin)),
    ("keyboard=sogou,keyboard=microsoft", SearchOptions(keyboard: .microsoft)),
  ])
  func readsOptionsStrings(string: String, options: SearchOptions) throws {
    #expect(try SearchOptions(parsing: string) == options)
  }

  @Test(arguments: [
    ("bogus", #"unknown option "bogus" in the options "bogus""#),
    ("mixed,", #"unknown option "" in the options "mixed,""#),
    ("Mixed", #"unknown option "Mixed" in the options "Mixed""#),
    ("mixed none", #"unknown option "mixed none" in the options "mixed none""#),
    ("none,mixed", #"unknown option "none" in the options "none,mixed""#),
    ("fuzzy=", #"unknown fuzzy rule "" in the options "fuzzy=""#),
    ("fuzzy=zz", #"unknown fuzzy rule "zz" in the options "fuzzy=zz""#),
    ("fuzzy=all,z-zh", #"unknown fuzzy rule "all" in the options "fuzzy=all,z-zh""#),
    ("fuzzy=z-zh,x-y", #"unknown option "x-y" in the options "fuzzy=z-zh,x-y""#),
    ("keyboard=", #"unknown keyboard "" in the options "keyboard=""#),
    ("keyboard=qwerty", #"unknown keyboard "qwerty" in the options "keyboard=qwerty""#),
    ("keyboard=Xiaohe", #"unknown keyboard "Xiaohe" in the options "keyboard=Xiaohe""#),
    ("keyboard", #"unknown option "keyboard" in the options "keyboard""#),
    ("fuzzy=z-zh,xiaohe", #"unknown option "xiaohe" in the options "fuzzy=z-zh,xiaohe""#),
  ])
  func refusesWhatItDoesNotKnow(string: String, message: String) {
    #expect(throws: SearchOptions.ParsingError(description: message)) { try SearchOptions(parsing: string) }
  }

  /// Random strings of the grammar's pieces: each is read or refused (never a crash), and what
  /// is read is what its items name, read again from the options' own spelling.
  @Test func randomStringsAreReadOrRefused() throws {
    var random = SplitMix64(seed: 35)
    let pieces = [
      "mixed", "traditional", "keypad", "fuzzy=", "all", "z-zh", "n-l", "u-v", ",", "=", "none", "x", "",
      "keyboard=", "zhuyin", "sogou",
    ]
    var read = 0
    for _ in 0..<(3_000 * TestScale.factor) {
      let string = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      guard let options = try? SearchOptions(parsing: string) else { continue }
      read += 1
      #expect(try SearchOptions(parsing: options.parsableDescription) == options, "\(string)")
    }
    #expect(read > 0)
  }

  @Test func spellsOptionsAsTheyAreRead() throws {
    #expect(SearchOptions().parsableDescription == "none")
    #expect(
      SearchOptions(mixed: true, fuzzy: [.zZh, .nL], traditional: true, keypad: true).parsableDescription
        == "mixed,fuzzy=z-zh,n-l,traditional,keypad")
    #expect(SearchOptions(fuzzy: .all).parsableDescription == "fuzzy=all")
    #expect(
      SearchOptions(mixed: true, keypad: true, keyboard: .ziranma).parsableDescription
        == "mixed,keypad,keyboard=ziranma")
    for keyboard in Keyboard.allCases {
      #expect(try SearchOptions(parsing: SearchOptions(keyboard: keyboard).parsableDescription).keyboard == keyboard)
    }
  }

  @Test func readsRuleLists() throws {
    #expect(try FuzzyRules(list: "all") == .all)
    #expect(try FuzzyRules(list: "z-zh,n-l,z-zh") == [.zZh, .nL])
    #expect(throws: FuzzyRules.UnknownName(name: "")) { try FuzzyRules(list: "z-zh,") }
    #expect(throws: FuzzyRules.UnknownName(name: "Z-ZH")) { try FuzzyRules(list: "Z-ZH") }
    // Every rule's name reads back as that rule.
    for name in FuzzyRules.allNames { #expect(try FuzzyRules(list: name).names == [name]) }
  }
}

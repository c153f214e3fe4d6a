extension FuzzyRules {
  /// A rule name that `FuzzyRules(list:)` does not know: empty, misspelt, upper case, or `all`
  /// beside other names.
  package struct UnknownName: Error, Hashable, Sendable {
    /// The name as it was written.
    package var name: String

    /// The error for `name`.
    package init(name: String) {
      self.name = name
    }
  }

  /// The rules `list` names as the command line's `--fuzzy` takes them: `all` alone, or rule
  /// names (`allNames`, lower case) joined by commas without spaces; a name given twice counts
  /// once. The one parser of rule lists: the command line, `batch --json-requests` and the
  /// C interface's option strings all call it.
  ///
  ///     try FuzzyRules(list: "z-zh,n-l")  // [.zZh, .nL]
  ///     try FuzzyRules(list: "all")       // .all
  ///
  /// - Throws: `UnknownName` naming the first name that is not a rule.
  /// - Complexity: O(n) in the length of `list`.
  package init(list: String) throws(UnknownName) {
    if list == "all" {
      self = .all
      return
    }
    var rules: FuzzyRules = []
    for name in list.split(separator: ",", omittingEmptySubsequences: false) {
      guard let rule = FuzzyRules(name: String(name)) else { throw UnknownName(name: String(name)) }
      rules.insert(rule)
    }
    self = rules
  }
}

extension SearchOptions {
  /// Why an options string could not be read: the whole message, naming the item and the string.
  package struct ParsingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, and where.
    package var description: String

    /// The error that says `description`.
    package init(description: String) {
      self.description = description
    }
  }

  /// The options an options string names, the grammar of the C interface and of the Python
  /// package: items joined by commas, each `mixed`, `traditional`, `keypad`, `keyboard=NAME`
  /// (NAME a `Keyboard`'s raw value, `xiaohe`), or `fuzzy=RULES` where RULES is `all` or rule
  /// names joined by commas as after `--fuzzy` (so the items after `fuzzy=` that are rule names
  /// continue its list); `none` alone, or the empty string, is the default options (every
  /// option off). A second `keyboard=` replaces the first.
  ///
  ///     try SearchOptions(parsing: "mixed,fuzzy=z-zh,n-l,keypad")
  ///     // SearchOptions(mixed: true, fuzzy: [.zZh, .nL], keypad: true)
  ///     try SearchOptions(parsing: "keyboard=xiaohe")  // SearchOptions(keyboard: .xiaohe)
  ///
  /// - Throws: `ParsingError` for an unknown item, an unknown rule or keyboard, or an empty
  ///   item.
  /// - Complexity: O(n) in the length of `string`.
  package init(parsing string: String) throws(ParsingError) {
    self.init()
    var fuzzyList: [Substring]? = nil
    func endFuzzyList() throws(ParsingError) {
      guard let list = fuzzyList else { return }
      fuzzyList = nil
      do throws(FuzzyRules.UnknownName) {
        fuzzy.formUnion(try FuzzyRules(list: list.joined(separator: ",")))
      } catch {
        throw ParsingError(description: "unknown fuzzy rule \"\(error.name)\" in the options \"\(string)\"")
      }
    }
    guard !string.isEmpty, string != "none" else { return }
    for item in string.split(separator: ",", omittingEmptySubsequences: false) {
      if fuzzyList != nil, FuzzyRules(name: String(item)) != nil {
        fuzzyList?.append(item)
        continue
      }
      try endFuzzyList()
      switch item {
      case "mixed": mixed = true
      case "traditional": traditional = true
      case "keypad": keypad = true
      default:
        if item.hasPrefix("keyboard=") {
          guard let scheme = Keyboard(rawValue: String(item.dropFirst("keyboard=".count))) else {
            let name = item.dropFirst("keyboard=".count)
            throw ParsingError(description: "unknown keyboard \"\(name)\" in the options \"\(string)\"")
          }
          keyboard = scheme
          continue
        }
        guard item.hasPrefix("fuzzy=") else {
          throw ParsingError(description: "unknown option \"\(item)\" in the options \"\(string)\"")
        }
        fuzzyList = [item.dropFirst("fuzzy=".count)]
      }
    }
    try endFuzzyList()
  }

  /// The options as `init(parsing:)` reads them: the items of the options that are on, in the
  /// order `mixed`, `fuzzy=RULES`, `traditional`, `keypad`, `keyboard=NAME`, or `none`.
  ///
  ///     SearchOptions(mixed: true, fuzzy: [.zZh, .nL]).parsableDescription  // "mixed,fuzzy=z-zh,n-l"
  package var parsableDescription: String {
    var items: [String] = []
    if mixed { items.append("mixed") }
    if !fuzzy.isEmpty { items.append("fuzzy=\(fuzzy)") }
    if traditional { items.append("traditional") }
    if keypad { items.append("keypad") }
    if let keyboard { items.append("keyboard=\(keyboard)") }
    return items.isEmpty ? "none" : items.joined(separator: ",")
  }
}

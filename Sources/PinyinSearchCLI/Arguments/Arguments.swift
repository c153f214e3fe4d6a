/// A command's arguments, split into options and positional arguments.
///
/// Rules, those of most Unix tools: options may come before, between or after the positional
/// arguments; a value option takes the next argument as its value whatever it looks like
/// (`--data -x.tsv`), or the text after `=`; `--` ends the options, so `search -- -x` searches
/// for `-x`; a lone `-` is a positional argument. An option given twice is a usage error rather
/// than the last one winning, so that `--fuzzy z-zh --fuzzy n-l` does not silently drop a rule.
/// `-h` and `--help` are handled before parsing (see `isHelpRequested(in:)`).
///
///     let arguments = try Arguments(parsing: ["lyf", "--limit=5"], options: [.limit], command: .search)
///     arguments.positionals               // ["lyf"]
///     arguments.value(of: .limit)         // "5"
struct Arguments {
  /// The arguments that are not options or their values, in order.
  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  /// The command the arguments are for, named in errors.
  let command: Command

  /// Whether `arguments` ask for help: `-h` or `--help` before any `--`. Help wins over every
  /// error in the other arguments.
  static func isHelpRequested(in arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
  }

  /// Splits `arguments` by the options `command` accepts.
  ///
  /// - Throws: `CommandLineError.unknownOption`, `.missingValue`, `.unexpectedValue` or
  ///   `.repeatedOption`.
  init(parsing arguments: [String], options: [OptionDefinition], command: Command) throws(CommandLineError) {
    self.command = command
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-") && argument != "-" else {
        positionals.append(argument)
        continue
      }
      // Split at the first `=` scalar, not `Character`: `=` followed by a combining mark is one.
      let equals = argument.utf8.firstIndex(of: UInt8(ascii: "="))
      let name = equals.map { String(argument[..<$0]) } ?? argument
      let attachedValue = equals.map { String(argument[argument.utf8.index(after: $0)...]) }
      guard let option = options.first(where: { $0.name == name }) else {
        throw .unknownOption(name.hasPrefix("--") ? name : argument, command: command)
      }
      guard values[name] == nil && !flags.contains(name) else { throw .repeatedOption(name, command: command) }
      guard option.valueName != nil else {
        if attachedValue != nil { throw .unexpectedValue(option: name, command: command) }
        flags.insert(name)
        continue
      }
      if let attachedValue {
        values[name] = attachedValue
      } else if index < arguments.endIndex {
        values[name] = arguments[index]
        index += 1
      } else {
        throw .missingValue(option: name, command: command)
      }
    }
  }

  /// The value of `option`, or nil when it was not given.
  func value(of option: OptionDefinition) -> String? {
    values[option.name]
  }

  /// Whether the flag `option` was given.
  func isSet(_ option: OptionDefinition) -> Bool {
    flags.contains(option.name)
  }

  /// The value of `option` as a non-negative decimal integer (digits only), or `defaultValue`.
  ///
  /// - Throws: `CommandLineError.invalidValue` for anything else, a value too large for `Int`
  ///   included.
  func nonNegativeInteger(_ option: OptionDefinition, default defaultValue: Int) throws(CommandLineError) -> Int {
    try integer(option, default: defaultValue, minimum: 0, expected: "a non-negative integer")
  }

  /// The value of `option` as a positive decimal integer (digits only), or `defaultValue`.
  ///
  /// - Throws: `CommandLineError.invalidValue` for anything else, 0 and a value too large for
  ///   `Int` included.
  func positiveInteger(_ option: OptionDefinition, default defaultValue: Int) throws(CommandLineError) -> Int {
    try integer(option, default: defaultValue, minimum: 1, expected: "a positive integer")
  }

  /// The value of `option` as a decimal integer of at least `minimum`, or `defaultValue`.
  ///
  /// - Throws: `CommandLineError.invalidValue` saying that `expected` was expected.
  private func integer(
    _ option: OptionDefinition, default defaultValue: Int, minimum: Int, expected: String
  ) throws(CommandLineError) -> Int {
    guard let text = value(of: option) else { return defaultValue }
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(text), number >= minimum
    else {
      throw .invalidValue(text, option: option.name, expected: expected, command: command)
    }
    return number
  }

  /// The value of `option` as one of `choices`' raw values, or `defaultValue`.
  ///
  /// - Throws: `CommandLineError.invalidValue` naming the choices.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ option: OptionDefinition, default defaultValue: Choice
  ) throws(CommandLineError) -> Choice where Choice.RawValue == String {
    guard let text = value(of: option) else { return defaultValue }
    guard let choice = Choice(rawValue: text) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidValue(text, option: option.name, expected: "one of \(names)", command: command)
    }
    return choice
  }

  /// The positional arguments, which must be exactly those named in `names`, in order.
  ///
  /// - Throws: `CommandLineError.missingArgument` naming the first missing one, or
  ///   `.unexpectedArgument` with the first extra one.
  func positionals(named names: [String]) throws(CommandLineError) -> [String] {
    if positionals.count < names.count { throw .missingArgument(names[positionals.count], command: command) }
    if positionals.count > names.count { throw .unexpectedArgument(positionals[names.count], command: command) }
    return positionals
  }
}

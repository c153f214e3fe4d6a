import PinyinSearch

/// The flags that choose the `SearchOptions` an engine is built with, and the one place that
/// turns them into options: `--mixed` now, the later ones (`--fuzzy RULES`, `--traditional`,
/// `--keypad`) beside it.
///
/// Every command that builds an engine or opens a snapshot — `search`, `batch`, `interactive`,
/// `index`, `verify` — accepts `options`, reads them with `searchOptions(parsing:)` and prints
/// `optionHelp(for:)` in its help, so that they mean the same everywhere. A snapshot is built
/// for one set of options; `flags(for:)` spells a set back as flags, for the message that says
/// which options a snapshot was built for.
///
///     let parsed = try Arguments(parsing: ["liuyf", "--mixed"], options: SearchOptionFlags.options, command: .search)
///     try SearchOptionFlags.searchOptions(parsing: parsed)  // SearchOptions(mixed: true)
///     SearchOptionFlags.flags(for: SearchOptions(mixed: true))  // ["--mixed"]
enum SearchOptionFlags {
  /// The flags, for the commands' lists of options.
  static let options: [OptionDefinition] = [.mixed]

  /// The options the flags of `arguments` ask for; every option is off without its flag.
  ///
  /// - Throws: A usage error for a value that names no option (none yet: `--mixed` takes no
  ///   value, which `Arguments` checks).
  static func searchOptions(parsing arguments: Arguments) throws(CommandLineError) -> SearchOptions {
    SearchOptions(mixed: arguments.isSet(.mixed))
  }

  /// The flags that give `options`, as typed on a command line; empty for the default options.
  static func flags(for options: SearchOptions) -> [String] {
    options.mixed ? [OptionDefinition.mixed.name] : []
  }

  /// The flags' lines of the OPTIONS help of `command`, with what they mean for the snapshot it
  /// opens or writes.
  static func optionHelp(for command: Command) -> String {
    switch command {
    case .verify:
      """
        --mixed          The snapshot was built with --mixed ('index --mixed'):
                         a mix of syllables, their beginnings and characters
                         also matches (liuyf finds 刘亦菲, 刘dh finds 刘德华).
                         A snapshot built for other options is an error.
      """
    case .index:
      """
        --mixed          Also match a mix of syllables, their beginnings and
                         characters (kind mixed, after initials): liuyf finds
                         刘亦菲, 刘dh finds 刘德华. The snapshot holds an index
                         for these options: open it with the same ones.
      """
    case .search, .batch, .interactive, .pinyin:
      """
        --mixed          Also match a mix of syllables, their beginnings and
                         characters (kind mixed, after initials): liuyf finds
                         刘亦菲, 刘dh finds 刘德华. A snapshot is built for one
                         set of options: open it with the same ones, or rebuild
                         it with --data FILE --update.
      """
    }
  }
}

/// The subcommands of `pinyin-search`.
enum Command: String, CaseIterable, Sendable {
  /// `pinyin-search search QUERY`: see `SearchCommand`.
  case search
  /// `pinyin-search batch`: see `BatchCommand`.
  case batch
  /// `pinyin-search pinyin TEXT`: see `PinyinCommand`.
  case pinyin
  /// `pinyin-search interactive`: see `InteractiveCommand`.
  case interactive
  /// `pinyin-search index --data FILE --out SNAPSHOT`: see `IndexCommand`.
  case index
  /// `pinyin-search verify SNAPSHOT`: see `VerifyCommand`.
  case verify

  /// The one-line usage, e.g. `pinyin-search pinyin TEXT`.
  var synopsis: String {
    switch self {
    case .search: SearchCommand.synopsis
    case .batch: BatchCommand.synopsis
    case .pinyin: PinyinCommand.synopsis
    case .interactive: InteractiveCommand.synopsis
    case .index: IndexCommand.synopsis
    case .verify: VerifyCommand.synopsis
    }
  }

  /// The full help, printed by `--help`.
  var help: String {
    switch self {
    case .search: SearchCommand.help
    case .batch: BatchCommand.help
    case .pinyin: PinyinCommand.help
    case .interactive: InteractiveCommand.help
    case .index: IndexCommand.help
    case .verify: VerifyCommand.help
    }
  }

  /// Parses `arguments` (those after the command's name) and runs the command.
  func run(_ arguments: [String], in context: inout CommandContext) throws(CommandLineError) {
    switch self {
    case .search: try SearchCommand(parsing: arguments).run(in: &context)
    case .batch: try BatchCommand(parsing: arguments).run(in: &context)
    case .pinyin: try PinyinCommand(parsing: arguments).run(in: &context)
    case .interactive: try InteractiveCommand(parsing: arguments).run(in: &context)
    case .index: try IndexCommand(parsing: arguments).run(in: &context)
    case .verify: try VerifyCommand(parsing: arguments).run(in: &context)
    }
  }
}

import PinyinSearch

/// `--snapshot FILE` and `--update`: answer from a saved index, bring it up to date with
/// `--data`, and save it back.
///
/// - `--snapshot FILE` alone opens the index and answers through it at once.
/// - With `--data FILE` too, the source's changes are applied: only new and changed records are
///   prepared, records missing from the source are removed.
/// - `--update` (with both) saves the result back to the snapshot, atomically. A missing
///   snapshot is then created from the source, and one written by another version of the
///   format or pinyin table, or built for other search options (`SearchOptionFlags`), is
///   rebuilt from it (with a note on standard error).
struct SnapshotOptions: Equatable {
  /// The snapshot file.
  var path: String
  /// Whether to save the synchronized index back.
  var isUpdating: Bool

  /// The snapshot options every command that searches accepts.
  static let options: [OptionDefinition] = [.snapshot, .update]

  /// The snapshot options of `arguments`, or nil without `--snapshot`.
  ///
  /// - Throws: `CommandLineError.optionNeedsSnapshot` for `--update` without `--snapshot` or
  ///   without `--data`.
  init?(parsing arguments: Arguments) throws(CommandLineError) {
    let isUpdating = arguments.isSet(.update)
    guard let path = arguments.value(of: .snapshot) else {
      if isUpdating { throw .optionNeedsSnapshot(option: OptionDefinition.update.name, command: arguments.command) }
      return nil
    }
    if isUpdating && arguments.value(of: .data) == nil {
      throw .optionNeedsData(option: OptionDefinition.update.name, command: arguments.command)
    }
    self.path = path
    self.isUpdating = isUpdating
  }

  /// A hybrid engine searching with `options` and answering from the snapshot, synchronized
  /// with `source` when it is a data file; saved back when updating.
  ///
  /// A snapshot built for other options is incompatible, as one of another format version is:
  /// an error naming both sets of options, or when updating a note, and a rebuild from `source`.
  ///
  /// - Throws: `CommandLineError.snapshot` when the snapshot cannot be opened (and cannot be
  ///   rebuilt from a source) or saved; data-file errors.
  func makeEngine(
    source: DataSource, options: SearchOptions = .default, in context: inout CommandContext
  ) throws(CommandLineError) -> HybridEngine {
    let hasSource = source != .builtIn
    let engine: HybridEngine
    do {
      engine = try HybridEngine(contentsOfSnapshot: path, options: options)
    } catch {
      guard hasSource && isUpdating && (error.isIncompatible || Self.isMissing(error)) else {
        throw .snapshot(error)
      }
      if error.isIncompatible {
        context.errorOutput.write("pinyin-search: \(error); rebuilding it from the source\n")
      }
      let built = HybridEngine(try source.records(in: &context), options: options)
      try save(built, in: &context)
      return built
    }
    guard hasSource else { return engine }
    let summary = engine.synchronize(with: try source.records(in: &context))
    if isUpdating {
      try save(engine, in: &context)
    }
    if summary.added + summary.replaced + summary.removed > 0 {
      context.errorOutput.write(
        "pinyin-search: \(path): \(summary.added) records added, \(summary.replaced) changed, "
          + "\(summary.removed) removed\(isUpdating ? "; saved" : "")\n")
    }
    return engine
  }

  private func save(_ engine: HybridEngine, in context: inout CommandContext) throws(CommandLineError) {
    do {
      try engine.save(toSnapshot: path)
    } catch {
      throw .snapshot(error)
    }
  }

  private static func isMissing(_ error: SnapshotError) -> Bool {
    if case .io("open", _, let errno) = error { return errno == .noSuchFile }
    return false
  }
}

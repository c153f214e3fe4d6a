import PinyinSearch

/// `--snapshot FILE` and `--update`: answer from a saved index, bring it up to date with
/// `--data`, and save it back.
///
/// - `--snapshot FILE` alone opens the index, with the search options it was built with, and
///   answers through it at once. The option flags given (`SearchOptionFlags`) choose a subset
///   of those to search with; one beyond them is an error naming it.
/// - With `--data FILE` too, the source's changes are applied: only new and changed records are
///   prepared, records missing from the source are removed.
/// - `--update` (with both) saves the result back to the snapshot, atomically. The flags given
///   then choose the options it is saved for (none: those it has). A missing snapshot is
///   created from the source, and one written by another version of the format or pinyin
///   table, or built for other search options than the flags', is rebuilt from it (with a note
///   on standard error).
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

  /// A hybrid engine answering from the snapshot, synchronized with `source` when it is a data
  /// file; saved back when updating.
  ///
  /// Without `--update`, the snapshot opens with the options it was built with, and `options`
  /// (the flags given; nil for none) must be a subset of them: the search asks for those. When
  /// updating, the engine is built for `options` (nil: the snapshot's own), and a snapshot
  /// built for others is incompatible, as one of another format version is: a note, and a
  /// rebuild from `source`.
  ///
  /// - Throws: `CommandLineError.unbuiltOptions` when `options` asks for one the snapshot was
  ///   not built with; `.snapshot` when the snapshot cannot be opened (and cannot be rebuilt
  ///   from a source) or saved; data-file errors.
  func makeEngine(
    source: DataSource, options: SearchOptions? = nil, in context: inout CommandContext
  ) throws(CommandLineError) -> HybridEngine {
    let hasSource = source != .builtIn
    let engine: HybridEngine
    do {
      engine = try HybridEngine(contentsOfSnapshot: path, options: isUpdating ? options : nil)
    } catch {
      guard hasSource && isUpdating && (error.isIncompatible || Self.isMissing(error)) else {
        throw .snapshot(error)
      }
      if error.isIncompatible {
        context.errorOutput.write("pinyin-search: \(error); rebuilding it from the source\n")
      }
      let built = HybridEngine(try source.records(in: &context), options: options ?? .default)
      try save(built, in: &context)
      return built
    }
    if let options, !options.isSubset(of: engine.options) {
      throw .unbuiltOptions(SearchOptionsError(requested: options, built: engine.options), index: .snapshot(path))
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

  /// The results of `engine`, opened from this snapshot by `makeEngine(source:options:in:)`,
  /// for `query` under `options` (the flags given; nil: the snapshot's own).
  ///
  /// - Throws: `CommandLineError.unbuiltOptions` when `options` asks for one the engine was not
  ///   built with (`makeEngine(source:options:in:)` has refused those already).
  func search(
    _ engine: any SearchEngine, _ query: String, limit: Int, offset: Int = 0, options: SearchOptions?
  ) throws(CommandLineError) -> [SearchResult] {
    do {
      return try engine.search(query, limit: limit, offset: offset, options: options)
    } catch {
      throw .unbuiltOptions(error, index: .snapshot(path))
    }
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

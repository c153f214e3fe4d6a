import Dispatch
import PinyinSearch
import PinyinSearchSamples

/// Where the records to search come from, and the one place that builds an engine from them.
///
/// Options that choose an engine or a saved index add their cases and parameters here, so that
/// every command loads its data the same way: `makeEngine(_:options:in:)` reads everything first (with a
/// progress line on a terminal), `makeEngineLoadingInBackground(_:options:)` hands out an engine at once
/// and fills it from another thread, for the interactive search.
enum DataSource: Equatable {
  /// The built-in sample contacts, `SampleContacts.builtIn`.
  case builtIn
  /// A data file in one of the `DataFormat`s.
  case file(DataFileOptions)

  /// The data options every command that searches accepts.
  static let options: [OptionDefinition] = [
    .data, .format, .idColumn, .textColumn, .rankColumn, .noHeader, .skipBad, .maxLineBytes,
  ]

  /// The source the data options of `arguments` describe.
  ///
  /// - Throws: `CommandLineError.invalidValue` for an unknown format or an empty or zero
  ///   column, or a line limit that is not a positive integer; `.optionNeedsData` for a data
  ///   option without `--data` (but `--max-line-bytes` for `batch`, whose queries are lines too);
  ///   `.optionNotForFormat` for a column option (id, text or rank) with TSV or text, or
  ///   `--no-header` with another
  ///   format than CSV; `.columnNameWithoutHeader` for a column named with `--no-header`.
  init(parsing arguments: Arguments) throws(CommandLineError) {
    let command = arguments.command
    let maxLineBytes = try arguments.positiveInteger(.maxLineBytes, default: LineReader.defaultMaxLineBytes)
    guard let path = arguments.value(of: .data) else {
      for option in [OptionDefinition.format, .idColumn, .textColumn, .rankColumn, .noHeader, .skipBad, .maxLineBytes]
      where (arguments.value(of: option) != nil || arguments.isSet(option))
        && !(option == .maxLineBytes && command == .batch)
      {
        throw .optionNeedsData(option: option.name, command: command)
      }
      self = .builtIn
      return
    }
    var format = DataFormat(path: path) ?? .tsv
    format = try arguments.choice(.format, default: format)
    let hasHeader = !arguments.isSet(.noHeader)
    if !hasHeader && format != .csv {
      throw .optionNotForFormat(option: OptionDefinition.noHeader.name, format: format, command: command)
    }
    var columns: [ColumnSelector?] = []
    for option in [OptionDefinition.idColumn, .textColumn, .rankColumn] {
      guard let value = arguments.value(of: option) else {
        columns.append(nil)
        continue
      }
      let selector = ColumnSelector(value)
      guard !value.isEmpty, selector.number != 0 else {
        throw .invalidValue(value, option: option.name, expected: "a column name or a number from 1", command: command)
      }
      guard format.hasSelectableColumns else {
        throw .optionNotForFormat(option: option.name, format: format, command: command)
      }
      if !hasHeader && selector.number == nil {
        throw .columnNameWithoutHeader(option: option.name, value: value, command: command)
      }
      columns.append(selector)
    }
    self = .file(
      DataFileOptions(
        path: path, format: format, idColumn: columns[0], textColumn: columns[1], rankColumn: columns[2],
        hasHeader: hasHeader, skipsBadRecords: arguments.isSet(.skipBad), maxLineBytes: maxLineBytes))
  }

  /// Whether the records come from standard input (`--data -`).
  var readsStandardInput: Bool {
    if case .file(let options) = self { return options.isStandardInput }
    return false
  }

  /// An engine of kind `kind` searching with `options` and holding every record; the hash
  /// engine has finished its build.
  ///
  /// A data file is read to its end first. When `context.showsProgress` (standard error is a
  /// terminal) and reading takes a while, a progress line on standard error shows how far it
  /// is, and is erased once done. Records skipped with `--skip-bad` are reported on standard
  /// error.
  ///
  /// - Throws: `CommandLineError` when a data file cannot be read or is malformed.
  func makeEngine(
    _ kind: EngineKind = .hybrid, options: SearchOptions = .default, in context: inout CommandContext
  ) throws(CommandLineError) -> any SearchEngine {
    kind.makeEngine(try records(in: &context), options: options)
  }

  /// An engine of kind `kind` that searches with `options`, the option flags given (nil: none
  /// given): from `snapshot` when there is one (see `SnapshotOptions`: built for its own
  /// options, of which `options` must be a subset), else holding every record as
  /// `makeEngine(_:options:in:)` builds it for `options` (nil: none).
  ///
  /// - Throws: `CommandLineError` for a data file or a snapshot that cannot be read (one built
  ///   without an option of `options` included, unless it is rebuilt), and
  ///   `.snapshotNeedsIndexEngine` for a snapshot with the scan engine.
  func makeEngine(
    _ kind: EngineKind, options: SearchOptions?, snapshot: SnapshotOptions?, command: Command,
    in context: inout CommandContext
  ) throws(CommandLineError) -> any SearchEngine {
    guard let snapshot else { return try makeEngine(kind, options: options ?? .default, in: &context) }
    guard kind != .scan else { throw .snapshotNeedsIndexEngine(command: command) }
    let engine = try snapshot.makeEngine(source: self, options: options, in: &context)
    if kind == .hash { engine.waitUntilIndexed() }
    return engine
  }

  /// Every record, in order. A data file is read to its end. When `context.showsProgress`
  /// (standard error is a terminal) and reading takes a while, a progress line on standard error
  /// shows how far it is, and is erased once done. Warnings about the file (`DataWarning`), even
  /// when an error follows, and records skipped with `--skip-bad` are reported on standard error.
  ///
  /// - Throws: `CommandLineError` when a data file cannot be read or is malformed.
  func records(in context: inout CommandContext) throws(CommandLineError) -> [Record] {
    switch self {
    case .builtIn:
      return SampleContacts.builtIn
    case .file(let options):
      var reader = try DataFileReader(options: options)
      defer { reader.close() }
      let loaded: [Record]
      var progress = ProgressLine(name: options.displayName, isEnabled: context.showsProgress)
      do throws(CommandLineError) {
        loaded = try reader.readAll { state in progress.update(state, to: &context.errorOutput) }
      } catch {
        // A warning may explain the error: a first row of data taken for the header.
        progress.erase(from: &context.errorOutput)
        DataWarning.report(reader.warnings, path: options.displayName, to: &context.errorOutput)
        throw error
      }
      progress.erase(from: &context.errorOutput)
      DataWarning.report(reader.warnings, path: options.displayName, to: &context.errorOutput)
      reader.skipped.report(path: options.displayName, to: &context.errorOutput)
      try? context.errorOutput.flush()
      return loaded
    }
  }

  /// An engine of kind `kind` searching with `options` that is searchable at once, while
  /// another thread reads the records.
  ///
  /// A hybrid engine takes them a batch of about 1,000 at a time, and indexes them in the
  /// background. A scan or hash engine is built once every record is read: until then the
  /// engine searched is an empty one of that kind (see `BackgroundLoad`). The built-in records
  /// are in the engine before this returns. The file is opened before this returns, so that a
  /// missing file is reported at once; any later error (a bad record without `--skip-bad`) is
  /// kept in the load's state.
  ///
  /// - Throws: `CommandLineError.cannotOpen`.
  func makeEngineLoadingInBackground(
    _ kind: EngineKind = .hybrid, options searchOptions: SearchOptions = .default
  ) throws(CommandLineError) -> BackgroundLoad {
    switch self {
    case .builtIn:
      let records = SampleContacts.builtIn
      return BackgroundLoad(
        engine: kind.makeEngine(records, options: searchOptions),
        state: LoadState(name: "built-in sample contacts", recordCount: records.count, isFinished: true))
    case .file(let options):
      let reader = try DataFileReader(options: options)
      let state = LoadState(name: options.displayName, totalByteCount: reader.totalByteCount)
      let queue = DispatchQueue(label: "pinyin-search.load")
      if kind == .hybrid {
        let engine = HybridEngine(options: searchOptions)
        let load = BackgroundLoad(engine: engine, state: state)
        queue.async { [reader] in
          var reader = reader
          defer { reader.close() }
          load.fill(engine, from: &reader)
        }
        return load
      }
      let pending = PendingEngine(kind.makeEngine([], options: searchOptions))
      let load = BackgroundLoad(engine: pending, state: state)
      queue.async { [reader] in
        var reader = reader
        defer { reader.close() }
        load.build(kind, options: searchOptions, into: pending, from: &reader)
      }
      return load
    }
  }
}

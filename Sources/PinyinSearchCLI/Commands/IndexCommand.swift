import PinyinSearch
import PinyinSearchRedis

/// `pinyin-search index --data FILE --out SNAPSHOT [--mixed] [--fuzzy RULES] [--traditional] [--keypad]`:
/// builds the index of a data file for the search options given and saves it, so that later runs
/// open it with `--snapshot` (and the same options) instead of preparing every record again.
///
///     $ pinyin-search index --data contacts.csv --out contacts.snapshot
///     indexed 100000 records in 785.3 ms: 35818 keys, 2876948 postings
///     wrote contacts.snapshot: 19921240 bytes in 100.2 ms
struct IndexCommand {
  /// Where the records come from.
  var source: DataSource
  /// The snapshot to write, or nil with `redis`.
  var output: String?
  /// The Redis Cluster to synchronize the index of, instead of a snapshot (`--redis`).
  var redis: RedisOptions?
  /// The options the index is built for (`--mixed`, `--fuzzy`, `--traditional`, `--keypad`).
  var searchOptions: SearchOptions
  /// How `--redis` writes: the lease's wait and the replicas to wait for.
  var writeOptions: RedisWriteOptions

  /// The options the command accepts.
  static let options: [OptionDefinition] =
    DataSource.options + SearchOptionFlags.options + [.out] + RedisOptions.options + RedisWriteFlags.options

  /// Parses the arguments after `index`.
  ///
  /// - Throws: A usage error; `--data` and `--out` are required.
  init(parsing arguments: [String]) throws(CommandLineError) {
    let parsed = try Arguments(parsing: arguments, options: Self.options, command: .index)
    _ = try parsed.positionals(named: [])
    guard parsed.value(of: .data) != nil else { throw .missingArgument("--data FILE", command: .index) }
    redis = try RedisOptions(parsing: parsed, refusing: [.out])
    if redis == nil, let option = RedisWriteFlags.options.first(where: { parsed.value(of: $0) != nil }) {
      throw .optionConflictsWithRedis(option: option.name, needsRedis: true, command: .index)
    }
    writeOptions = try RedisWriteFlags.writeOptions(parsing: parsed)
    output = parsed.value(of: .out)
    guard output != nil || redis != nil else {
      throw .missingArgument("--out SNAPSHOT or --redis HOST:PORT", command: .index)
    }
    source = try DataSource(parsing: parsed)
    searchOptions = try SearchOptionFlags.searchOptions(parsing: parsed)
  }

  /// Reads the records, builds the index, saves it, and reports counts and times.
  ///
  /// - Throws: A data-file error, or `.snapshot` when the file cannot be written.
  func run(in context: inout CommandContext) throws(CommandLineError) {
    let clock = ContinuousClock()
    let records = try source.records(in: &context)
    guard let output else {
      try synchronize(records, clock: clock, in: &context)
      return
    }
    let buildStart = clock.now
    let engine = HashIndexEngine(records, options: searchOptions)
    let buildTime = clock.now - buildStart
    let statistics = engine.statistics
    context.output.write(
      "indexed \(statistics.recordCount) records in \(Latency.format(buildTime)): \(statistics.keyCount) keys, "
        + "\(statistics.postingCount) postings\n")
    let saveStart = clock.now
    do {
      try engine.save(toSnapshot: output)
    } catch {
      throw .snapshot(error)
    }
    let saveTime = clock.now - saveStart
    let size = System.fileSize(output).map { "\($0) bytes" } ?? "saved"
    context.output.write("wrote \(output): \(size) in \(Latency.format(saveTime))\n")
  }

  /// Makes the index in the cluster of `redis` hold exactly `records`, writing only the changed
  /// ones, and reports what changed.
  private func synchronize(
    _ records: [Record], clock: ContinuousClock, in context: inout CommandContext
  ) throws(CommandLineError) {
    guard let redis else { return }
    let start = clock.now
    let index = try redis.creatingIndex(options: searchOptions)
    let summary: SynchronizationSummary
    do {
      summary = try index.synchronize(with: records, writing: writeOptions)
    } catch {
      throw .redis(error)
    }
    context.output.write(
      "synchronized \(records.count) records with namespace '\(redis.namespace)' at \(redis.addresses) in "
        + "\(Latency.format(clock.now - start)): \(summary.added) added, \(summary.replaced) replaced, "
        + "\(summary.removed) removed, \(summary.unchanged) unchanged\n")
  }

  /// The one-line usage.
  static let synopsis = """
    pinyin-search index --data FILE --out SNAPSHOT [--format F ...] [--mixed]
                        [--fuzzy RULES] [--traditional]
                        [--keypad] [--keyboard NAME]
    pinyin-search index --data FILE --redis HOST:PORT[,...] [--namespace NS] ...
    """

  /// The help.
  static let help = """
    OVERVIEW: Build the index of a data file and save it as a snapshot.

    USAGE: \(synopsis)

    Later runs of search, batch and interactive open the snapshot with
    '--snapshot SNAPSHOT' and answer at once, without preparing every record
    again; with '--data FILE' as well they apply the file's changes, and
    '--update' saves the result back. The snapshot is replaced atomically: a
    crash leaves the old one or the new one, never a mix.

    OPTIONS:
    \(CommandLineTool.dataOptionsHelp(readsStandardInput: true, opensSnapshots: false))
    \(SearchOptionFlags.optionHelp(for: .index))
      --out SNAPSHOT   The snapshot file to write.
      --redis HOST:PORT[,HOST:PORT...]
                       Instead, make the index in this Redis Cluster (any of its
                       nodes) hold exactly the file's records: only records
                       whose text or rank changed are written, and those no
                       longer in the file removed. Safe to run again after a
                       failure. search, batch and interactive answer from it
                       with the same --redis and --namespace.
      --namespace NS   The index's namespace in the cluster (default
                       pinyin-search): 1 to 64 letters, digits, '_', '-', '.'.
    \(RedisWriteFlags.optionHelp)
    \(RedisOptions.connectionHelp)
      -h, --help       Print this help.

    \(CommandLineTool.exitStatusHelp)

    """
}

/// What a run of the benchmark measures, from its command line.
///
///     let options = try BenchmarkOptions(arguments: ["--quick", "--json", "bench.json"])
///     options.dataSets  // [.generated(count: 4000, seed: 1), .generated(count: 20000, seed: 1)]
struct BenchmarkOptions {
  /// The record sets measured one after another, each with every engine.
  var dataSets: [DataSet]
  /// Records whose typing is replayed: every prefix of their pinyin, initials and text.
  var sampledRecords: Int
  /// Random queries of 1 to 3 letters or digits added to the keystrokes.
  var randomQueries: Int
  /// The seed of the generated records and of the workload's draws.
  var seed: UInt64
  /// The longest an engine that scans (original, scan) may spend on the queries of one data set;
  /// beyond it, every k-th query only is run, and the report says so.
  var queryBudget: Duration
  /// Results per query, as a search box shows.
  var limit = 20
  /// Where to write the figures as JSON, if anywhere.
  var jsonPath: String?
  /// Whether `--quick` was given: small sizes, for CI.
  var isQuick: Bool
  /// Whether `--help` was given.
  var showsHelp = false
  /// With `--replay`: the workload that the hash engine alone replays once, for a profiler,
  /// instead of the report.
  var replay: ReplayWorkload?
  /// With `--replay`: whether the index has every option on whatever the workload
  /// (`--all-options`).
  var replaysWithAllOptions = false
  /// With `--replay`: the index's longest mixed key (`--mixed-key-length N`), which also bounds
  /// its complete keypad keys; the default configuration's when nil.
  var replayMaxMixedKeyLength: Int?
  /// With `--replay`: how many of the slowest queries of a second, timed run to list (`--slowest`).
  var slowestCount = 0
  /// The keystroke workload of the `--data` file, one query a line (`--queries`, else the data
  /// file's sibling `.queries` when there is one); nil to generate it from the records.
  var workloadPath: String?
  /// PinIn4Cpp's python (`--pinin`, `--no-pinin`).
  var pinIn: PeerSetting = .automatic
  /// The `pinyin-search` executable whose batch protocol is timed (`--cli`, `--no-batch`).
  var commandLineTool: PeerSetting = .automatic
  /// Where to write the SVG charts (`--charts`; `Docs` in the package for the full run).
  var chartsDirectory: String?
  /// The hidden `--count-allocations QUERIES` of the child process that `AllocationCount` starts:
  /// the workload file whose allocations are counted, instead of the report.
  var allocationWorkloadPath: String?
  /// `--redis ADDRESSES`: measure the index in this Redis Cluster instead (RedisBenchmark).
  var redisAddresses: String?
  /// `--redis-worker NAMESPACE`: a child process of RedisBenchmark's throughput.
  var redisWorkerNamespace: String?
  /// `--redis-key-length N`: the index's maximum key length in Redis (default: RedisIndex's).
  var redisMaxKeyLength: Int?
  /// `--redis-keep`: leave each data set's namespace in the cluster (its name is printed), to
  /// inspect where its bytes go.
  var redisKeepsNamespace = false
  /// TLS and credentials for `--redis` (`--redis-ca`, `--redis-user`, …).
  var redisConnection = RedisConnectionOptions()
  /// The arguments parsed, for the report.
  var arguments: [String]

  /// The sizes of the full run: the original app's data, and two orders of magnitude beyond.
  static let fullSizes = [4000, 100_000, 1_000_000]
  /// The sizes of `--quick`.
  static let quickSizes = [4000, 20_000]
  /// Data sets larger than this skip the hybrid engine, the search-options table and the
  /// measurements in other processes (PinIn, allocations, batch), so that a run of 10,000,000
  /// records measures the index alone within the machine's memory and the day.
  static let largestFullyMeasured = 1_000_000

  /// The usage, printed by `--help` and after a usage error.
  static let usage = """
    usage: pinyin-search-bench [--quick] [--sizes N,N,...] [--data FILE [--queries FILE]]
                               [--json FILE] [--charts DIR] [--records N] [--random N]
                               [--seed N] [--budget SECONDS] [--pinin PYTHON | --no-pinin]
                               [--cli EXECUTABLE | --no-batch] [--replay W [--all-options] [--slowest N]]
                               [--redis HOST:PORT,...]

    Measures, in one process, the original algorithm, the linear scan, the hash index and the
    hybrid engine during its build, on the same keystroke workload, then the hash index with each
    set of search options (none, mixed, fuzzy, traditional, keypad, all, each keyboard scheme)
    on workloads typed for them; beside them PinIn4Cpp's TreeSearcher when its python is set
    up, the allocations of the hash engine's queries, and pinyin-search's batch protocol;
    prints a Markdown report.

      --quick           sizes 4k and 20k, 80 typed records, 100 random queries, 4 s budget;
                        under a minute (CI)
      --sizes N,N,...   generated contact counts (default 4k,100k,1m); k and m suffixes allowed
      --builtin         also measure pinyin-search's 3,000 built-in records (alone unless --sizes)
      --data FILE       also measure the records of a TSV file (id<TAB>text, as pinyin-search
                        reads it); alone, only the file is measured
      --queries FILE    the keystroke workload of the --data file, one query a line (default:
                        the data file's sibling FILE.queries when there is one, else typed
                        from its records)
      --json FILE       also write every figure as JSON to FILE
      --charts DIR      write latency.svg and memory.svg to DIR (the full run: Docs)
      --pinin PYTHON    the python of a virtual environment with PinInPy (default: the
                        environment variable PINYIN_SEARCH_BENCH_PYTHON, else
                        .build/pinin-venv/bin/python, which Benchmarks/pinin/setup.sh makes);
                        PinIn4Cpp is skipped with a note when it is missing
      --no-pinin        do not measure PinIn4Cpp
      --cli EXECUTABLE  the pinyin-search whose batch protocol is timed (default: the one
                        beside this executable; skipped with a note when missing)
      --no-batch        do not time the batch protocol
      --records N       records whose typing is replayed (default 300)
      --random N        random 1-3 character queries (default 500)
      --seed N          seed of the generated records and of the workload (default 1)
      --budget SECONDS  query time per scanning engine and data set before it is sampled
                        (default 60); an eighth of it per search-options row compared with the scan
      --replay W        no report: build the hash engine of each data set and run workload W
                        once (keystrokes with the default options, mixed with mixed input on,
                        fuzzy with every fuzzy rule, traditional with traditional characters,
                        keypad with every option on, or xiaohe, ziranma, microsoft, sogou or
                        zhuyin: the keystrokes typed in that keyboard scheme, with it on) and
                        nothing else, so that a profiler
                        counts the searches alone
                        (HashIndexEngine.search, its whole mangled name: a shorter pattern
                        also names the closure inside it, which callgrind then leaves out):
                          valgrind --tool=callgrind \\
                            --toggle-collect='*HashIndexEngineV6search_5limit6offsetSayAA0B6ResultVGSS_S2itF' \\
                            Benchmarks/.build/release/pinyin-search-bench --sizes 20k --replay keystrokes
      --redis ADDRS     no report but the index in this Redis Cluster (host:port,...; start one
                        with Scripts/redis-cluster.sh) against the hash engine: load, memory
                        per record, latency, throughput of 1, 2 and 4 client processes
                        (default sizes 100k,1m); --redis-ca FILE [--redis-cert FILE
                        --redis-key FILE] for TLS, --redis-user NAME --redis-password-file FILE
      --all-options     with --replay: build the index with every option on, whatever W
      --mixed-key-length N
                        with --replay: mixed keys (and complete keypad keys) of up to N bytes
                        (IndexConfiguration.maxMixedKeyLength; default 4)
      --slowest N       with --replay: then time each query once more and list the N slowest
                        (--replay runs the --queries file, or the --data file's .queries, when given)

    Exit status: 0 when the hash and hybrid engines (and the hash engine with each set of search
    options) agree with the scan on every query compared, 1 when any answer differs or a file
    cannot be read or written, 2 for a usage error.
    """

  /// Parses `arguments` (without the program name).
  ///
  /// - Throws: `BenchmarkError.usage` naming the bad argument.
  init(arguments: [String]) throws(BenchmarkError) {
    self.arguments = arguments
    var sizes: [Int]?
    var dataPath: String?
    var includesBuiltIn = false
    var records: Int?
    var random: Int?
    var seed: UInt64 = 1
    var budget: Int?
    var queriesPath: String?
    var charts: String?
    isQuick = false
    var index = 0
    func value(of option: String) throws(BenchmarkError) -> String {
      guard index < arguments.count else { throw .usage("\(option) needs a value") }
      index += 1
      return arguments[index - 1]
    }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "-h", "--help": showsHelp = true
      case "--quick": isQuick = true
      case "--sizes": sizes = try Self.sizes(try value(of: argument))
      case "--data": dataPath = try value(of: argument)
      case "--builtin": includesBuiltIn = true
      case "--json": jsonPath = try value(of: argument)
      case "--records": records = try Self.count(try value(of: argument), option: argument, minimum: 1)
      case "--random": random = try Self.count(try value(of: argument), option: argument, minimum: 0)
      case "--seed": seed = UInt64(try Self.count(try value(of: argument), option: argument, minimum: 0))
      case "--budget": budget = try Self.count(try value(of: argument), option: argument, minimum: 1)
      case "--queries": queriesPath = try value(of: argument)
      case "--charts": charts = try value(of: argument)
      case "--pinin": pinIn = .path(try value(of: argument))
      case "--no-pinin": pinIn = .disabled
      case "--cli": commandLineTool = .path(try value(of: argument))
      case "--no-batch": commandLineTool = .disabled
      case "--count-allocations": allocationWorkloadPath = try value(of: argument)
      case "--redis": redisAddresses = try value(of: argument)
      case "--redis-worker": redisWorkerNamespace = try value(of: argument)
      case let name where RedisConnectionOptions.names.contains(name):
        redisConnection.arguments += [name, try value(of: argument)]
      case "--redis-keep": redisKeepsNamespace = true
      case "--redis-key-length":
        redisMaxKeyLength = try Self.count(try value(of: argument), option: argument, minimum: 1)
      case "--replay":
        let name = try value(of: argument)
        guard let workload = ReplayWorkload(rawValue: name) else {
          throw .usage(
            "--replay expects keystrokes, mixed, fuzzy, traditional, keypad or a keyboard (xiaohe ziranma "
              + "microsoft sogou zhuyin), not \(name)")
        }
        replay = workload
      case "--all-options": replaysWithAllOptions = true
      case "--mixed-key-length":
        replayMaxMixedKeyLength = try Self.count(try value(of: argument), option: argument, minimum: 1)
      case "--slowest": slowestCount = try Self.count(try value(of: argument), option: argument, minimum: 0)
      default: throw .usage("unknown argument \(argument)")
      }
    }
    if queriesPath != nil && dataPath == nil && replay == nil && redisWorkerNamespace == nil {
      throw .usage("--queries needs --data FILE, the records it types (or --replay)")
    }
    if allocationWorkloadPath != nil && (sizes?.count ?? 0) + (dataPath == nil ? 0 : 1) != 1 {
      throw .usage("--count-allocations needs one data set: --sizes N or --data FILE")
    }
    let isFullRun = sizes == nil && dataPath == nil && !includesBuiltIn && !isQuick
    chartsDirectory = charts ?? (isFullRun ? PackageLocation.path("Docs") : nil)
    workloadPath = queriesPath ?? dataPath.flatMap(Workload.siblingFile(ofData:))
    let defaultSizes = redisAddresses != nil ? [100_000, 1_000_000] : isQuick ? Self.quickSizes : Self.fullSizes
    let chosenSizes = sizes ?? (dataPath != nil || includesBuiltIn ? [] : defaultSizes)
    dataSets =
      (includesBuiltIn ? [.builtIn] : []) + chosenSizes.map { [seed] in .generated(count: $0, seed: seed) }
      + (dataPath.map { [.file(path: $0)] } ?? [])
    sampledRecords = records ?? (isQuick ? 80 : 300)
    randomQueries = random ?? (isQuick ? 100 : 500)
    self.seed = seed
    queryBudget = .seconds(budget ?? (isQuick ? 4 : 60))
  }

  /// The sizes of `--sizes`: counts separated by commas, each optionally with `k` or `m`.
  private static func sizes(_ text: String) throws(BenchmarkError) -> [Int] {
    var sizes: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      var digits = Substring(part.lowercased())
      var multiplier = 1
      if digits.hasSuffix("k") {
        multiplier = 1000
        digits = digits.dropLast()
      } else if digits.hasSuffix("m") {
        multiplier = 1_000_000
        digits = digits.dropLast()
      }
      guard let count = Int(digits.filter { $0 != "_" }), count > 0 else {
        throw .usage("--sizes expects positive counts such as 4000,100k,1m, not \(text)")
      }
      sizes.append(count * multiplier)
    }
    return sizes
  }

  /// A whole number of at least `minimum`, the value of `option`.
  private static func count(_ text: String, option: String, minimum: Int) throws(BenchmarkError) -> Int {
    guard let count = Int(text), count >= minimum else {
      throw .usage("\(option) expects a whole number of at least \(minimum), not \(text)")
    }
    return count
  }
}

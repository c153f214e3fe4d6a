import PinyinSearch

/// The workloads `--replay` runs.
enum ReplayWorkload: String {
  /// The keystroke workload, on an index with the default options.
  case keystrokes
  /// The mixed-input workload (`liuyf`, `刘yifei`), on an index with mixed input on.
  case mixed
  /// The fuzzy workload (`zanshang` for 张三), on an index with every fuzzy rule on.
  case fuzzy
  /// The traditional workload (`劉德華`), on an index with traditional characters on.
  case traditional
  /// The keypad workload (`548`, `593`), on an index with every option on.
  case keypad
  /// The keystroke workload typed in a keyboard scheme (`lqyifw`, `xu.uzo`), on an index with
  /// that scheme on: one case per scheme.
  case xiaohe, ziranma, microsoft, sogou, zhuyin

  /// Every option: mixed input, every fuzzy rule, traditional characters, the keypad.
  static let allOptions = SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)

  /// The options the index is built with, unless `--all-options` asks for every option.
  var options: SearchOptions {
    switch self {
    case .keystrokes: .default
    case .mixed: SearchOptions(mixed: true)
    case .fuzzy: SearchOptions(fuzzy: .all)
    case .traditional: SearchOptions(traditional: true)
    case .keypad: Self.allOptions
    case .xiaohe, .ziranma, .microsoft, .sogou, .zhuyin: SearchOptions(keyboard: keyboard)
    }
  }

  /// The scheme of a keyboard workload, nil for the others.
  var keyboard: Keyboard? { Keyboard(rawValue: rawValue) }
}

/// `--replay`: one data set's hash engine and workload, the workload run once with nothing else
/// timed or compared, so that a profiler sees the searches alone.
///
///     valgrind --tool=callgrind \
///       --toggle-collect='*HashIndexEngineV6search_5limit6offsetSayAA0B6ResultVGSS_S2itF' \
///       Benchmarks/.build/release/pinyin-search-bench --sizes 20k --replay mixed
///
/// The whole symbol: callgrind toggles collection at the entry and exit of every function the
/// pattern names, and a shorter one (`*HashIndexEngineV6search*`) also names the closure inside
/// `search` that does its work, whose instructions it then leaves out.
///
/// Instruction counts are repeatable for one binary and input, whatever else the machine does,
/// where the noisy clock is not: compare two versions by their counts.
struct HashIndexEngineReplay {
  let engine: HashIndexEngine
  let queries: [String]

  /// The engine of `records` for `workload` (with every option when `allOptions`, with mixed
  /// keys of up to `maxMixedKeyLength` bytes when given), and the workload's queries, or the
  /// `listed` ones.
  init(
    records: [Record], workload: ReplayWorkload, allOptions: Bool, maxMixedKeyLength: Int? = nil,
    sampledRecords: Int, randomQueries: Int, seed: UInt64, listed: [String]? = nil
  ) {
    let configuration = maxMixedKeyLength.map { IndexConfiguration(maxMixedKeyLength: $0) } ?? IndexConfiguration()
    engine = HashIndexEngine(
      records, options: allOptions ? ReplayWorkload.allOptions : workload.options, configuration: configuration)
    if let listed {
      queries = listed
    } else {
      switch workload {
      case .keystrokes:
        queries =
          Workload(records: records, sampledRecords: sampledRecords, randomQueries: randomQueries, seed: seed).queries
          .map(\.text)
      case .mixed:
        queries = Workload.mixed(records: records, sampledRecords: sampledRecords, seed: seed).queries.map(\.text)
      case .fuzzy:
        queries = Workload.fuzzy(records: records, sampledRecords: sampledRecords, seed: seed).queries.map(\.text)
      case .traditional:
        queries =
          Workload.traditional(records: records, sampledRecords: sampledRecords, seed: seed).queries.map(\.text)
      case .keypad:
        queries = Workload.keypad(records: records, sampledRecords: sampledRecords, seed: seed).queries.map(\.text)
      case .xiaohe, .ziranma, .microsoft, .sogou, .zhuyin:
        queries = Workload.keyboard(
          workload.keyboard!, records: records, sampledRecords: sampledRecords, seed: seed
        ).queries.map(\.text)
      }
    }
    // Tables built on first use (the syllable beginnings of mixed input) are built here, not counted.
    _ = engine.search(queries.first ?? "a", limit: 1)
  }

  /// Runs every query once, top 20; returns the number of results.
  func searchAll() -> Int {
    var results = 0
    for query in queries { results &+= engine.search(query, limit: 20).count }
    return results
  }

  /// Each query of one more run with its time, in workload order: where a profile of the tail
  /// should look.
  func timedQueries() -> [(query: String, time: Duration)] {
    queries.map { query in
      let start = ContinuousClock.now
      _ = engine.search(query, limit: 20)
      return (query, ContinuousClock.now - start)
    }
  }
}

import PinyinSearch

/// A workload of the search-options table, by what it types.
enum OptionWorkload: String, CaseIterable {
  /// The keystroke workload of the engine table (`Workload.init`): full pinyin, initials, text.
  case keystrokes
  /// Abbreviations and a character then pinyin (`liuyf`, `刘yifei`): `Workload.mixed`.
  case mixed
  /// Full pinyin with merged sounds (`zanshang` for 张三): `Workload.fuzzy`.
  case fuzzy
  /// Text in traditional characters (`劉德華`): `Workload.traditional`.
  case traditional
  /// Keypad digits of full pinyin and initials (`548`, `593`): `Workload.keypad`.
  case keypad
  /// The keystrokes typed in a keyboard scheme (`lqyifw`, `lyf` for 刘亦菲 in xiaohe; `xu.uzo`
  /// in zhuyin): `Workload.keyboard(_:records:sampledRecords:seed:)`, one case per scheme.
  case xiaohe, ziranma, microsoft, sogou, zhuyin

  /// The scheme of a keyboard workload, nil for the others.
  var keyboard: Keyboard? { Keyboard(rawValue: rawValue) }

  /// The workloads of a data set for the search-options table, `keystrokes` given, the others
  /// drawn from `records` with `sampledRecords` and `seed`.
  static func workloads(
    records: [Record], keystrokes: Workload, sampledRecords: Int, seed: UInt64
  ) -> [OptionWorkload: Workload] {
    var workloads: [OptionWorkload: Workload] = [
      .keystrokes: keystrokes,
      .mixed: .mixed(records: records, sampledRecords: sampledRecords, seed: seed),
      .fuzzy: .fuzzy(records: records, sampledRecords: sampledRecords, seed: seed),
      .traditional: .traditional(records: records, sampledRecords: sampledRecords, seed: seed),
      .keypad: .keypad(records: records, sampledRecords: sampledRecords, seed: seed),
    ]
    for kind in allCases {
      guard let keyboard = kind.keyboard else { continue }
      workloads[kind] = .keyboard(keyboard, records: records, sampledRecords: sampledRecords, seed: seed)
    }
    return workloads
  }

  /// What the report says the workload's transformed queries (`Origin.isTransformed`) are, or nil
  /// for a workload without them.
  var transformedQueries: String? {
    switch self {
    case .keystrokes, .mixed: nil
    case .fuzzy: "typed unlike the exact pinyin"
    case .traditional: "with a traditional character"
    case .keypad: "keypad digits of letters"
    case .xiaohe, .ziranma, .microsoft, .sogou, .zhuyin: "typed unlike the pinyin and its initials"
    }
  }
}

/// A set of search options the hash index is built with for the search-options table, with the
/// workloads run on it.
struct MeasuredOptions: Sendable {
  /// How the report names the set: `default`, `mixed`, `fuzzy`, `traditional`, `keypad`, `all`,
  /// or a keyboard scheme (`xiaohe`, …, `zhuyin`).
  var name: String
  /// The options.
  var options: SearchOptions
  /// The workloads run on the index, in order.
  var workloads: [OptionWorkload]
  /// Option sets, each a subset of `options`, that the same index is also searched with (options
  /// per search), each with its workloads: the cost of naming fewer options than the index has.
  var searchedSubsets: [MeasuredOptions] = []

  /// The sets measured: every option alone with the keystrokes and its own workload, all of
  /// them together with every workload but the keyboards', and each keyboard scheme alone with
  /// the keystrokes typed in it (its budget: Docs/Benchmarks.md). The first, `default`, is the
  /// baseline of the ratios.
  static let all: [MeasuredOptions] =
    [
      MeasuredOptions(name: "default", options: .default, workloads: [.keystrokes]),
      MeasuredOptions(name: "mixed", options: SearchOptions(mixed: true), workloads: [.keystrokes, .mixed]),
      MeasuredOptions(name: "fuzzy", options: SearchOptions(fuzzy: .all), workloads: [.keystrokes, .fuzzy]),
      MeasuredOptions(
        name: "traditional", options: SearchOptions(traditional: true), workloads: [.keystrokes, .traditional]),
      MeasuredOptions(name: "keypad", options: SearchOptions(keypad: true), workloads: [.keystrokes, .keypad]),
      MeasuredOptions(
        name: allName, options: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
        workloads: [.keystrokes, .mixed, .fuzzy, .traditional, .keypad],
        searchedSubsets: [MeasuredOptions(name: subsetOfAllName, options: .default, workloads: [.keystrokes])]),
    ]
    + OptionWorkload.allCases.compactMap { kind in
      kind.keyboard.map { MeasuredOptions(name: $0.rawValue, options: SearchOptions(keyboard: $0), workloads: [kind]) }
    }

  /// The name of the rows of the index of every option searched with none, which the report
  /// compares with the default index's.
  static let subsetOfAllName = "all, searched with none"

  /// The name of the baseline set.
  static let baselineName = "default"

  /// The name of the set of every option but a keyboard, on whose index the hostile queries are
  /// timed (`HostileQueries`).
  static let allName = "all"
}

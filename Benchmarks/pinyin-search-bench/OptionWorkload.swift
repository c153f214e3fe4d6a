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

  /// The workloads of a data set for the search-options table, `keystrokes` given, the others
  /// drawn from `records` with `sampledRecords` and `seed`.
  static func workloads(
    records: [Record], keystrokes: Workload, sampledRecords: Int, seed: UInt64
  ) -> [OptionWorkload: Workload] {
    [
      .keystrokes: keystrokes,
      .mixed: .mixed(records: records, sampledRecords: sampledRecords, seed: seed),
      .fuzzy: .fuzzy(records: records, sampledRecords: sampledRecords, seed: seed),
      .traditional: .traditional(records: records, sampledRecords: sampledRecords, seed: seed),
      .keypad: .keypad(records: records, sampledRecords: sampledRecords, seed: seed),
    ]
  }

  /// What the report says the workload's transformed queries (`Origin.isTransformed`) are, or nil
  /// for a workload without them.
  var transformedQueries: String? {
    switch self {
    case .keystrokes, .mixed: nil
    case .fuzzy: "typed unlike the exact pinyin"
    case .traditional: "with a traditional character"
    case .keypad: "keypad digits of letters"
    }
  }
}

/// A set of search options the hash index is built with for the search-options table, with the
/// workloads run on it.
struct MeasuredOptions: Sendable {
  /// How the report names the set: `default`, `mixed`, `fuzzy`, `traditional`, `keypad`, `all`.
  var name: String
  /// The options.
  var options: SearchOptions
  /// The workloads run on the index, in order.
  var workloads: [OptionWorkload]
  /// Option sets, each a subset of `options`, that the same index is also searched with (options
  /// per search), each with its workloads: the cost of naming fewer options than the index has.
  var searchedSubsets: [MeasuredOptions] = []

  /// The sets measured: every option alone with the keystrokes and its own workload, and all of
  /// them together with every workload. The first, `default`, is the baseline of the ratios.
  static let all: [MeasuredOptions] = [
    MeasuredOptions(name: "default", options: .default, workloads: [.keystrokes]),
    MeasuredOptions(name: "mixed", options: SearchOptions(mixed: true), workloads: [.keystrokes, .mixed]),
    MeasuredOptions(name: "fuzzy", options: SearchOptions(fuzzy: .all), workloads: [.keystrokes, .fuzzy]),
    MeasuredOptions(
      name: "traditional", options: SearchOptions(traditional: true), workloads: [.keystrokes, .traditional]),
    MeasuredOptions(name: "keypad", options: SearchOptions(keypad: true), workloads: [.keystrokes, .keypad]),
    MeasuredOptions(
      name: "all", options: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
      workloads: OptionWorkload.allCases,
      searchedSubsets: [MeasuredOptions(name: subsetOfAllName, options: .default, workloads: [.keystrokes])]),
  ]

  /// The name of the rows of the index of every option searched with none, which the report
  /// compares with the default index's.
  static let subsetOfAllName = "all, searched with none"

  /// The name of the baseline set.
  static let baselineName = "default"
}

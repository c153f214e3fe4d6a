import PinyinSearch

/// The engines `--engine` chooses from. All answer alike; they differ in speed and start-up.
enum EngineKind: String, CaseIterable, Sendable {
  /// The `--engine` lines of a command's OPTIONS help.
  static let optionHelp = """
      --engine E       The engine that answers: scan (match every record),
                       hash (build the index, then look up) or hybrid (scan
                       while the index builds in the background; default).
                       All three give the same results.
    """

  /// `LinearScanEngine`: matches every record at each query.
  case scan
  /// `HashIndexEngine`: builds the index first, then answers through it only.
  case hash
  /// `HybridEngine`: answers at once by scanning while the index builds in the background.
  case hybrid

  /// An engine of this kind holding `records` (a later one replaces an earlier one with its id)
  /// and searching with `options`; the hybrid engine starts building its index in the background.
  func makeEngine(_ records: [Record], options: SearchOptions) -> any SearchEngine {
    switch self {
    case .scan: LinearScanEngine(records, options: options)
    case .hash: HashIndexEngine(records, options: options)
    case .hybrid: HybridEngine(records, options: options)
    }
  }
}

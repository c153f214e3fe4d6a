import PinyinSearch

/// The engines measured, in the order of the report.
enum EngineKind: String, CaseIterable {
  /// The article's algorithm (`OriginalEngine`), the baseline.
  case original
  /// `LinearScanEngine`, the reference every other engine is checked against.
  case scan
  /// `HashIndexEngine`, queried after its build.
  case hash
  /// `HybridEngine`, queried from the moment it is created, while it builds its index.
  case hybrid = "hybrid-during-build"
}

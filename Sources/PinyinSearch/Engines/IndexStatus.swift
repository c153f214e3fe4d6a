/// What an engine's index is doing, for monitoring and progress bars.
///
/// `HybridEngine` reports its background builds; `HashIndexEngine` is always ready;
/// `LinearScanEngine` has no index and answers every record by scanning.
///
///     let status = engine.status
///     if status.isBuilding { print("\(status.builtRecordCount) of \(status.buildRecordCount)") }
public struct IndexStatus: Sendable, Hashable {
  /// Whether an index has been built, so that searches go through it (plus the few records
  /// changed since, which are scanned).
  public var isHashPathReady: Bool
  /// Whether a build is running in the background.
  public var isBuilding: Bool
  /// How many records the running build has indexed so far.
  public var builtRecordCount: Int
  /// How many records the running build indexes in all.
  public var buildRecordCount: Int
  /// Records answered by scanning: added or replaced since the last build (all of them for
  /// an engine without an index).
  public var unindexedRecordCount: Int
  /// Records of the last build removed or replaced since.
  public var removedRecordCount: Int
  /// The size of the last index built, if any.
  public var statistics: IndexStatistics?

  /// A status, for an engine of one's own that conforms to `SearchEngine`.
  public init(
    isHashPathReady: Bool, isBuilding: Bool, builtRecordCount: Int, buildRecordCount: Int, unindexedRecordCount: Int,
    removedRecordCount: Int, statistics: IndexStatistics?
  ) {
    self.isHashPathReady = isHashPathReady
    self.isBuilding = isBuilding
    self.builtRecordCount = builtRecordCount
    self.buildRecordCount = buildRecordCount
    self.unindexedRecordCount = unindexedRecordCount
    self.removedRecordCount = removedRecordCount
    self.statistics = statistics
  }
}

extension IndexStatus {
  /// The status of an engine without an index, holding `recordCount` records.
  static func unindexed(recordCount: Int) -> IndexStatus {
    IndexStatus(
      isHashPathReady: false, isBuilding: false, builtRecordCount: 0, buildRecordCount: 0,
      unindexedRecordCount: recordCount, removedRecordCount: 0, statistics: nil)
  }

  /// The status of an engine whose index of every record is built and does not change.
  static func ready(_ statistics: IndexStatistics) -> IndexStatus {
    IndexStatus(
      isHashPathReady: true, isBuilding: false, builtRecordCount: 0, buildRecordCount: 0, unindexedRecordCount: 0,
      removedRecordCount: 0, statistics: statistics)
  }
}

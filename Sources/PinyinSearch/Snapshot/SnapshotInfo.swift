/// What a snapshot file holds, read from its header without opening it: its format, the options
/// and configuration its index was built with, its number of records and its size.
///
/// An app that keeps snapshots of several option sets, or that was updated since it saved one,
/// can tell which it has before paying for an open; an engine opens a snapshot with the options
/// it was built with when none are named.
///
///     let info = try SnapshotInfo(contentsOfSnapshot: "contacts.snapshot")
///     info.options       // mixed, fuzzy all
///     info.recordCount   // 100000
///     let engine = try HybridEngine(contentsOfSnapshot: "contacts.snapshot")  // those options
public struct SnapshotInfo: Sendable, Hashable {
  /// The snapshot format the file is written in: the library reads its own format only.
  public let formatVersion: Int
  /// The options the index was built for: a search may use any subset of them.
  public let options: SearchOptions
  /// The limits the index was built with.
  public let configuration: IndexConfiguration
  /// The number of records.
  public let recordCount: Int
  /// The size of the file in bytes.
  public let byteCount: Int

  init(formatVersion: Int, options: SearchOptions, configuration: IndexConfiguration, recordCount: Int, byteCount: Int)
  {
    self.formatVersion = formatVersion
    self.options = options
    self.configuration = configuration
    self.recordCount = recordCount
    self.byteCount = byteCount
  }

  /// Reads the header of the snapshot file at `path`.
  ///
  /// The header is checked as an open checks it (the format version, the pinyin table it was
  /// built from, its length, its parameters), but not the checksum or the sections: an open
  /// may still find the file damaged.
  ///
  /// - Throws: `SnapshotError` when the file is missing, empty, not a snapshot, of another
  ///   format version or pinyin table, or has a header no build writes.
  /// - Complexity: O(1): the header is read, not the file.
  public init(contentsOfSnapshot path: String) throws(SnapshotError) {
    self = try Snapshot.info(ofFile: path)
  }
}

import PinyinSearch

#if DEBUG || FUZZING
  @testable import PinyinSearch
#endif

/// The records an opened snapshot holds, to scan them (`SnapshotCheck`).
///
/// Like `ChecksumRepair`, reached with `@testable import` in debug builds and in the fuzz build;
/// the public API does not list an engine's records.
enum SnapshotRecords {
  /// The live records of `engine`, with their ranks; nil in builds without testability.
  static func records(of engine: HashIndexEngine) -> [Record]? {
    #if DEBUG || FUZZING
      let store = engine.indexed.store
      var records: [Record] = []
      store.forEachRecord { slot, _ in
        records.append(Record(id: store.ids[slot], text: store.texts[slot], rank: store.ranks[slot]))
      }
      return records
    #else
      return nil
    #endif
  }
}

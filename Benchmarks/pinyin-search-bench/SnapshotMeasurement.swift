import Foundation
import PinyinSearch

/// Saving and opening an index snapshot, against building the index.
struct SnapshotMeasurement {
  /// Building the index from the records (`HashIndexEngine.init`).
  var build: Duration
  /// The size of the index built.
  var statistics: IndexStatistics
  /// Writing the snapshot (atomically, flushed).
  var save: Duration
  /// Opening it again with the full checksum verified (the default), median of three.
  var open: Duration
  /// Opening it with structural validation only (`SnapshotValidation.structure`), median of three.
  var openStructure: Duration
  /// The file's size.
  var byteCount: Int
  /// Workload queries whose answers from the opened snapshot differ from the built index's.
  var differingQueries: Int
  /// Queries compared.
  var comparedQueries: Int

  /// How many times faster opening is than building.
  var openVersusBuild: Double { build.seconds / max(open.seconds, 1e-9) }

  /// Saves `built`, an index built in `build`, in a temporary file and opens it three times at
  /// each of two validation levels, with the options it was built with, and compares the answers
  /// of the opened index with the built one's on up to 1,000 of `queries`. One opened index is
  /// alive at a time.
  ///
  /// With mixed input or the keypad, opening also derives the search among candidates' sieves
  /// from every record (O(records), whatever the validation level): the open times count it.
  static func measure(_ built: HashIndexEngine, build: Duration, queries: [String], limit: Int) -> SnapshotMeasurement {
    let path = NSTemporaryDirectory() + "pinyin-search-bench-\(getpid()).snapshot"
    defer { unlink(path) }
    let (_, save) = timed { try! built.save(toSnapshot: path) }
    var opens: [Duration] = []
    var opened: HashIndexEngine?
    var structureOpens: [Duration] = []
    for _ in 0..<3 {
      opened = nil
      let (structural, structureOpen) = timed {
        try! HashIndexEngine(contentsOfSnapshot: path, options: built.options, validation: .structure)
      }
      structureOpens.append(structureOpen)
      withExtendedLifetime(structural) {}
      let (engine, open) = timed { try! HashIndexEngine(contentsOfSnapshot: path, options: built.options) }
      opens.append(open)
      opened = engine
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let compared = Array(queries.prefix(1000))
    let differing = compared.filter {
      opened!.search($0, limit: limit, offset: 0) != built.search($0, limit: limit, offset: 0)
    }.count
    return SnapshotMeasurement(
      build: build, statistics: built.statistics, save: save, open: opens.sorted()[1],
      openStructure: structureOpens.sorted()[1],
      byteCount: size,
      differingQueries: differing, comparedQueries: compared.count)
  }
}

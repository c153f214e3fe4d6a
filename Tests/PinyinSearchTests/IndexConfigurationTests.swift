import PinyinSearchSamples
import Testing

@testable import PinyinSearch

/// A configuration is checked once, when it is made, and cannot change afterwards: no index is
/// built with a limit that its tables or a snapshot cannot hold.
@Suite struct IndexConfigurationTests {
  @Test func everyLimitIsFixedOnceMade() {
    // Key paths to `let` properties are not writable: `configuration.maxKeyLength = 300` does
    // not compile.
    let paths: [PartialKeyPath<IndexConfiguration>] = [
      \.maxKeyLength, \.maxKeysPerRecord, \.rareKeyLimit, \.maxMixedKeyLength, \.maxFuzzyKeyLength,
    ]
    for path in paths {
      #expect(!(path is WritableKeyPath<IndexConfiguration, Int>), "\(path) can be set after the checks")
    }
  }

  @Test func aLimitOutsideItsRangeStopsTheProgram() async {
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(maxKeyLength: 256) }
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(maxKeyLength: 0) }
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(maxKeysPerRecord: 0) }
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(maxKeysPerRecord: 65_537) }
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(rareKeyLimit: -1) }
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(maxMixedKeyLength: 0) }
    await #expect(processExitsWith: .failure) { _ = IndexConfiguration(maxFuzzyKeyLength: 300) }
  }

  /// The extremes of each range build an index whose snapshot opens, and that answers as the
  /// scan does.
  @Test(arguments: [1, 255])
  func theExtremeKeyLengthsBuildWorkingIndexes(maxKeyLength: Int) throws {
    let configuration = IndexConfiguration(
      maxKeyLength: maxKeyLength, rareKeyLimit: 0, maxMixedKeyLength: min(maxKeyLength, 6),
      maxFuzzyKeyLength: maxKeyLength)
    let options = SearchOptions(mixed: true, fuzzy: .all, keypad: true)
    let records = SampleContacts.records(count: 60, seed: 9)
    let engine = HashIndexEngine(records, options: options, configuration: configuration)
    let scan = LinearScanEngine(records, options: options)
    for query in ["lyf", "liuy", "张", "zhangwei", "138", "5489"] {
      #expect(engine.search(query) == scan.search(query), "\(query)")
    }
    let bytes = Snapshot.encode(engine.indexed, configuration: configuration, options: options)
    let (_, opened, _) = try Snapshot.decode(bytes, path: "memory")
    #expect(opened == configuration)
  }
}

import Dispatch
import PinyinSearch
import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

/// The hybrid engine against the linear scan: before, during and after its background build,
/// around every change, and from many threads at once.
@Suite struct HybridEngineTests {
  /// Queries that type the records' spellings, initials and characters, plus random ones.
  func queries(for records: [Record], count: Int, using random: inout SplitMix64) -> [String] {
    (0..<count).map { _ in RandomText.query(for: records.randomElement(using: &random)!.text, using: &random) }
  }

  @Test func answersLikeTheLinearScanBeforeAndAfterTheBuild() {
    var random = SplitMix64(seed: 21)
    let records = RandomText.records(count: 300, using: &random)
    let scan = LinearScanEngine(records)
    let hybrid = HybridEngine(records, configuration: IndexConfiguration(maxKeyLength: 8, rareKeyLimit: 4))
    let queries = queries(for: records, count: 400, using: &random)
    for query in queries.prefix(100) {
      #expect(hybrid.search(query) == scan.search(query), "while building: \(query.debugDescription)")
    }
    hybrid.waitUntilIndexed()
    #expect(hybrid.status.isHashPathReady)
    #expect(!hybrid.status.isBuilding)
    #expect(hybrid.status.statistics?.recordCount == scan.count)
    for query in queries {
      for (limit, offset) in [(20, 0), (4, 3), (Int.max, 0)] {
        #expect(
          hybrid.search(query, limit: limit, offset: offset) == scan.search(query, limit: limit, offset: offset),
          "indexed: \(query.debugDescription) limit \(limit) offset \(offset)")
      }
    }
  }

  @Test(arguments: [31, 32] as [UInt64])
  func changesAreSeenByTheNextSearch(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var records = RandomText.records(count: 200, using: &random)
    var scan = LinearScanEngine(records)
    let hybrid = HybridEngine(records, configuration: IndexConfiguration(maxKeyLength: 12, rareKeyLimit: 2))
    if seed == 32 { hybrid.waitUntilIndexed() }
    var nextID = 1000
    for step in 0..<TestScale.rounds(100) {
      let choice = Int.random(in: 0..<10, using: &random)
      if choice < 4 {
        let record = Record(id: "n\(nextID)", text: RandomText.text(using: &random))
        nextID += 1
        records.append(record)
        #expect(hybrid.add(record) == scan.add(record))
      } else if choice < 7 {
        let id = records.randomElement(using: &random)!.id
        let record = Record(id: id, text: RandomText.text(using: &random))
        #expect(hybrid.add(record) == scan.add(record), "replace \(id)")
      } else if choice < 9 {
        let id = records.randomElement(using: &random)!.id
        #expect(hybrid.remove(id: id) == scan.remove(id: id), "remove \(id)")
      } else {
        hybrid.waitUntilIndexed()
      }
      #expect(hybrid.count == scan.count)
      let query = RandomText.query(for: records.randomElement(using: &random)!.text, using: &random)
      #expect(hybrid.search(query) == scan.search(query), "step \(step): \(query.debugDescription)")
    }
    hybrid.waitUntilIndexed()
    for query in queries(for: records, count: 200, using: &random) {
      #expect(hybrid.search(query, limit: Int.max) == scan.search(query, limit: Int.max), "\(query.debugDescription)")
    }
  }

  @Test func manyChangesTriggerARebuildThatKeepsTheAnswers() {
    let records = SampleContacts.records(count: 1500, seed: 3)
    let hybrid = HybridEngine(records)
    hybrid.waitUntilIndexed()
    var scan = LinearScanEngine(records)
    let changes = SampleContacts.records(count: 1200, seed: 4).map { Record(id: "m" + $0.id, text: $0.text) }
    for change in changes {
      hybrid.add(change)
      scan.add(change)
    }
    for number in stride(from: 1, through: 800, by: 1) {
      #expect(hybrid.remove(id: "c\(number)") == scan.remove(id: "c\(number)"))
    }
    hybrid.waitUntilIndexed()
    let status = hybrid.status
    #expect(status.isHashPathReady && status.unindexedRecordCount < 1024, "the changes were folded into a new index")
    let indexed = status.statistics?.recordCount ?? 0
    #expect(indexed - status.removedRecordCount + status.unindexedRecordCount == scan.count)
    for query in ["w", "wang", "zhangs", "lyf", "138", "138 0", "群", "xian", "Tony", "zeng"] {
      #expect(hybrid.search(query, limit: 50) == scan.search(query, limit: 50), "\(query)")
    }
  }

  /// Searches from several threads while records are added and removed and the index is rebuilt:
  /// the records that never change must always be found exactly as the scan finds them.
  @Test func concurrentSearchesSeeStableRecordsExactly() {
    let stable = SampleContacts.records(count: 2000, seed: 8)
    let hybrid = HybridEngine(stable, configuration: IndexConfiguration(rareKeyLimit: 8))
    let scan = LinearScanEngine(stable)
    // Churn records are made of characters no stable query spells: 〇 and '~'.
    let stableQueries = ["w", "wang", "lyf", "zhang", "群", "138", "xian", "qq", "c", "li"]
    let expected = stableQueries.map { scan.search($0) }
    let group = DispatchGroup()
    let (searchRounds, churnRounds) = (TestScale.rounds(quick: 60, full: 150), TestScale.rounds(quick: 4, full: 8))
    for worker in 0..<3 {
      DispatchQueue.global().async(group: group) {
        for round in 0..<searchRounds {
          for (query, results) in zip(stableQueries, expected) {
            #expect(hybrid.search(query) == results, "worker \(worker), round \(round): \(query)")
          }
        }
      }
    }
    // Enough churn to start background rebuilds (more than 1,024 records kept aside) meanwhile.
    DispatchQueue.global().async(group: group) {
      for round in 0..<churnRounds {
        for number in 0..<1200 {
          hybrid.add(Record(id: "churn\(number)", text: "〇〇~\(round)~"))
        }
        for number in stride(from: 0, to: 1200, by: 2) { hybrid.remove(id: "churn\(number)") }
        #expect(hybrid.search("〇〇~\(round)~", limit: 1000).count == 600)
        _ = hybrid.status
      }
    }
    group.wait()
    #expect(hybrid.count == 2000 + 600)
    hybrid.waitUntilIndexed()
    for (query, results) in zip(stableQueries, expected) { #expect(hybrid.search(query) == results) }
    #expect(hybrid.search("〇〇~\(churnRounds - 1)~", limit: 1000).count == 600)
    #expect(hybrid.status.isHashPathReady && !hybrid.status.isBuilding)
  }

  /// Threads typing mixed queries at once share the index's cache of recent mixed candidates
  /// (`CandidateCache`): every keystroke still gets the scan's answer.
  @Test func concurrentTypingOfMixedQueriesGivesTheScansAnswers() {
    let options = SearchOptions(mixed: true)
    let records = SampleContacts.records(count: 2000, seed: 9)
    let hybrid = HybridEngine(records, options: options)
    hybrid.waitUntilIndexed()
    let scan = LinearScanEngine(records, options: options)
    let typed = ["liuyif", "zhangxiaom", "刘yifei", "wangjg", "广zhougech", "chengsh", "lidehua", "张xm"]
    let keystrokes = typed.map { word in (1...word.count).map { String(word.prefix($0)) } }
    let expected = keystrokes.map { $0.map { scan.search($0) } }
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for round in 0..<40 {
        let word = (worker + round) % typed.count
        for (query, results) in zip(keystrokes[word], expected[word]) {
          #expect(hybrid.search(query) == results, "worker \(worker), round \(round): \(query)")
        }
      }
    }
  }
}

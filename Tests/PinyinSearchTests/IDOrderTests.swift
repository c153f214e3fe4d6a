import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Stores built in id order, and results with equal keys but the id, which compare slot numbers
/// in such a store and ids elsewhere.
@Suite struct IDOrderTests {
  @Test func aStoreBuiltInIDOrderKeepsTheLastRecordOfEachID() {
    let store = RecordStore(idOrdered: [
      Record(id: "b", text: "一"), Record(id: "a", text: "二"), Record(id: "é", text: "三"),
      Record(id: "b", text: "四"), Record(id: "e\u{301}", text: "五"), Record(id: "B", text: "六"),
    ])
    #expect(store.isInIDOrder)
    // By UTF-8 bytes: "B" 42, "a" 61, "b" 62, "e\u{301}" 65 CC 81, "é" C3 A9; the two spellings of é
    // are two ids.
    #expect(store.ids == ["B", "a", "b", "e\u{301}", "é"])
    #expect(store.texts == ["六", "二", "四", "五", "三"])
    #expect(store.count == 5)
  }

  @Test func aStoreKnowsWhenAnAddedIDDescends() {
    var store = RecordStore()
    store.add(Record(id: "a", text: "一"))
    store.add(Record(id: "c", text: "二"))
    store.add(Record(id: "c", text: "三"))  // replaces: the same id again does not descend
    #expect(store.isInIDOrder)
    store.add(Record(id: "b", text: "四"))
    #expect(!store.isInIDOrder)
  }

  @Test func mergingKeepsTheLaterStoresRecordAndTheOrder() {
    var first = RecordStore()
    for (id, text) in [("z", "一"), ("m", "二"), ("a", "三")] { first.add(Record(id: id, text: text)) }
    var second = RecordStore()
    for (id, text) in [("m", "四"), ("b", "五")] { second.add(Record(id: id, text: text)) }
    var removed = SlotSet()
    removed.insert(first.slot(ofID: "a")!)
    let merged = RecordStore(idOrderedMerging: [(first, removed), (second, SlotSet())])
    #expect(merged.isInIDOrder)
    #expect(merged.ids == ["b", "m", "z"])
    #expect(merged.texts == ["五", "四", "一"])
  }

  /// Records that tie on every key but the id, given in an order that is not the ids': every
  /// engine lists them by id, whether it compares slots (the index) or ids (the scan, the
  /// hybrid's recent records, a store opened out of order).
  @Test func tiesAreBrokenByTheIDInEveryEngine() throws {
    let ids = ["c10", "c9", "C1", "c1", "b", "é", "e\u{301}", "刘", "a"]
    let records = ids.map { Record(id: $0, text: "刘亦菲") }
    let expected = ids.sorted { utf8Precedes($0, $1) }
    let hybrid = HybridEngine(records)
    #expect(hybrid.search("lyf", limit: 20).map(\.id) == expected, "recent records, compared by id")
    hybrid.waitUntilIndexed()
    #expect(hybrid.search("lyf", limit: 20).map(\.id) == expected, "the indexed store, compared by slot")
    hybrid.add(Record(id: "b2", text: "刘亦菲"))
    hybrid.add(Record(id: "a0", text: "刘亦菲"))
    let withRecent = (ids + ["b2", "a0"]).sorted { utf8Precedes($0, $1) }
    #expect(hybrid.search("lyf", limit: 20).map(\.id) == withRecent, "both stores")
    #expect(hybrid.search("lyf", limit: 3, offset: 2).map(\.id) == Array(withRecent[2..<5]))
    #expect(HashIndexEngine(records).search("刘亦", limit: 20).map(\.id) == expected)
    #expect(LinearScanEngine(records).search("liuyifei", limit: 20).map(\.id) == expected)

    var unordered = RecordStore()
    for record in records { unordered.add(record) }
    #expect(!unordered.isInIDOrder)
    let engine = HashIndexEngine(
      indexed: IndexedStore(
        store: unordered, index: KeyIndex(store: unordered, configuration: IndexConfiguration(), options: .default)),
      configuration: IndexConfiguration(), options: .default)
    #expect(engine.search("lyf", limit: 20).map(\.id) == expected, "a store out of id order compares ids")
  }
}

import PinyinSearch
import PinyinSearchTestSupport
import Testing

/// The library example of README.md, line by line, so that it stays true.
@Suite struct ReadmeExampleTests {
  @Test func hybridEngineExample() throws {
    let contacts = HybridEngine([Record(id: "1", text: "刘亦菲"), Record(id: "2", text: "曾小贤")])
    #expect(contacts.search("lyf").first?.text == "刘亦菲")
    #expect(contacts.add(Record(id: "3", text: "王安")) == false)
    #expect(contacts.search("an").map(\.id) == ["3"])
    contacts.waitUntilIndexed()
    #expect(contacts.status.isHashPathReady)
    let directory = try TemporaryDirectory()
    try contacts.save(toSnapshot: directory.adopt("contacts.snapshot"))
    let reopened = try HybridEngine(contentsOfSnapshot: directory.adopt("contacts.snapshot"))
    #expect(reopened.search("an").map(\.id) == ["3"])
  }

  @Test func linearScanExample() {
    var engine = LinearScanEngine()
    engine.add(Record(id: "1", text: "刘亦菲"))
    engine.add(Record(id: "2", text: "西安"))
    engine.add(Record(id: "3", text: "138 0013 8000"))
    let results = engine.search("xian", limit: 20)
    #expect(results.map { "\($0.id) \($0.kind) \($0.range) \($0.utf16Range)" } == ["2 fullPinyin 0..<2 0..<2"])
    #expect(engine.search("1380013").first?.range == 0..<8)
    #expect(Pinyin.readings(of: "长") == ["chang", "zhang"])
  }
}

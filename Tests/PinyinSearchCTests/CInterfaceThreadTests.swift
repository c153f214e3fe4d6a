import Dispatch
import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchC

/// The C interface's shared state under threads, from Swift so that the thread sanitizer sees
/// it (`swift test --sanitize=thread --filter PinyinSearchCTests`): the handle tables, and one
/// engine searched from several threads while another adds and a third closes pages.
@Suite struct CInterfaceThreadTests {
  /// A `pinyinsearch_record` array for `records`, alive during `body`.
  static func withRecords<Result>(
    _ records: [(id: String, text: String)], _ body: (UnsafeRawPointer?, Int) -> Result
  ) -> Result {
    let layout = CStructLayout.record
    let strings = records.map { (Array($0.id.utf8CString), Array($0.text.utf8CString)) }
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, records.count * layout.size), alignment: 8)
    defer { memory.deallocate() }
    var pinned: [UnsafeMutablePointer<CChar>] = []
    defer { for pointer in pinned { pointer.deallocate() } }
    for (index, (id, text)) in strings.enumerated() {
      let element = memory + index * layout.size
      for (field, bytes) in [(0, id), (2, text)] {
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        pinned.append(copy)
        element.storeBytes(of: UnsafePointer(copy), toByteOffset: layout.offsets[field], as: UnsafePointer<CChar>.self)
        element.storeBytes(of: bytes.count - 1, toByteOffset: layout.offsets[field + 1], as: Int.self)
      }
      element.storeBytes(of: Int64(0), toByteOffset: layout.offsets[4], as: Int64.self)
    }
    return body(memory, records.count)
  }

  @Test func handleTablesHoldUnderThreads() {
    final class Box: Sendable {}
    let table = HandleTable<Box>(tag: 1)
    let stale = table.insert(Box())
    table.remove(stale)
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<(500 * TestScale.factor) {
        let box = Box()
        let handle = table.insert(box)
        let ok =
          table.object(for: handle) === box && table.object(for: stale) == nil
          && table.remove(handle) === box && table.remove(handle) == nil && table.object(for: handle) == nil
        if !ok { failures.withLock { $0 += 1 } }
      }
    }
    #expect(failures.withLock { $0 } == 0)
  }

  @Test func searchesWhileAnotherThreadAdds() {
    var engine: UInt64 = 0
    let created = Self.withRecords([("always", "刘亦菲")]) { records, count in
      pinyinSearchEngineCreate(records, count, nil, &engine, nil)
    }
    #expect(created == 0)
    let handle = engine
    let problems = Locked(0)
    let added = 600 * TestScale.factor
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      if worker == 0 {
        for index in 0..<added {
          let status = Self.withRecords([("w\(index)", index % 2 == 0 ? "李逸凡" : "刘一飞")]) { records, count in
            pinyinSearchEngineAdd(handle, records, count, nil)
          }
          if status != 0 { problems.withLock { $0 += 1 } }
        }
        return
      }
      for _ in 0..<(200 * TestScale.factor) {
        var page: UInt64 = 0
        var results: UnsafeRawPointer? = nil
        var count = 0
        let searched = "lyf".withCString { pinyinSearchEngineSearch(handle, $0, 3, 1, 0, nil, &page, nil) }
        let read = pinyinSearchPageResults(page, &results, &count, nil)
        let id = results.map { String(cString: $0.load(as: UnsafePointer<CChar>.self)) }
        if searched != 0 || read != 0 || count != 1 || id != "always" || pinyinSearchPageFree(page, nil) != 0 {
          problems.withLock { $0 += 1 }
        }
      }
    }
    #expect(problems.withLock { $0 } == 0)
    var count = 0
    #expect(pinyinSearchEngineCount(handle, &count, nil) == 0)
    #expect(count == added + 1)
    #expect(pinyinSearchEngineClose(handle, nil) == 0)
    #expect(pinyinSearchEngineClose(handle, nil) == 6)
  }
}

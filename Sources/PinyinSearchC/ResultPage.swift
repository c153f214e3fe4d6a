import PinyinSearch

/// One search's results laid out for C: an array of `pinyinsearch_result` followed by the ids'
/// and texts' bytes, each with a NUL after it, in one allocation that the page owns and frees
/// when it ends (`pinyinsearch_page_free` removes it from its table, the last reference).
///
/// `@unchecked Sendable` is safe because the memory is written once, in `init`, and only read
/// afterwards (by C callers, through `results`) until `deinit`.
final class ResultPage: @unchecked Sendable {
  /// The results array, then the strings; nil for a page without results.
  let results: UnsafeMutableRawPointer?
  /// The number of results.
  let count: Int

  /// The page of `results`.
  ///
  /// - Complexity: O(n) in the total length of the results' texts (ranges are counted along them).
  init(_ results: [SearchResult]) {
    count = results.count
    guard !results.isEmpty else {
      self.results = nil
      return
    }
    let layout = CStructLayout.result
    let arrayBytes = results.count * layout.size
    let stringBytes = results.reduce(0) { $0 + $1.id.utf8.count + $1.text.utf8.count + 2 }
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: arrayBytes + stringBytes, alignment: MemoryLayout<Int64>.alignment)
    var strings = memory + arrayBytes
    for (index, result) in results.enumerated() {
      let element = memory + index * layout.size
      let id = Self.copy(result.id, to: &strings)
      let text = Self.copy(result.text, to: &strings)
      Self.write(result, id: id, text: text, to: element)
    }
    self.results = memory
  }

  deinit {
    results?.deallocate()
  }

  /// Copies `string`'s UTF-8 and a NUL to `cursor`, moves it past them, and returns where they start.
  private static func copy(_ string: String, to cursor: inout UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    let start = cursor
    var string = string
    string.withUTF8 { bytes in
      if let base = bytes.baseAddress { start.copyMemory(from: base, byteCount: bytes.count) }
      cursor += bytes.count
    }
    cursor.storeBytes(of: 0, as: UInt8.self)
    cursor += 1
    return start
  }

  /// Fills the `pinyinsearch_result` at `element` for `result`, whose strings are at `id` and `text`.
  private static func write(
    _ result: SearchResult, id: UnsafeMutableRawPointer, text: UnsafeMutableRawPointer,
    to element: UnsafeMutableRawPointer
  ) {
    let offsets = CStructLayout.result.offsets
    let (utf8, scalars) = byteAndScalarRanges(of: result)
    element.storeBytes(of: UnsafeRawPointer(id), toByteOffset: offsets[0], as: UnsafeRawPointer.self)
    element.storeBytes(of: result.id.utf8.count, toByteOffset: offsets[1], as: Int.self)
    element.storeBytes(of: UnsafeRawPointer(text), toByteOffset: offsets[2], as: UnsafeRawPointer.self)
    element.storeBytes(of: result.text.utf8.count, toByteOffset: offsets[3], as: Int.self)
    func store(_ value: Int, _ field: Int) {
      element.storeBytes(of: Int64(value), toByteOffset: offsets[field], as: Int64.self)
    }
    element.storeBytes(of: result.rank, toByteOffset: offsets[4], as: Int64.self)
    store(result.range.lowerBound, 5)
    store(result.range.upperBound, 6)
    store(result.utf16Range.lowerBound, 7)
    store(result.utf16Range.upperBound, 8)
    store(utf8.lowerBound, 9)
    store(utf8.upperBound, 10)
    store(scalars.lowerBound, 11)
    store(scalars.upperBound, 12)
    let kind = Int32(MatchKind.allCases.firstIndex(of: result.kind) ?? 0)
    element.storeBytes(of: kind, toByteOffset: offsets[13], as: Int32.self)
    element.storeBytes(of: Int32(result.isFuzzy ? 1 : 0), toByteOffset: offsets[14], as: Int32.self)
  }

  /// The result's range in UTF-8 bytes and in Unicode scalars of its text.
  ///
  /// When the UTF-16 range ends where the unit range does, each unit up to the end is one UTF-16
  /// code unit, so one scalar: the scalar range is the unit range, and the bytes are found by
  /// counting scalars' first bytes, without grapheme breaking (most Chinese and Latin texts).
  private static func byteAndScalarRanges(of result: SearchResult) -> (utf8: Range<Int>, scalars: Range<Int>) {
    let text = result.text
    if result.utf16Range.upperBound == result.range.upperBound {
      let fast = text.utf8.withContiguousStorageIfAvailable { bytes -> Range<Int> in
        var scalar = 0
        var bounds = (start: bytes.count, end: bytes.count)
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
          if scalar == result.range.lowerBound { bounds.start = offset }
          if scalar == result.range.upperBound {
            bounds.end = offset
            break
          }
          scalar += 1
        }
        return bounds.start..<max(bounds.start, bounds.end)
      }
      if let fast { return (fast, result.range) }
    }
    let range = result.textRange
    let utf8Start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let utf8End = utf8Start + text.utf8.distance(from: range.lowerBound, to: range.upperBound)
    let scalarStart = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
    let scalarEnd = scalarStart + text.unicodeScalars.distance(from: range.lowerBound, to: range.upperBound)
    return (utf8Start..<utf8End, scalarStart..<scalarEnd)
  }
}

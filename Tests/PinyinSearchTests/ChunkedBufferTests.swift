import Testing

@testable import PinyinSearch

/// `ChunkedBuffer`, which holds an index build's pairs: read back in order across its chunks,
/// in step with another appended alongside, and empty after `removeAll`.
@Suite struct ChunkedBufferTests {
  @Test func readsBackWhatWasAppendedAcrossChunks() {
    // Past several doubling chunks and a few chunks of the largest size.
    let count = 3 * ChunkedBuffer<UInt32>.maxChunkCapacity + 12_345
    var values = ChunkedBuffer<UInt32>()
    var halves = ChunkedBuffer<UInt16>()
    for value in 0..<count {
      values.append(UInt32(value) ^ 0x9E37_79B9)
      halves.append(UInt16(truncatingIfNeeded: value))
    }
    #expect(values.count == count)
    #expect(values.chunkCount == halves.chunkCount)
    var read: [UInt32] = []
    var chunkSizes: [Int] = []
    for index in 0..<values.chunkCount {
      let (chunk, halfChunk) = (values.chunk(at: index), halves.chunk(at: index))
      #expect(chunk.count == halfChunk.count)
      read.append(contentsOf: chunk)
      chunkSizes.append(chunk.count)
      #expect(halfChunk.elementsEqual(chunk.map { UInt16(truncatingIfNeeded: $0 ^ 0x9E37_79B9) }))
    }
    #expect(read == (0..<count).map { UInt32($0) ^ 0x9E37_79B9 })
    // Chunks of 256 elements, doubling up to 64 Ki, then 64 Ki each; the last one partly full.
    #expect(chunkSizes == [256, 512, 1_024, 2_048, 4_096, 8_192, 16_384, 32_768, 65_536, 65_536, 12_601])
    // At most one chunk's room unused.
    #expect(values.capacityInBytes - count * 4 < ChunkedBuffer<UInt32>.maxChunkCapacity * 4)
  }

  @Test func isEmptyAfterRemoveAll() {
    var values = ChunkedBuffer<UInt16>()
    #expect(values.chunkCount == 0)
    for value in 0..<1_000 { values.append(UInt16(value)) }
    values.removeAll()
    #expect(values.count == 0 && values.chunkCount == 0 && values.capacityInBytes == 0)
    values.append(7)
    #expect(values.chunkCount == 1 && Array(values.chunk(at: 0)) == [7])
  }
}

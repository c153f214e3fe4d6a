import PinyinSearchSamples
import Testing

@testable import PinyinSearch

/// `UTF16Length`, counted eight bytes at a time, against the standard library's count.
@Suite struct UTF16LengthTests {
  @Test func countsLikeTheStandardLibrary() {
    let pieces = ["a", "刘", "é", "𧒽", "❤️", "\r\n", "Ω", "👩‍👩‍👧", "9"]
    var random = SplitMix64(seed: 3)
    for length in 0..<40 {
      for _ in 0..<25 {
        let text = (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        let counted = Array(text.utf8).withUnsafeBufferPointer { UTF16Length.of(utf8: $0) }
        #expect(counted == text.utf16.count, "\(text)")
      }
    }
  }
}

import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// `QueryCuts` answers every position as `KeyPrefixes.forEachCut(of:_:)` lists them, whether it
/// holds the first positions as bits or works each out from the scalars around it.
@Suite struct QueryCutsTests {
  @Test func everyPositionIsACutExactlyWhenForEachCutListsIt() {
    var random = SplitMix64(seed: 17)
    for round in 0..<400 {
      // Texts of every script the generator knows, long enough to pass the 128 held positions.
      var text = ""
      while text.utf8.count < (round % 4 == 0 ? 300 : 40) { text += RandomText.text(using: &random) }
      let query = Array(text.utf8)
      var listed = Set<Int>()
      query.withUnsafeBufferPointer { query in
        KeyPrefixes.forEachCut(of: query) { cut in
          listed.insert(cut)
          return true
        }
      }
      for holdsBits in [true, false] {
        let cuts = QueryCuts(of: query, holdsBits: holdsBits)
        let found = Set((0...query.count + 2).filter { cuts.contains($0) })
        #expect(found == listed, "\(text.debugDescription), holding bits: \(holdsBits)")
      }
    }
  }

  @Test func theLongestBeginningStopsAtTheFirstRefusedCut() {
    let cuts = QueryCuts(of: Array("liu德hua".utf8))
    // Cuts: 1 2 3 (liu|德) 6 (德|h) 7 8 9 (end).
    #expect(cuts.longestBeginning { $0 <= 4 } == 3)
    #expect(cuts.longestBeginning { $0 <= 8 } == 8)
    #expect(cuts.longestBeginning { _ in false } == 0)
    #expect(cuts.longestBeginning { _ in true } == 9)
  }
}

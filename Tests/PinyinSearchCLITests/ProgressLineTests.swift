import PinyinSearch
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

@Suite struct ProgressLineTests {
  @Test func drawsOnlyWhenEnabledAndErasesItself() {
    let state = LoadState(name: "a.csv", consumedByteCount: 1, totalByteCount: 4, recordCount: 1)
    var output = OutputStream()
    var line = ProgressLine(name: "a.csv", isEnabled: true, delay: .zero)
    line.update(state, to: &output)
    line.update(state, to: &output)
    #expect(output.text == "\rloading a.csv [#####---------------]  25%  1 records\u{1B}[K", "at most every 100 ms")
    line.erase(from: &output)
    line.erase(from: &output)
    #expect(output.text.hasSuffix("\u{1B}[K\r\u{1B}[K") && !output.text.hasSuffix("\r\u{1B}[K\r\u{1B}[K"))
    var quiet = OutputStream()
    var disabled = ProgressLine(name: "a.csv", isEnabled: false, delay: .zero)
    disabled.update(state, to: &quiet)
    disabled.erase(from: &quiet)
    var early = ProgressLine(name: "a.csv", isEnabled: true)
    early.update(state, to: &quiet)
    early.erase(from: &quiet)
    #expect(quiet.text == "", "nothing when disabled, nor before the delay")
  }
}

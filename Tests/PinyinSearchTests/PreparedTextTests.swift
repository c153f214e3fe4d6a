import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// The preparation that reads ASCII and Han scalars straight from the UTF-8 bytes gives what the
/// `Character` by `Character` preparation gives, around every scalar that can join a cluster.
@Suite struct PreparedTextTests {
  /// Prepares `text` both ways.
  func prepared(_ text: String) -> (fast: PreparedText, reference: PreparedText) {
    var reference = PreparedText("")
    PreparedText.appendCharacters(text, bytes: &reference.bytes, units: &reference.units)
    return (PreparedText(text), reference)
  }

  @Test func everyASCIICharacterIsPreparedAsACharacterIs() {
    for byte in UInt8(0)..<0x80 {
      let text = String(UnicodeScalar(byte))
      for context in [text, "a" + text + "b", text + text, "刘" + text + "\r\n" + text] {
        let (fast, reference) = prepared(context)
        #expect(fast == reference, "U+\(String(byte, radix: 16)) in \(context.debugDescription)")
      }
    }
  }

  @Test func scalarsThatJoinClustersAreLeftToCharacters() {
    let cases = [
      "\r\n", "a\r\nb", "\r\r\n\n", "e\u{301}", "刘\u{301}", "刘\u{FE0F}亦", "刘\u{E0100}", "a\u{200D}b",
      "👨\u{200D}👩\u{200D}👧", "🇨🇳🇺🇸", "1\u{FE0F}\u{20E3}", "क्\u{200D}ष", "क्ष", "한국", "\u{1100}\u{1161}\u{11A8}",
      "\u{3400}\u{4DBF}\u{4DC0}\u{4E00}\u{9FFF}\u{A000}", "ＡＢｃ１２　刘", "\u{3000}x", "Ǆa", "İstanbul",
      "\u{85}a", "a\u{2028}b", "\u{0600}1", "x\u{0903}", "", " ", "\t\n\u{0B}\u{0C}\u{1C}\u{1F}",
      "\u{E3}\u{81}", "g\u{308}\u{308}刘", "刘\u{308}", "Ａ\u{301}",
    ]
    for text in cases {
      let (fast, reference) = prepared(text)
      #expect(fast == reference, "\(text.debugDescription)")
    }
  }

  @Test func randomTextsArePreparedAsCharactersAre() {
    let pool: [Unicode.Scalar] = [
      "a", "Z", "1", " ", "\t", "\r", "\n", "-", "刘", "亦", "长", "\u{3400}", "\u{4DBF}", "\u{4DC0}", "\u{9FFF}",
      "\u{A000}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{1F468}", "\u{1F1E8}", "\u{1F1F3}", "\u{0915}",
      "\u{094D}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{FF21}", "\u{3000}", "\u{0600}", "\u{0903}",
      "\u{20E3}", "\u{85}", "\u{1C}", "\u{130}", "\u{1C4}",
    ]
    var random = SplitMix64(seed: 77)
    for _ in 0..<(2000 * TestScale.factor) {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 12) { scalars.append(pool[Int(random.next() % UInt64(pool.count))]) }
      let text = String(scalars)
      let (fast, reference) = prepared(text)
      #expect(fast == reference, "\(text.unicodeScalars.map { "U+" + String($0.value, radix: 16) })")
      if fast != reference { return }
    }
  }

  /// A query's literal form is the preparation of the query trimmed of white-space characters.
  @Test func aQueryIsTrimmedAsItsCharactersAre() {
    let pool: [Unicode.Scalar] = [
      " ", "\t", "\r", "\n", "\u{3000}", "\u{85}", "\u{2028}", "\u{301}", "\u{200D}", "a", "刘", "\u{1F1E8}", "\u{FE0F}",
    ]
    var random = SplitMix64(seed: 78)
    for _ in 0..<(2000 * TestScale.factor) {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 8) { scalars.append(pool[Int(random.next() % UInt64(pool.count))]) }
      let query = String(scalars)
      var trimmed = Substring(query)
      while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
      while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
      let literal = PreparedQuery(query)?.literal
      #expect(literal == (trimmed.isEmpty ? nil : PreparedText(String(trimmed))), "\(query.debugDescription)")
      if literal != (trimmed.isEmpty ? nil : PreparedText(String(trimmed))) { return }
    }
  }
}

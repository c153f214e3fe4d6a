import Testing

@testable import PinyinSearchCLI

@Suite struct KeyDecoderTests {
  /// The keys of `bytes` decoded in one call, then flushed.
  func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test func coalescesPrintableCharactersIntoOneText() {
    #expect(keys("lyf") == [.text("lyf")])
    #expect(keys("刘亦 菲é👨‍👩‍👧") == [.text("刘亦 菲é👨‍👩‍👧")])
    #expect(keys("ab\rcd") == [.text("ab"), .enter, .text("cd")])
  }

  @Test func keepsACharacterSplitAcrossReads() {
    let bytes = Array("l刘😀".utf8)
    for split in 1..<bytes.count {
      var decoder = KeyDecoder()
      let first = decoder.decode(bytes[..<split])
      let second = decoder.decode(bytes[split...])
      let text = (first + second).map { key -> String in
        guard case .text(let text) = key else { return "?" }
        return text
      }.joined()
      #expect(text == "l刘😀", "split after byte \(split)")
      #expect(!decoder.hasPendingEscape)
    }
  }

  @Test(
    arguments: [
      ([0xFF, 0x61], "a"), ([0xC0, 0x80, 0x62], "b"), ([0xED, 0xA0, 0x80, 0x63], "c"), ([0xE5, 0x41], "A"),
      ([0xC2, 0x85, 0x64], "d"), ([0x80, 0xBF, 0x65], "e"),
    ] as [([UInt8], String)])
  func dropsInvalidUTF8AndC1Controls(bytes: [UInt8], text: String) {
    #expect(keys(bytes) == [.text(text)])
  }

  @Test(
    arguments: [
      (0x7F, Key.backspace), (0x08, .backspace), (0x0D, .enter), (0x0A, .enter), (0x03, .interrupt),
      (0x07, .escape), (0x15, .clearLine), (0x10, .up), (0x0E, .down), (0x01, .home), (0x05, .end), (0x02, .left),
      (0x06, .right), (0x04, .deleteForward), (0x17, .deleteWordBackward), (0x0C, .redraw),
    ] as [(UInt8, Key)])
  func mapsControlBytes(byte: UInt8, key: Key) {
    #expect(keys([byte]) == [key])
  }

  @Test func ignoresOtherControlBytes() {
    #expect(keys([0x00, 0x09, 0x11, 0x13, 0x1C, 0x1F, 0x61]) == [.text("a")], "Ctrl-K, Z, T, X toggle options")
  }

  @Test(arguments: [
    ("\u{1B}[A", [Key.up]), ("\u{1B}[B", [.down]), ("\u{1B}[C", [.right]), ("\u{1B}[D", [.left]),
    ("\u{1B}OA", [.up]), ("\u{1B}OB", [.down]), ("\u{1B}OH", [.home]), ("\u{1B}OF", [.end]),
    ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]), ("\u{1B}[1~", [.home]), ("\u{1B}[7~", [.home]),
    ("\u{1B}[4~", [.end]), ("\u{1B}[8~", [.end]), ("\u{1B}[3~", [.deleteForward]), ("\u{1B}[5~", [.pageUp]),
    ("\u{1B}[6~", [.pageDown]), ("\u{1B}[1;5C", [.right]), ("\u{1B}[3;2~", [.deleteForward]),
    ("\u{1B}[2~", []), ("\u{1B}[Z", []), ("\u{1B}[<0;3;4M", []), ("\u{1B}[I", []),
    ("\u{1B}\u{7F}", [.deleteWordBackward]), ("\u{1B}x", []), ("\u{1B}\u{1B}[A", [.escape, .up]),
    ("\u{1B}刘", [.escape, .text("刘")]), ("x\u{1B}[Ay", [.text("x"), .up, .text("y")]),
  ])
  func decodesEscapeSequences(input: String, expected: [Key]) {
    #expect(keys(input) == expected)
  }

  @Test func waitsForTheRestOfASequenceSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.decode(Array("[".utf8)) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.decode(Array("1;5".utf8)) == [])
    #expect(decoder.decode(Array("Ab".utf8)) == [.up, .text("b")])
    #expect(!decoder.hasPendingEscape)
  }

  @Test func takesALoneEscapeAsEscOnlyWhenFlushed() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPendingEscape && decoder.flush() == [])
    #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
    #expect(decoder.flush() == [], "an incomplete sequence is dropped, not taken as Esc")
    #expect(decoder.decode(Array("a".utf8)) == [.text("a")])
  }

  @Test func turnsABracketedPasteIntoTextWithoutEnter() {
    #expect(keys("\u{1B}[200~刘亦\n菲\tx\r\n\u{1B}[201~\r") == [.text("刘亦 菲 x "), .enter])
    #expect(keys("\u{1B}[200~a\u{7}\u{1B}b\u{1B}[201~") == [.text("ab")], "control characters are dropped")
    #expect(keys("\u{1B}[200~\u{1B}[201~") == [])
  }

  @Test func keepsAPasteSplitAcrossReadsAtAnyByte() {
    let bytes = Array("\u{1B}[200~lyf 刘\r\u{1B}[201~x".utf8)
    for size in 1...6 {
      var decoder = KeyDecoder()
      var text = ""
      var other: [Key] = []
      var start = 0
      while start < bytes.count {
        for key in decoder.decode(bytes[start..<min(start + size, bytes.count)]) {
          if case .text(let piece) = key { text += piece } else { other.append(key) }
        }
        start += size
      }
      #expect(text == "lyf 刘 x", "pieces of \(size) bytes")
      #expect(other.isEmpty)
    }
  }
}

import PinyinSearchSamples
import Testing

@testable import PinyinSearch

/// `UTF8Validation`, `isValidUTF8` and `String(validUTF8:)`, which stand in for
/// `String(validating:as:)` below iOS 18 and macOS 15: a table of well-formed and ill-formed
/// sequences, every sequence of up to two bytes, the edges of the longer ones, and seeded
/// random bytes, against an oracle that needs no newer system either: `String(decoding:as:)`
/// replaces every ill-formed sequence with U+FFFD, so it gives the bytes back unchanged exactly
/// when they are well-formed UTF-8.
@Suite struct UTF8ValidationTests {
  static let cases: [(name: String, bytes: [UInt8], isValid: Bool)] = [
    ("empty", [], true),
    ("ASCII", Array("lyf 138".utf8), true),
    ("two bytes, é", [0xC3, 0xA9], true),
    ("two bytes, U+0080, the lowest", [0xC2, 0x80], true),
    ("two bytes, U+07FF, the highest", [0xDF, 0xBF], true),
    ("three bytes, 刘", [0xE5, 0x88, 0x98], true),
    ("three bytes, U+0800, the lowest", [0xE0, 0xA0, 0x80], true),
    ("three bytes, U+D7FF, below the surrogates", [0xED, 0x9F, 0xBF], true),
    ("three bytes, U+E000, above the surrogates", [0xEE, 0x80, 0x80], true),
    ("three bytes, U+FFFD, the replacement character", [0xEF, 0xBF, 0xBD], true),
    ("four bytes, 𧒽", [0xF0, 0xA7, 0x92, 0xBD], true),
    ("four bytes, U+10000, the lowest", [0xF0, 0x90, 0x80, 0x80], true),
    ("four bytes, U+10FFFF, the highest", [0xF4, 0x8F, 0xBF, 0xBF], true),
    ("ASCII runs around a character", Array("abcdefghij刘亦菲klmnopqrstuvwxyz".utf8), true),
    ("a continuation byte alone", [0x80], false),
    ("the last continuation byte alone", [0xBF], false),
    ("two bytes cut short", [0xC3], false),
    ("three bytes cut short", [0xE5, 0x88], false),
    ("four bytes cut short", [0xF0, 0xA7, 0x92], false),
    ("ASCII in place of a continuation byte", [0xE5, 0x41, 0x98], false),
    ("a lead byte in place of a continuation byte", [0xF0, 0xA7, 0xC2, 0xBD], false),
    ("F5, never a lead byte", [0xF5, 0x80, 0x80, 0x80], false),
    ("FF, never in UTF-8", [0xFF], false),
    ("an ill-formed byte after eight of ASCII", Array("abcdefgh".utf8) + [0x80] + Array("ij".utf8), false),
    ("overlong: / in two bytes", [0xC0, 0xAF], false),
    ("overlong: U+007F in two bytes", [0xC1, 0xBF], false),
    ("overlong: / in three bytes", [0xE0, 0x80, 0xAF], false),
    ("overlong: U+07FF in three bytes", [0xE0, 0x9F, 0xBF], false),
    ("overlong: / in four bytes", [0xF0, 0x80, 0x80, 0xAF], false),
    ("overlong: U+FFFF in four bytes", [0xF0, 0x8F, 0xBF, 0xBF], false),
    ("surrogate: U+D800", [0xED, 0xA0, 0x80], false),
    ("surrogate: U+DFFF", [0xED, 0xBF, 0xBF], false),
    ("surrogates: a pair for U+1F4A9 (CESU-8)", [0xED, 0xA0, 0xBD, 0xED, 0xB2, 0xA9], false),
    ("beyond U+10FFFF: U+110000", [0xF4, 0x90, 0x80, 0x80], false),
  ]

  /// Whether `bytes` are well-formed, by the oracle.
  static func decodeUnchanged(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
  }

  @Test(arguments: cases)
  func tellsWellFormedFromIllFormed(name: String, bytes: [UInt8], isValid: Bool) {
    #expect(Self.decodeUnchanged(bytes) == isValid, "the table agrees with the oracle")
    #expect(bytes.isValidUTF8 == isValid)
    #expect(String(validUTF8: bytes) == (isValid ? String(decoding: bytes, as: UTF8.self) : nil))
    // After ASCII of every length up to 16, so that the case starts anywhere in a word of eight.
    for count in 1...16 {
      let shifted = [UInt8](repeating: UInt8(ascii: "a"), count: count) + bytes
      #expect(shifted.isValidUTF8 == isValid, "after \(count) ASCII bytes")
    }
  }

  @Test func agreesWithTheOracleOnEverySequenceOfUpToTwoBytes() {
    var disagreements: [[UInt8]] = []
    for first in 0...255 {
      let one = [UInt8(first)]
      if one.isValidUTF8 != Self.decodeUnchanged(one) { disagreements.append(one) }
      for second in 0...255 {
        let two = [UInt8(first), UInt8(second)]
        if two.isValidUTF8 != Self.decodeUnchanged(two) { disagreements.append(two) }
      }
    }
    #expect(disagreements == [])
  }

  @Test func agreesWithTheOracleAtTheEdgesOfLongerSequences() {
    // Every byte that leads a longer sequence, then the bytes at the edges of the ranges a second
    // byte may take (80–BF, A0–BF, 80–9F, 90–BF, 80–8F), then those around the continuation range.
    let seconds: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    let edges: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
    var disagreements: [[UInt8]] = []
    for lead in 0xC0...0xFF {
      for second in seconds {
        for third in edges {
          let three = [UInt8(lead), second, third]
          if three.isValidUTF8 != Self.decodeUnchanged(three) { disagreements.append(three) }
          for fourth in edges {
            let four = three + [fourth]
            if four.isValidUTF8 != Self.decodeUnchanged(four) { disagreements.append(four) }
          }
        }
      }
    }
    #expect(disagreements == [])
  }

  @Test func agreesWithTheOracleOnRandomBytes() {
    // Pieces of well-formed text, so that many strings are valid, and bytes of any value.
    let pieces: [[UInt8]] = ["a", "abcdefgh", "刘", "é", "𧒽", "\u{FFFD}", "\u{10FFFF}", "\u{7F}"].map { Array($0.utf8) }
    var random = SplitMix64(seed: 34)
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(random.next() % 12) {
        if random.next() % 4 == 0 {
          bytes.append(UInt8(truncatingIfNeeded: random.next()))
        } else {
          bytes += pieces[Int(random.next() % UInt64(pieces.count))]
        }
      }
      let isValid = Self.decodeUnchanged(bytes)
      #expect(bytes.isValidUTF8 == isValid, "\(bytes)")
      #expect(bytes[...].isValidUTF8 == isValid, "a slice")
      #expect(bytes.lazy.map { $0 }.isValidUTF8 == isValid, "a collection without contiguous storage")
      #expect(String(validUTF8: bytes) == (isValid ? String(decoding: bytes, as: UTF8.self) : nil), "\(bytes)")
    }
  }
}

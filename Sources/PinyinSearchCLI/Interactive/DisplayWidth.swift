/// How many terminal columns text takes, by the East Asian Width of Unicode (UAX #11) as
/// terminals apply it: wide (W) and full-width (F) characters take two columns, combining marks
/// and other zero-width characters none, everything else one.
///
/// A character (grapheme cluster) takes the width of its first scalar, except that an emoji
/// made to look like one with U+FE0F (❤️) takes two. Ambiguous characters (A: `·`, `µ`, box
/// drawing) take one, as in terminals set up for UTF-8 outside East Asian legacy modes.
///
/// The wide ranges are a compact transcription of EastAsianWidth.txt (Unicode 15.1): CJK and
/// its punctuation, Hiragana, Katakana, Bopomofo, Hangul, Yi, full-width forms, Tangut and Kana
/// supplements, the CJK extension planes 2 and 3, and the emoji that are shown as pictures by
/// default (Emoji_Presentation, which the standard library knows).
///
///     DisplayWidth.of("刘亦菲 ok")   // 9
///     DisplayWidth.of("é" as Character)  // 1, also as "e" + U+0301
enum DisplayWidth {
  /// The columns `character` takes: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }  // ASCII fast path
    let width = of(first)
    if width == 1 && first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
    return width
  }

  /// The columns `text` takes: the sum over its characters.
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns `scalar` takes on its own: 0, 1 or 2.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }  // control characters
    if value < 0x300 { return 1 }
    if isZeroWidth(scalar) { return 0 }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Combining marks, format characters (but the soft hyphen) and the medial and final Hangul
  /// jamo, which join the syllable before them.
  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    if (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return true
    case .format: return scalar.value != 0xAD
    default: return false
    }
  }

  /// Whether `value` is East Asian Wide or Full-width (other than by emoji presentation).
  static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count
    while low < high {
      let middle = (low + high) / 2
      if wideRanges[middle].upperBound < value {
        low = middle + 1
      } else if wideRanges[middle].lowerBound > value {
        high = middle
      } else {
        return true
      }
    }
    return false
  }

  /// The wide and full-width ranges, sorted, not counting emoji with default emoji presentation.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo leading consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK and Kangxi radicals, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul jamo, Kanbun, strokes, enclosed CJK, compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4DC0...0x4DFF,  // Yijing hexagrams
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // full-width forms
    0xFFE0...0xFFE6,  // full-width signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x16FF0...0x16FF1,
    0x17000...0x18CFF,  // Tangut, Khitan
    0x18D00...0x18D08,
    0x1AFF0...0x1B2FF,  // Kana extended and supplements, Nushu
    0x1F200...0x1F202,  // enclosed ideographic supplement
    0x1F210...0x1F23B,
    0x1F240...0x1F248,
    0x1F250...0x1F251,
    0x1F260...0x1F265,
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]
}

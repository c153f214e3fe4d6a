import PinyinSearch

/// Queries spelled from a text, chosen by four bytes of fuzz input, so that many queries match:
/// the full pinyin or the initials of a few units, with any reading of each polyphone, the last
/// syllable possibly cut short, white space typed or left out, upper-cased or full-width; for
/// the search options, syllables swapped by a fuzzy rule, and letters typed on a phone keypad.
///
///     Spelling.query(from: "刘亦菲", [0, 2, 0, 0])     // "liuyifei"
///     Spelling.query(from: "刘亦菲", [1, 1, 0, 1])     // "yf"
///     Spelling.query(from: "张三", [0, 1, 0, 128])     // "zangsang": z-zh, then an-ang
///     Spelling.query(from: "刘亦菲", [0, 2, 0, 64])    // "54894334"
public enum Spelling {
  /// The query that `choice` picks from `text`; missing bytes count as zero.
  ///
  /// - Parameters:
  ///   - text: The text to spell.
  ///   - choice: The first unit (byte 0, modulo the unit count), how many units (byte 1, 1 to
  ///     6), which reading of each (byte 2, plus the unit's position, modulo its readings) and
  ///     flags (byte 3): 1 initials; 2 initials for the second half only; 4 cut the last
  ///     syllable after 1 + byte 2 modulo its length − 1 letters; 8 type white space as a
  ///     space; 16 upper-case; 32 make ASCII full-width; 64 type every letter as its keypad
  ///     digit (`abc` 2 … `wxyz` 9); 128 swap each reading by a fuzzy rule, the swap chosen by
  ///     byte 2 plus the unit's position among those that apply (`fuzzySwaps(of:)`), before
  ///     initials are taken and the last syllable is cut.
  public static func query(from text: String, _ choice: some Collection<UInt8>) -> String {
    let choice = Array(choice) + [0, 0, 0, 0]
    let units = Array(text)
    guard !units.isEmpty else { return "" }
    let start = Int(choice[0]) % units.count
    let end = min(units.count, start + 1 + Int(choice[1]) % 6)
    let flags = choice[3]
    var pieces: [String] = []
    for (position, unit) in units[start..<end].enumerated() {
      if unit.isWhitespace {
        if flags & 8 != 0 { pieces.append(" ") }
        continue
      }
      let readings = Pinyin.readings(of: unit)
      guard !readings.isEmpty else {
        pieces.append(String(unit))
        continue
      }
      var reading = readings[(Int(choice[2]) + position) % readings.count]
      if flags & 128 != 0 {
        let swaps = fuzzySwaps(of: reading)
        if !swaps.isEmpty { reading = swaps[(Int(choice[2]) + position) % swaps.count] }
      }
      let isInitial = flags & 1 != 0 || (flags & 2 != 0 && position >= (end - start) / 2)
      pieces.append(isInitial ? String(reading.prefix(1)) : reading)
    }
    if flags & 4 != 0, let last = pieces.last, last.count > 1 {
      pieces[pieces.count - 1] = String(last.prefix(1 + Int(choice[2]) % (last.count - 1)))
    }
    var query = pieces.joined()
    if flags & 64 != 0 { query = String(String.UnicodeScalarView(query.unicodeScalars.map(keypadDigit))) }
    if flags & 16 != 0 { query = query.uppercased() }
    if flags & 32 != 0 {
      query = String(
        String.UnicodeScalarView(
          query.unicodeScalars.map { (0x21...0x7E).contains($0.value) ? Unicode.Scalar($0.value + 0xFEE0)! : $0 }))
    }
    return query
  }

  /// The pairs of initials the fuzzy rules swap, the longer side first where one begins the
  /// other, and the pairs of finals, the longer side first where one ends the other (`v`-`u`
  /// and `ve`-`ue` count only after `n` and `l`, yet are swapped anywhere, so that some swaps
  /// are seen not to match).
  static let initialPairs = [("zh", "z"), ("ch", "c"), ("sh", "s"), ("n", "l"), ("r", "l"), ("f", "h")]
  static let finalPairs = [
    ("ang", "an"), ("eng", "en"), ("ing", "in"), ("iang", "ian"), ("uang", "uan"), ("ve", "ue"), ("v", "u"),
  ]

  /// `reading` with its initial swapped, or its final, for each pair that applies: `zhang` gives
  /// `zang` and `zhan`.
  public static func fuzzySwaps(of reading: String) -> [String] {
    var swaps: [String] = []
    for (longer, shorter) in initialPairs {
      if reading.hasPrefix(longer) {
        swaps.append(shorter + reading.dropFirst(longer.count))
      } else if reading.hasPrefix(shorter) {
        swaps.append(longer + reading.dropFirst(shorter.count))
      }
    }
    for (longer, shorter) in finalPairs {
      if reading.hasSuffix(longer) {
        swaps.append(reading.dropLast(longer.count) + shorter)
      } else if reading.hasSuffix(shorter) {
        swaps.append(reading.dropLast(shorter.count) + longer)
      }
    }
    return swaps
  }

  /// The keypad digit of a lowercase ASCII letter (`abc` 2, `def` 3, `ghi` 4, `jkl` 5, `mno` 6,
  /// `pqrs` 7, `tuv` 8, `wxyz` 9); any other scalar as it is.
  static func keypadDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard ("a"..."z").contains(scalar) else { return scalar }
    let keys = Array("22233344455566677778889999".unicodeScalars)
    return keys[Int(scalar.value - 0x61)]
  }
}

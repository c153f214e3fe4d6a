import PinyinSearch

/// Queries spelled from a text, chosen by four bytes of fuzz input, so that many queries match:
/// the full pinyin or the initials of a few units, with any reading of each polyphone, the last
/// syllable possibly cut short, white space typed or left out, upper-cased or full-width.
///
///     Spelling.query(from: "刘亦菲", [0, 2, 0, 0])   // "liuyifei"
///     Spelling.query(from: "刘亦菲", [1, 1, 0, 1])   // "yf"
public enum Spelling {
  /// The query that `choice` picks from `text`; missing bytes count as zero.
  ///
  /// - Parameters:
  ///   - text: The text to spell.
  ///   - choice: The first unit (byte 0, modulo the unit count), how many units (byte 1, 1 to
  ///     6), which reading of each (byte 2, plus the unit's position, modulo its readings) and
  ///     flags (byte 3): 1 initials; 2 initials for the second half only; 4 cut the last
  ///     syllable after 1 + byte 2 modulo its length − 1 letters; 8 type white space as a
  ///     space; 16 upper-case; 32 make ASCII full-width.
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
      let reading = readings[(Int(choice[2]) + position) % readings.count]
      let isInitial = flags & 1 != 0 || (flags & 2 != 0 && position >= (end - start) / 2)
      pieces.append(isInitial ? String(reading.prefix(1)) : reading)
    }
    if flags & 4 != 0, let last = pieces.last, last.count > 1 {
      pieces[pieces.count - 1] = String(last.prefix(1 + Int(choice[2]) % (last.count - 1)))
    }
    var query = pieces.joined()
    if flags & 16 != 0 { query = query.uppercased() }
    if flags & 32 != 0 {
      query = String(
        String.UnicodeScalarView(
          query.unicodeScalars.map { (0x21...0x7E).contains($0.value) ? Unicode.Scalar($0.value + 0xFEE0)! : $0 }))
    }
    return query
  }
}

import PinyinSearch

/// The library's pinyin table written as PinIn4Cpp reads a dictionary (pinyin-data's
/// `pinyin.txt`: `U+5218: liu  # 刘`), so that PinIn knows the same readings of the same
/// characters as the engines it is compared with. The readings are toneless, `ü` as `v`, which
/// PinIn accepts as it accepts toned ones.
enum PinInDictionary {
  /// The Unicode blocks with Han characters: CJK Unified Ideographs and their extensions A to
  /// I, and the compatibility ideographs.
  static let ranges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF]

  /// The dictionary's text: a line for every character with a reading.
  static var text: String {
    var text = ""
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let readings = Pinyin.readings(of: Character(scalar))
        guard !readings.isEmpty else { continue }
        let hex = String(value, radix: 16, uppercase: true)
        text += "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex): "
        text += readings.joined(separator: ",") + "  # \(Character(scalar))\n"
      }
    }
    return text
  }
}

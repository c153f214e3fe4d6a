/// One character of a text with its pinyin readings.
public struct PinyinUnit: Sendable, Hashable {
  /// The character.
  public var character: Character
  /// Its readings, sorted; empty when the character is not Han.
  public var readings: [String]

  /// Whether the character has readings.
  public var isHan: Bool { !readings.isEmpty }
}

/// How a query matched a record; cases are declared best first.
///
/// Results are ordered by kind first: every literal match comes before every full-pinyin match,
/// those before every initials match, those before every mixed match (with
/// `SearchOptions.mixed`), and those before every keypad match (with `SearchOptions.keypad`).
///
///     MatchKind.literal < MatchKind.initials  // true
///
/// `Codable` as its name (`"literal"`, `"fullPinyin"`, …), as the batch protocol writes it.
public enum MatchKind: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  /// The query's characters appear in the text (`刘亦` in 刘亦菲, `1380013` in `138 0013 8000`).
  case literal
  /// The query spells the pinyin of consecutive characters, the last one possibly cut short
  /// (`liuyif` in 刘亦菲, `xian` in 西安).
  case fullPinyin
  /// The query is the initials of consecutive characters (`lyf` in 刘亦菲).
  case initials
  /// With `SearchOptions.mixed`: the query types each of consecutive characters as a beginning
  /// of one of its readings or as itself (`liuyf` and `刘yf` in 刘亦菲).
  case mixed
  /// With `SearchOptions.keypad`: the query's digits are a full-pinyin, initials (or, with
  /// `SearchOptions.mixed`, mixed) match typed on a phone's dial pad (`548` and `593` in 刘亦菲).
  case keypad

  /// The kind's place in the order of kinds: 0 for the best.
  var ordinal: UInt8 {
    switch self {
    case .literal: 0
    case .fullPinyin: 1
    case .initials: 2
    case .mixed: 3
    case .keypad: 4
    }
  }

  /// The kind in place `ordinal` of the order (0 to 4; a larger one is `keypad`).
  init(ordinal: UInt8) {
    switch ordinal {
    case 0: self = .literal
    case 1: self = .fullPinyin
    case 2: self = .initials
    case 3: self = .mixed
    default: self = .keypad
    }
  }

  /// Whether `lhs` is a better kind of match than `rhs`: literal, then full pinyin, then
  /// initials, then mixed, then keypad.
  public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool {
    lhs.ordinal < rhs.ordinal
  }
}

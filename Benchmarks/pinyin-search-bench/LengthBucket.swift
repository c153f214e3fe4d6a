/// The query lengths reported apart: one keystroke, a few, a syllable or two, a whole name.
enum LengthBucket: Int, CaseIterable, Comparable {
  case one
  case twoToThree
  case fourToSix
  case sevenOrMore

  /// The bucket of a query of `length` characters.
  init(length: Int) {
    switch length {
    case ...1: self = .one
    case 2...3: self = .twoToThree
    case 4...6: self = .fourToSix
    default: self = .sevenOrMore
    }
  }

  /// How the report names the bucket: `1`, `2–3`, `4–6`, `7+`.
  var label: String {
    switch self {
    case .one: "1"
    case .twoToThree: "2–3"
    case .fourToSix: "4–6"
    case .sevenOrMore: "7+"
    }
  }

  /// The bucket's name in JSON: `1`, `2-3`, `4-6`, `7+`.
  var key: String {
    switch self {
    case .one: "1"
    case .twoToThree: "2-3"
    case .fourToSix: "4-6"
    case .sevenOrMore: "7+"
    }
  }

  static func < (lhs: LengthBucket, rhs: LengthBucket) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The code of a reading under a keyboard scheme (Docs/Semantics.md, "keyboard"): the keys its
/// syllable is typed with, decoded once from the tables of `KeyboardCodes+Data.swift`.
///
///     KeyboardCodes.shared.code(of: "zhang", keyboard: .xiaohe)  // "vh"
///     KeyboardCodes.shared.code(of: "lv", keyboard: .zhuyin)     // "xm" (ㄌㄩ)
struct KeyboardCodes: Sendable {
  /// The tables, decoded on first use.
  static let shared = KeyboardCodes()

  /// The initials a reading may begin with; the longest it begins with is its initial.
  static let initials = [
    "zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h", "j", "q", "x", "r", "z", "c", "s", "y",
    "w",
  ]

  /// Per final, its key in each double-pinyin scheme (in `Keyboard.allCases` order).
  private let finalKeys: [String: [Character]]
  /// The Dachen keys of each initial's, final's and `y`/`w` syllable's bopomofo.
  private let zhuyinInitials: [String: String]
  private let zhuyinFinals: [String: String]
  private let zhuyinSyllablesInYW: [String: String]

  private init() {
    var finalKeys: [String: [Character]] = [:]
    let fields = Self.doublePinyinFinals.split(separator: " ")
    for index in stride(from: 0, to: fields.count - 1, by: 2) {
      finalKeys[String(fields[index])] = Array(fields[index + 1])
    }
    self.finalKeys = finalKeys
    var keys: [Character: Character] = [:]
    let dachen = Array(Self.dachenKeys)
    for index in stride(from: 0, to: dachen.count - 1, by: 2) { keys[dachen[index]] = dachen[index + 1] }
    func typed(_ table: String) -> [String: String] {
      var typed: [String: String] = [:]
      for entry in table.split(separator: " ") {
        let parts = entry.split(separator: "=")
        typed[String(parts[0])] = String(parts[1].map { keys[$0]! })
      }
      return typed
    }
    zhuyinInitials = typed(Self.zhuyinInitials)
    zhuyinFinals = typed(Self.zhuyinFinals)
    zhuyinSyllablesInYW = typed(Self.zhuyinSyllablesInYW)
  }

  /// `reading` (lowercase ASCII, `ü` as `v`) split into its initial and its final, after the
  /// vowel-less readings are replaced (`hm` → `hen`, `hng` → `heng`, `m` → `mu`, `n` and `ng`
  /// → `en`).
  static func split(_ reading: String) -> (initial: String, final: String) {
    let replaced =
      switch reading {
      case "hm": "hen"
      case "hng": "heng"
      case "m": "mu"
      case "n", "ng": "en"
      default: reading
      }
    let initial = initials.first { replaced.hasPrefix($0) } ?? ""
    return (initial, String(replaced.dropFirst(initial.count)))
  }

  /// The code of `reading` under `keyboard`, or nil when the scheme's tables have no key for
  /// its final (no reading of the pinyin table is such: a test checks every one).
  func code(of reading: String, keyboard: Keyboard) -> String? {
    let (initial, final) = Self.split(reading)
    if keyboard == .zhuyin { return zhuyinCode(initial: initial, final: final) }
    let scheme = Keyboard.allCases.firstIndex(of: keyboard)!
    guard let keys = finalKeys[final], keys[scheme] != "-" || initial.isEmpty else { return nil }
    let key = keys[scheme]
    guard initial.isEmpty else {
      let initialKey = ["zh": "v", "ch": "i", "sh": "u"][initial] ?? initial
      return initialKey + String(key)
    }
    if keyboard == .microsoft || keyboard == .sogou { return "o" + String(key) }
    switch final.count {
    case 1: return final + final
    case 2: return final
    default: return String(final.first!) + String(key)
    }
  }

  /// The Dachen keys of the bopomofo of the syllable `initial` + `final`.
  private func zhuyinCode(initial: String, final: String) -> String? {
    if initial == "y" || initial == "w" { return zhuyinSyllablesInYW[initial + final] }
    guard !initial.isEmpty else { return zhuyinFinals[final] }
    guard let initialKeys = zhuyinInitials[initial] else { return nil }
    // zhi chi shi ri zi ci si: the initial alone.
    if final == "i" && ["zh", "ch", "sh", "r", "z", "c", "s"].contains(initial) { return initialKeys }
    guard var finalKeys = zhuyinFinals[final] else { return nil }
    // After j q x a final written with u is read with ü: ㄨ (j) becomes ㄩ (m).
    if ["j", "q", "x"].contains(initial) && final.hasPrefix("u") {
      finalKeys = "m" + finalKeys.dropFirst()
    }
    return initialKeys + finalKeys
  }
}

extension Pinyin {
  /// The codes of `character` under `keyboard`: the code of each of its spellings (readings,
  /// then their fuzzy variants under `rules`), each once, in that order; empty when it is not
  /// a Han unit (Docs/Semantics.md, "keyboard").
  ///
  ///     Pinyin.codes(of: "刘", keyboard: .zhuyin)               // ["xu."]
  ///     Pinyin.codes(of: "安", keyboard: .microsoft)            // ["oj"]
  ///     Pinyin.codes(of: "张", keyboard: .xiaohe, fuzzy: .zZh)  // ["vh", "zh"]
  public static func codes(of character: Character, keyboard: Keyboard, fuzzy rules: FuzzyRules = []) -> [String] {
    var codes: [String] = []
    for spelling in spellings(of: character, fuzzy: rules) {
      if let code = KeyboardCodes.shared.code(of: spelling, keyboard: keyboard), !codes.contains(code) {
        codes.append(code)
      }
    }
    return codes
  }
}

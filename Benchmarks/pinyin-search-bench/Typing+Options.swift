import PinyinSearch

extension Typing {
  /// The full pinyin as a speaker who merges sounds types it (`MergedSounds`): the first reading
  /// of each Han character swapped where a swap applies, other characters lowercased; no white
  /// space.
  ///
  ///     Typing(of: "张三").mergedPinyin    // "zanshang"
  ///     Typing(of: "刘亦菲").mergedPinyin  // "niuyifei"
  var mergedPinyin: String {
    var typed = ""
    for character in text where !character.isWhitespace {
      typed += Pinyin.readings(of: character).first.map(MergedSounds.typed) ?? character.lowercased()
    }
    return typed
  }

  /// The full pinyin typed on a phone's keypad: the digits of its letters (`abc` → 2 … `wxyz`
  /// → 9) and its digits, up to the first character a keypad cannot type.
  ///
  ///     Typing(of: "刘亦菲").keypadPinyin        // "54894334"
  ///     Typing(of: "iPhone 15 手机").keypadPinyin  // "474663157468554"
  var keypadPinyin: String { Self.keypadDigits(of: fullPinyin) }

  /// The initials typed on a phone's keypad, as `keypadPinyin` types the full pinyin.
  ///
  ///     Typing(of: "刘亦菲").keypadInitials  // "593"
  var keypadInitials: String { Self.keypadDigits(of: initials) }

  /// The text with each character that has a traditional twin written as its twin
  /// (`TraditionalTwins`).
  ///
  ///     Typing(of: "刘德华").traditionalText  // "劉德華"
  var traditionalText: String { TraditionalTwins.text(of: text) }

  /// The keys of `typed` on a phone's dial pad (ITU E.161) up to its first character that is
  /// neither an ASCII lowercase letter nor a digit.
  static func keypadDigits(of typed: String) -> String {
    var digits = ""
    for scalar in typed.unicodeScalars {
      switch scalar {
      case "0"..."9": digits.unicodeScalars.append(scalar)
      case "a"..."z": digits += String(keypadKeys[Int(scalar.value - 0x61)])
      default: return digits
      }
    }
    return digits
  }

  /// The key of each letter `a` to `z`.
  static let keypadKeys = Array("22233344455566677778889999")
}

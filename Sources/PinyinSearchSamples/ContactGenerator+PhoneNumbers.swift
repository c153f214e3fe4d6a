extension ContactGenerator {
  /// A phone number as people type it: a mobile number plain (`13800138000`), grouped by spaces
  /// (`138 0013 8000`) or dashes (`138-0013-8000`), with the country code (`+86 138 0013 8000`,
  /// `+8613800138000`); a landline with its area code (`(010) 6552-8899`, `0755-88881234`,
  /// `0731 8456 7788`); or a service number (`400-820-8820`, `95588`).
  ///
  /// The text is built as UTF-8 bytes and decoded once.
  mutating func phoneNumber() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    let format = number(below: 100)
    switch format {
    case 0..<75:
      // 30 % plain, 17 % spaced, 13 % dashed, 12 % +86 spaced, 3 % +86 plain.
      let separator: UInt8? =
        switch format {
        case 30..<47, 60..<72: UInt8(ascii: " ")
        case 47..<60: UInt8(ascii: "-")
        default: nil
        }
      if format >= 60 { bytes.append(contentsOf: "+86".utf8) }
      if format >= 60, let separator { bytes.append(separator) }
      bytes.append(contentsOf: word(of: PhoneNumberPool.mobilePrefixes).utf8)
      if let separator { bytes.append(separator) }
      appendDigits(4, to: &bytes)
      if let separator { bytes.append(separator) }
      appendDigits(4, to: &bytes)
    case 75..<95:
      // A landline, a third each: (010) 6552-8899, 010-65528899, 0731 8456 7788.
      let areaCode = word(of: PhoneNumberPool.areaCodes)
      let style = number(below: 3)
      if style == 0 { bytes.append(UInt8(ascii: "(")) }
      bytes.append(contentsOf: areaCode.utf8)
      bytes.append(contentsOf: style == 0 ? ") ".utf8 : style == 1 ? "-".utf8 : " ".utf8)
      bytes.append(UInt8(ascii: "2") + UInt8(number(below: 7)))
      appendDigits(3, to: &bytes)
      if style != 1 { bytes.append(style == 0 ? UInt8(ascii: "-") : UInt8(ascii: " ")) }
      appendDigits(4, to: &bytes)
    default:
      if number(below: 2) == 0 {
        bytes.append(contentsOf: "400-".utf8)
        appendDigits(3, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(4, to: &bytes)
      } else {
        bytes.append(contentsOf: "95".utf8)
        appendDigits(3, to: &bytes)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `count` random ASCII digits to `bytes`.
  private mutating func appendDigits(_ count: Int, to bytes: inout [UInt8]) {
    for _ in 0..<count {
      bytes.append(UInt8(ascii: "0") + UInt8(number(below: 10)))
    }
  }
}

/// The word pools of phone numbers.
private enum PhoneNumberPool {
  /// The first three digits of mainland Chinese mobile numbers.
  static let mobilePrefixes = WordPool(
    """
    130 131 132 133 134 135 136 137 138 139 150 151 152 153 155 156 157 158 159 166 170 176 177 178 180 181 182 183
    184 185 186 187 188 189 191 198 199
    """
  )

  /// Area codes of mainland Chinese landlines: Beijing 010, Shanghai 021, Chongqing 023, Shenzhen 0755, ….
  static let areaCodes = WordPool("010 020 021 022 023 024 025 027 028 029 0755 0571 0731 0512 0592 0532 0871 0898")
}

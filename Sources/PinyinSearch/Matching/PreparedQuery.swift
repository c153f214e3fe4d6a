/// A query trimmed and folded once, in the three forms the match kinds compare against.
struct PreparedQuery: Sendable {
  /// The folded units of the trimmed query, white space kept: what a literal match compares.
  let literal: PreparedText
  /// The folded bytes of the non-white-space units: what the two pinyin kinds spell.
  let pinyin: [UInt8]
  /// The query's digits when it is made of digits and separators only (the phone rule), else empty.
  let phoneDigits: [UInt8]
  /// The border table of the literal query's units, for the linear literal search.
  let literalBorders: [Int32]
  /// The border table of `phoneDigits`, for the linear phone search.
  let phoneBorders: [Int32]

  /// Prepares `query`, or returns nil when nothing is left after trimming white space.
  init?(_ query: String) {
    var trimmed = Substring(query)
    while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    guard !trimmed.isEmpty else { return nil }
    literal = PreparedText(String(trimmed))

    var pinyin: [UInt8] = []
    var digits: [UInt8] = []
    var isPhone = true
    var start = 0
    for unit in literal.units {
      let end = Int(unit.end)
      if !unit.flags.contains(.whitespace) {
        pinyin.append(contentsOf: literal.bytes[start..<end])
      }
      if unit.flags.contains(.digit) {
        digits.append(literal.bytes[start])
      } else if !unit.flags.contains(.separator) {
        isPhone = false
      }
      start = end
    }
    self.pinyin = pinyin
    self.phoneDigits = isPhone ? digits : []
    let literal = self.literal
    literalBorders = Borders.of(count: literal.units.count) { literal.unitsEqual($0, $1) }
    let phoneDigits = self.phoneDigits
    phoneBorders = Borders.of(count: phoneDigits.count) { phoneDigits[$0] == phoneDigits[$1] }
  }
}

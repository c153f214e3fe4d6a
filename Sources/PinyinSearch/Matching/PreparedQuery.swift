/// A query trimmed and folded once, in the forms the match kinds compare against.
struct PreparedQuery: Sendable {
  /// The options the query is matched under.
  let options: SearchOptions
  /// The folded units of the trimmed query, white space kept: what a literal match compares.
  /// With `SearchOptions.traditional`, each scalar is simplified (`SimplifiedFolding`).
  let literal: PreparedText
  /// The folded bytes of the non-white-space units, as typed: what the pinyin kinds spell.
  let pinyin: [UInt8]
  /// `pinyin` with each scalar simplified when `SearchOptions.traditional` is on, else `pinyin`:
  /// the form an index files keys under (records' keys are simplified the same way).
  let canonicalPinyin: [UInt8]
  /// Whether `pinyin` is ASCII digits only: with `SearchOptions.keypad`, a query typed on a dial
  /// pad; and a query whose matches of the pinyin kinds are all literal ones.
  let isDigits: Bool
  /// The query's digits when it is made of digits and separators only (the phone rule), else empty.
  let phoneDigits: [UInt8]
  /// The border table of the literal query's units, for the linear literal search.
  let literalBorders: [Int32]
  /// The border table of `phoneDigits`, for the linear phone search.
  let phoneBorders: [Int32]

  /// Prepares `query` for `options`, or returns nil when nothing is left after trimming white space.
  init?(_ query: String, options: SearchOptions = .default) {
    self.options = options
    // Trimming drops the white-space units at both ends: the units between are those of the
    // trimmed string, since no grapheme cluster rule reaches across a white-space character.
    let whole = PreparedText(query)
    guard let first = whole.units.firstIndex(where: { !$0.flags.contains(.whitespace) }) else { return nil }
    let last = whole.units.lastIndex { !$0.flags.contains(.whitespace) }!
    let literal: PreparedText
    if first == 0 && last == whole.units.count - 1 {
      literal = whole
    } else {
      let byteStart = first == 0 ? 0 : whole.units[first - 1].end
      var trimmed = PreparedText("")
      trimmed.bytes = Array(whole.bytes[Int(byteStart)..<Int(whole.units[last].end)])
      trimmed.units = whole.units[first...last].map {
        PreparedUnit(end: $0.end - byteStart, readingSet: $0.readingSet, flags: $0.flags)
      }
      literal = trimmed
    }

    // The pinyin form is the literal one without its white space: most often the same bytes.
    var pinyin: [UInt8] = []
    var digits: [UInt8] = []
    var isPhone = true
    var hasWhitespace = false
    var start = 0
    for unit in literal.units {
      if unit.flags.contains(.whitespace) { hasWhitespace = true }
      if unit.flags.contains(.digit) {
        digits.append(literal.bytes[start])
      } else if !unit.flags.contains(.separator) {
        isPhone = false
      }
      start = Int(unit.end)
    }
    if hasWhitespace {
      pinyin.reserveCapacity(literal.bytes.count)
      start = 0
      for unit in literal.units {
        if !unit.flags.contains(.whitespace) {
          for index in start..<Int(unit.end) { pinyin.append(literal.bytes[index]) }
        }
        start = Int(unit.end)
      }
    } else {
      pinyin = literal.bytes
    }
    self.pinyin = pinyin
    isDigits = pinyin.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    self.phoneDigits = isPhone ? digits : []
    if options.traditional {
      let folding = SimplifiedFolding.shared
      self.literal = literal.foldedToSimplified(folding)
      var canonical: [UInt8] = []
      canonical.reserveCapacity(pinyin.count)
      folding.appendSimplified(pinyin, to: &canonical)
      canonicalPinyin = canonical
    } else {
      self.literal = literal
      canonicalPinyin = pinyin
    }
    let folded = self.literal
    literalBorders = Borders.of(count: folded.units.count) { folded.unitsEqual($0, $1) }
    let phoneDigits = self.phoneDigits
    phoneBorders = Borders.of(count: phoneDigits.count) { phoneDigits[$0] == phoneDigits[$1] }
  }
}

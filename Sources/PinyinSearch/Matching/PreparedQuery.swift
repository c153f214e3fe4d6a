/// A query trimmed and folded once, in the forms the match kinds compare against.
struct PreparedQuery: Sendable {
  /// The options the query is matched under.
  let options: SearchOptions
  /// The folded units of the trimmed query, white space kept: what a literal match compares.
  /// With `SearchOptions.traditional`, each scalar is simplified (`SimplifiedFolding`).
  let literal: PreparedText
  /// The folded bytes of the units that are neither white space nor apostrophes, as typed: what
  /// the pinyin kinds spell.
  let pinyin: [UInt8]
  /// Whether the query has an apostrophe unit (`'` or `’`, a syllable separator): its pinyin kinds
  /// keep to where they stood (Docs/Semantics.md, "Syllable separators"; `markSeparators(of:pinyin:in:)`).
  let hasApostrophe: Bool
  /// `pinyin` with each scalar simplified when `SearchOptions.traditional` is on, else `pinyin`:
  /// the form an index files keys under (records' keys are simplified the same way).
  let canonicalPinyin: [UInt8]
  /// Whether `pinyin` is ASCII digits only: with `SearchOptions.keypad`, a query typed on a dial
  /// pad; and a query whose matches of the pinyin kinds are all literal ones.
  let isDigits: Bool
  /// The query's digits when it is made of digits and separators only (the phone rule), else empty.
  let phoneDigits: [UInt8]
  /// Prepares `query` for `options`, or returns nil when nothing is left after trimming white space.
  init?(_ query: String, options: SearchOptions = .default) {
    var storage = Storage()
    self.init(query, options: options, reusing: &storage)
  }

  /// Prepares `query` for `options` in arrays taken from `storage` (give them back with
  /// `Storage.reclaim(_:)`), or returns nil when nothing is left after trimming white space.
  ///
  /// - Complexity: O(q) for a query of q bytes; no allocation when the scratch's arrays have
  ///   room (and `SearchOptions.traditional` is off).
  init?(_ query: String, options: SearchOptions, reusing storage: inout Storage) {
    guard let literal = Self.trimmedText(of: query, reusing: &storage) else { return nil }
    self.options = options
    let pinyin = Self.pinyinForm(of: literal, reusing: &storage)
    self.pinyin = pinyin
    hasApostrophe = literal.units.contains { $0.flags.contains(.apostrophe) }
    // A query of apostrophes alone has no pinyin form: it is not typed on a dial pad.
    isDigits = !pinyin.isEmpty && pinyin.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    phoneDigits = Self.phoneDigits(of: literal, reusing: &storage)
    // Folding changes only a query with a character that has a simplified twin: most queries
    // (letters, digits, simplified characters) are kept as they are, without copies.
    let folding: SimplifiedFolding? = options.traditional ? .shared : nil
    if let folding, literal.bytes.withUnsafeBufferPointer({ folding.hasVariants(in: $0) }) {
      self.literal = literal.foldedToSimplified(folding)
      var canonical: [UInt8] = []
      canonical.reserveCapacity(pinyin.count)
      pinyin.withUnsafeBufferPointer { folding.appendSimplified($0, to: &canonical) }
      canonicalPinyin = canonical
    } else {
      self.literal = literal
      canonicalPinyin = pinyin
    }
  }

  /// This query with its literal and pinyin forms simplified as an index built with
  /// `SearchOptions.traditional` files its keys, for a search without that option on such an
  /// index: the matcher compares the query as typed, the lookups need it as the keys are filed.
  /// The query itself when no character of it has a simplified twin.
  func simplifiedForLookup() -> PreparedQuery {
    let folding = SimplifiedFolding.shared
    guard literal.bytes.withUnsafeBufferPointer({ folding.hasVariants(in: $0) }) else { return self }
    var canonical: [UInt8] = []
    canonical.reserveCapacity(pinyin.count)
    pinyin.withUnsafeBufferPointer { folding.appendSimplified($0, to: &canonical) }
    return PreparedQuery(
      options: options, literal: literal.foldedToSimplified(folding), pinyin: pinyin, canonicalPinyin: canonical,
      isDigits: isDigits, phoneDigits: phoneDigits, hasApostrophe: hasApostrophe)
  }

  private init(
    options: SearchOptions, literal: PreparedText, pinyin: [UInt8], canonicalPinyin: [UInt8], isDigits: Bool,
    phoneDigits: [UInt8], hasApostrophe: Bool
  ) {
    self.options = options
    self.literal = literal
    self.pinyin = pinyin
    self.hasApostrophe = hasApostrophe
    self.canonicalPinyin = canonicalPinyin
    self.isDigits = isDigits
    self.phoneDigits = phoneDigits
  }

  /// `query` folded and trimmed of white space at both ends, in arrays taken from `storage`;
  /// nil, with the arrays given back, when nothing is left.
  private static func trimmedText(of query: String, reusing storage: inout Storage) -> PreparedText? {
    var bytes = storage.bytes.takeEmptied()
    var units = storage.units.takeEmptied()
    bytes.reserveCapacity(query.utf8.count)
    units.reserveCapacity(query.utf8.count)
    PreparedText.append(query, bytes: &bytes, units: &units)
    // Trimming drops the white-space units at both ends: the units between are those of the
    // trimmed string, since no grapheme cluster rule reaches across a white-space character.
    guard let first = units.firstIndex(where: { !$0.flags.contains(.whitespace) }) else {
      storage.bytes = bytes
      storage.units = units
      return nil
    }
    let last = units.lastIndex { !$0.flags.contains(.whitespace) }!
    if first != 0 || last != units.count - 1 {
      let byteStart = first == 0 ? 0 : units[first - 1].end
      bytes.removeSubrange(Int(units[last].end)...)
      bytes.removeSubrange(..<Int(byteStart))
      units.removeSubrange((last + 1)...)
      units.removeSubrange(..<first)
      for index in units.indices { units[index].end -= byteStart }
    }
    return PreparedText(bytes: bytes, units: units)
  }

  /// The bytes of `literal`'s units that are neither white space nor apostrophes: `literal`'s
  /// own bytes when it has neither (most queries), else an array taken from `storage`.
  private static func pinyinForm(of literal: PreparedText, reusing storage: inout Storage) -> [UInt8] {
    guard literal.units.contains(where: { $0.isTransparent }) else { return literal.bytes }
    var pinyin = storage.pinyin.takeEmptied()
    pinyin.reserveCapacity(literal.bytes.count)
    var start = 0
    for unit in literal.units {
      if !unit.isTransparent {
        for index in start..<Int(unit.end) { pinyin.append(literal.bytes[index]) }
      }
      start = Int(unit.end)
    }
    return pinyin
  }

  /// Sets `flags[p]` to 1 (one more flag than `pinyin` has bytes, cleared) for each position `p` of
  /// `pinyin`, the query's pinyin form as typed, where an apostrophe unit of `literal` stood: no
  /// piece of a pinyin match may hold one strictly inside it (those at the ends, and repeats,
  /// add no condition). `literal` may be simplified (`SearchOptions.traditional`), which keeps
  /// the number of scalars of each unit but not always their bytes: positions are counted in
  /// scalars and found in `pinyin`.
  static func markSeparators(
    of literal: PreparedText, pinyin: UnsafeBufferPointer<UInt8>, in flags: UnsafeMutableBufferPointer<Int32>
  ) {
    var position = 0
    var start = 0
    for unit in literal.units {
      let end = Int(unit.end)
      if unit.flags.contains(.apostrophe) {
        flags[position] = 1
      } else if !unit.flags.contains(.whitespace) {
        for index in start..<end where literal.bytes[index] & 0xC0 != 0x80 {
          position += UTF8Scalar.length(leadingWith: pinyin[position])
        }
      }
      start = end
    }
  }

  /// The digits of `literal` when it is made of digits and separators only (the phone rule),
  /// else empty; in an array taken from `storage`.
  private static func phoneDigits(of literal: PreparedText, reusing storage: inout Storage) -> [UInt8] {
    var digits = storage.digits.takeEmptied()
    var start = 0
    for unit in literal.units {
      if unit.flags.contains(.digit) {
        digits.append(literal.bytes[start])
      } else if !unit.flags.contains(.separator) {
        digits.removeAll(keepingCapacity: true)
        return digits
      }
      start = Int(unit.end)
    }
    return digits
  }
}

/// A text as the matcher reads it: its units' folded UTF-8 bytes, and for each unit where its
/// bytes end, its reading set and its class. Computed once per record when it is added.
///
/// Records keep these in the flat arrays of a `RecordStore`; a query is prepared the same way.
struct PreparedText: Hashable, Sendable {
  /// The folded UTF-8 bytes of every unit, in order.
  var bytes: [UInt8] = []
  /// One entry per unit (`Character`) of the text.
  var units: [PreparedUnit] = []

  /// Prepares `text`.
  init(_ text: String) {
    Self.append(text, bytes: &bytes, units: &units)
  }

  /// Appends the preparation of `text` to flat storage; unit ends count from the first byte appended.
  static func append(_ text: String, bytes: inout [UInt8], units: inout [PreparedUnit]) {
    let table = PinyinTable.shared
    let base = bytes.count
    for character in text {
      let start = bytes.count
      UnitFolding.appendFolded(character, to: &bytes)
      var flags: PreparedUnit.Flags = []
      if character.isWhitespace {
        flags = [.whitespace, .separator]
      } else if bytes.count == start + 1 {
        switch bytes[start] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          flags = .digit
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"),
          UInt8(ascii: "/"), UInt8(ascii: "+"):
          flags = .separator
        default:
          break
        }
      }
      units.append(
        PreparedUnit(end: UInt32(bytes.count - base), readingSet: readingSet(of: character, in: table), flags: flags))
    }
  }

  /// The reading set of a Han unit: its first scalar's, when every further scalar is a
  /// variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF); otherwise 0.
  @inline(__always)
  static func readingSet(of character: Character, in table: PinyinTable) -> UInt16 {
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    let set = table.readingSet(of: first.value)
    guard set != 0 else { return 0 }
    while let scalar = scalars.next() {
      guard (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value) else {
        return 0
      }
    }
    return set
  }
}

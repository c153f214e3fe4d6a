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
        PreparedUnit(end: UInt32(bytes.count - base), readingSet: table.readingSet(of: character), flags: flags))
    }
  }

  /// Whether units `first` and `second` of this text have the same folded bytes.
  func unitsEqual(_ first: Int, _ second: Int) -> Bool {
    func range(_ unit: Int) -> Range<Int> { (unit == 0 ? 0 : Int(units[unit - 1].end))..<Int(units[unit].end) }
    return bytes[range(first)].elementsEqual(bytes[range(second)])
  }
}

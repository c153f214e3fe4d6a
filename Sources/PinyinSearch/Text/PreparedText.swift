/// A text as the matcher reads it: its units' folded UTF-8 bytes, and for each unit where its
/// bytes end, its reading set and its class. Computed once per record when it is added.
///
/// Records keep these in the flat arrays of a `RecordStore`; a query is prepared the same way.
/// Where prepared bytes are appended: an array, or a store's column (`FlatArray`).
protocol PreparedBytes: RangeReplaceableCollection<UInt8>, RandomAccessCollection where Index == Int {}

extension Array: PreparedBytes where Element == UInt8 {}
extension FlatArray: PreparedBytes where Element == UInt8 {}

struct PreparedText: Hashable, Sendable {
  /// The folded UTF-8 bytes of every unit, in order.
  var bytes: [UInt8] = []
  /// One entry per unit (`Character`) of the text.
  var units: [PreparedUnit] = []

  /// The prepared text of `bytes` and `units`, made by `append(_:bytes:units:)`.
  init(bytes: [UInt8], units: [PreparedUnit]) {
    self.bytes = bytes
    self.units = units
  }

  /// Prepares `text`.
  init(_ text: String) {
    // At most one unit and, folded, rarely more bytes than the text has: one allocation each.
    bytes.reserveCapacity(text.utf8.count)
    units.reserveCapacity(text.utf8.count)
    Self.append(text, bytes: &bytes, units: &units)
  }

  /// Appends the preparation of `text` to flat storage; unit ends count from the first byte appended.
  ///
  /// Units are `Character`s, but finding grapheme clusters costs more than the rest of the
  /// preparation: a scalar that is ASCII (but CR) or a common Han ideograph, followed by another
  /// such scalar or the end, is a unit by itself (no rule of Unicode's grapheme cluster
  /// boundaries joins two of them), so those are read straight from the UTF-8 bytes, and the
  /// `Character` is formed only around any other scalar.
  static func append<Bytes: PreparedBytes, Units: RangeReplaceableCollection<PreparedUnit>>(
    _ text: String, bytes: inout Bytes, units: inout Units
  ) {
    let base = bytes.count
    let isDone = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      let table = PinyinTable.shared
      var index = 0
      var scalar = simpleScalar(in: utf8, at: 0)
      while index < utf8.count {
        if let value = scalar {
          let next = index + (value < 0x80 ? 1 : 3)
          let following = simpleScalar(in: utf8, at: next)
          if following != nil || next == utf8.count {
            appendUnit(scalar: value, table: table, base: base, bytes: &bytes, units: &units)
            index = next
            scalar = following
            continue
          }
        }
        let character = text[text.utf8.index(text.utf8.startIndex, offsetBy: index)]
        appendUnit(character, table: table, base: base, bytes: &bytes, units: &units)
        index += character.utf8.count
        scalar = simpleScalar(in: utf8, at: index)
      }
      return true
    }
    if isDone == nil { appendCharacters(text, bytes: &bytes, units: &units) }
  }

  /// Appends the preparation of `text` one `Character` at a time: what `append(_:bytes:units:)`
  /// does for a string without contiguous UTF-8 storage, and the reference its tests compare with.
  static func appendCharacters<Bytes: PreparedBytes, Units: RangeReplaceableCollection<PreparedUnit>>(
    _ text: String, bytes: inout Bytes, units: inout Units
  ) {
    let table = PinyinTable.shared
    let base = bytes.count
    for character in text { appendUnit(character, table: table, base: base, bytes: &bytes, units: &units) }
  }

  /// The scalar at `index` of `utf8` when it is one that `append` reads as a unit of its own
  /// (ASCII but CR, or a Han ideograph of U+3400–U+4DBF or U+4E00–U+9FFF); nil for any other or
  /// at the end.
  @inline(__always)
  private static func simpleScalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
    guard index < utf8.count else { return nil }
    let lead = utf8[index]
    if lead < 0x80 { return lead == 0x0D ? nil : UInt32(lead) }
    // U+3400–U+9FFF are E3 90 80 through E9 BF BF.
    guard lead >= 0xE3 && lead <= 0xE9 && index + 2 < utf8.count else { return nil }
    let (second, third) = (utf8[index + 1], utf8[index + 2])
    guard second & 0xC0 == 0x80 && third & 0xC0 == 0x80 else { return nil }
    let value = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
    return (0x3400...0x4DBF).contains(value) || value >= 0x4E00 ? value : nil
  }

  /// Appends the unit of one scalar that `simpleScalar(in:at:)` returned: folded, the same as
  /// `appendUnit(_:table:base:bytes:units:)` makes of it as a `Character`.
  @inline(__always)
  private static func appendUnit<Bytes: PreparedBytes, Units: RangeReplaceableCollection<PreparedUnit>>(
    scalar: UInt32, table: PinyinTable, base: Int, bytes: inout Bytes, units: inout Units
  ) {
    var flags: PreparedUnit.Flags = []
    if scalar < 0x80 {
      let byte = UInt8(scalar)
      let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
      bytes.append(folded)
      flags = byte == 0x20 || (0x09...0x0C).contains(byte) ? [.whitespace, .separator] : unitClass(ofByte: folded)
    } else {
      bytes.append(0xE0 | UInt8(scalar >> 12))
      bytes.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      bytes.append(0x80 | UInt8(scalar & 0x3F))
    }
    units.append(PreparedUnit(end: UInt32(bytes.count - base), readingSet: table.readingSet(of: scalar), flags: flags))
  }

  /// Appends the unit of `character`, whose folded bytes start at `bytes.count`.
  private static func appendUnit<Bytes: PreparedBytes, Units: RangeReplaceableCollection<PreparedUnit>>(
    _ character: Character, table: PinyinTable, base: Int, bytes: inout Bytes, units: inout Units
  ) {
    let start = bytes.count
    UnitFolding.appendFolded(character, to: &bytes)
    var flags: PreparedUnit.Flags = []
    if character.isWhitespace {
      flags = [.whitespace, .separator]
    } else if bytes.count == start + 1 {
      flags = unitClass(ofByte: bytes[start])
    } else if bytes.count == start + 3 && bytes[start] == 0xE2 && bytes[start + 1] == 0x80 && bytes[start + 2] == 0x99 {
      flags = .apostrophe  // U+2019, the apostrophe of smart punctuation
    }
    units.append(
      PreparedUnit(end: UInt32(bytes.count - base), readingSet: table.readingSet(of: character), flags: flags))
  }

  /// The class of a unit folded to the one byte `byte` that is not white space: a digit, a
  /// separator of the phone rule, an apostrophe, or none.
  @inline(__always)
  private static func unitClass(ofByte byte: UInt8) -> PreparedUnit.Flags {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .digit
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "/"),
      UInt8(ascii: "+"):
      return .separator
    case UInt8(ascii: "'"):
      return .apostrophe
    default:
      return []
    }
  }

  /// Whether units `first` and `second` of this text have the same folded bytes.
  func unitsEqual(_ first: Int, _ second: Int) -> Bool {
    func range(_ unit: Int) -> Range<Int> { (unit == 0 ? 0 : Int(units[unit - 1].end))..<Int(units[unit].end) }
    return bytes[range(first)].elementsEqual(bytes[range(second)])
  }
}
